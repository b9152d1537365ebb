// The entry of a file-work child process (docs/decisions/041-file-work-off-the-loop.md): the server's sources are
// TypeScript, run by tsx; the child starts without the server's loader, so it registers tsx itself, loads the tasks and
// takes one task at a time from the server. It ends with the server (its IPC channel closing).
import { register } from 'tsx/esm/api';

register();
const { serveFileTasks } = await import('./fileTasks.ts');
serveFileTasks();
