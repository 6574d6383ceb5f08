// A long-lived `generateAndWrite` for watch mode (bundler plugins, `generate --watch`, benchmarks):
// each run goes through the very same core inside the session's memory (`session-memory.ts`), so an
// edit re-evaluates, re-validates and re-renders only what it touched.
import { generateAndWrite, type GenerateAndWriteOptions, type GenerateAndWriteResult } from './generate.js';
import { runWithMemory, SessionMemory } from './session-memory.js';

export interface GenerateSession {
  /** What `generateAndWrite(options)` returns, byte for byte; only faster on the second run on. */
  run(): Promise<GenerateAndWriteResult>;
  /** Ends the session; it must not run afterwards. */
  dispose(): Promise<void>;
}

export function createGenerateSession(options: GenerateAndWriteOptions): GenerateSession {
  const memory = new SessionMemory(true);
  let queue: Promise<unknown> = Promise.resolve();
  let disposed = false;
  return {
    run() {
      if (disposed) return Promise.reject(new Error('agent-tool-catalog: this generate session was disposed'));
      // Runs one at a time: each run starts from what the previous one kept.
      const next = queue.then(() => runWithMemory(memory, () => generateAndWrite(options)));
      queue = next.catch(() => undefined);
      return next;
    },
    async dispose() {
      disposed = true;
      await queue;
    },
  };
}
