// The entry of a file-work thread (docs/decisions/041-file-work-off-the-loop.md): the server's sources are TypeScript,
// run by tsx; a worker thread starts without the main thread's loader, so it registers tsx itself, then loads the tasks.
import { register } from 'tsx/esm/api';

register();
const { runFileTask } = await import('./fileTasks.ts');
export default runFileTask;
