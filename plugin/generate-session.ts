// A long-lived `generateAndWrite` for watch mode (bundler plugins, `generate --watch`, benchmarks):
// each run goes through the very same core, but keeps what the last run computed, so an edit
// re-evaluates only the files it touched.
import { generateAndWrite, type GenerateAndWriteOptions, type GenerateAndWriteResult } from './generate.js';
import { createProjectCache } from './project/load-project.js';
import { RenderMemory } from './render/render-memory.js';
import { OutputMemory } from './write/output-memory.js';

export interface GenerateSession {
  /** What `generateAndWrite(options)` returns, byte for byte; only faster on the second run on. */
  run(): Promise<GenerateAndWriteResult>;
  /** Ends the session; it must not run afterwards. */
  dispose(): Promise<void>;
}

export function createGenerateSession(options: GenerateAndWriteOptions): GenerateSession {
  const cache = createProjectCache();
  const memory = new OutputMemory();
  const rendered = new RenderMemory();
  let queue: Promise<unknown> = Promise.resolve();
  let disposed = false;
  return {
    run() {
      if (disposed) return Promise.reject(new Error('agent-tool-catalog: this generate session was disposed'));
      // Runs one at a time: each run starts from what the previous one kept.
      const next = queue.then(() => generateAndWrite({ ...options, cache, memory, rendered }));
      queue = next.catch(() => undefined);
      return next;
    },
    async dispose() {
      disposed = true;
      await queue;
      await cache.evaluation.dispose();
    },
  };
}
