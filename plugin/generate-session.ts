// A long-lived `generateAndWrite` for watch mode (bundler plugins, benchmarks): each run goes
// through the very same core, but keeps esbuild's incremental contexts for config and catalogs.
import { generateAndWrite, type GenerateAndWriteOptions, type GenerateAndWriteResult } from './generate.js';
import { IncrementalBuilds, incrementalBuildSession } from './load/incremental-builds.js';

export interface GenerateSession {
  /** What `generateAndWrite(options)` returns, byte for byte; only faster on the second run on. */
  run(): Promise<GenerateAndWriteResult>;
  /** Stops the kept esbuild contexts; the session must not run afterwards. */
  dispose(): Promise<void>;
}

export function createGenerateSession(options: GenerateAndWriteOptions): GenerateSession {
  const builds = new IncrementalBuilds();
  let queue: Promise<unknown> = Promise.resolve();
  let disposed = false;
  return {
    run() {
      if (disposed) return Promise.reject(new Error('agent-tool-catalog: this generate session was disposed'));
      // Runs one at a time: the sweep after a run must not drop a context another run is using.
      const next = queue.then(async () => {
        const result = await incrementalBuildSession.run(builds, () => generateAndWrite(options));
        await builds.sweep();
        return result;
      });
      queue = next.catch(() => undefined);
      return next;
    },
    async dispose() {
      disposed = true;
      await queue;
      await builds.dispose();
    },
  };
}
