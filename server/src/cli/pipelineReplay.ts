// `npm run pipeline:replay`: every shop's pipeline statuses worked out again from its visits (services/pipeline/replay.ts,
// decision 066), as the first start after the pipeline's migration does. With PostgreSQL it runs beside the servers;
// with the embedded database it needs the server stopped.
import { loadConfig } from '../config.js';
import { replayPipeline } from '../services/pipeline/replay.js';
import { texts } from '../texts.js';
import { withCommandDatabase, type Out } from './commandDatabase.js';

export async function runPipelineReplayCommand(out: Out = console.log, env: NodeJS.ProcessEnv = process.env): Promise<number> {
  return withCommandDatabase(loadConfig(env), out, async ({ db }) => {
    const started = performance.now();
    const { shops, visits } = await replayPipeline(db);
    out(texts.pipelineCommand.done(shops, visits, (performance.now() - started) / 1000));
    return 0;
  });
}

if (import.meta.url === `file://${process.argv[1]}`) process.exitCode = await runPipelineReplayCommand();
