// While the evaluation process waits for a request it makes the context the next one will run in,
// and while the generator waits for an answer it does the run's other registered work. Neither may
// change what a request sees: a context made ahead is new when taken (nothing a request left in its
// context reaches the next), and the generator's work runs once, before the answer is read.
import { describe, expect, it } from 'vitest';
import { EvaluationProcess } from '../../plugin/load/evaluation-process';
import { doWhileWaiting, runInOneMemory } from '../../plugin/session-memory';

const request = (code: string) => ({
  compiled: [{ file: '/app/entry.js', hash: code, code, imports: {}, requires: [] }],
  entries: ['/app/entry.js'],
  modules: [],
  timeoutMs: 10_000,
});
/** A module that reports what an earlier module left on the global object, then leaves its own mark. */
const LEAVES_A_MARK = `Object.defineProperty(__vite_ssr_exports__, 'found', { enumerable: true, value: typeof globalThis.leftBehind });
globalThis.leftBehind = 1;`;
const found = (outcome: Awaited<ReturnType<EvaluationProcess['evaluate']>>) =>
  outcome.kind === 'result' ? JSON.parse(outcome.json).exports[0].data.found : outcome.kind;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the evaluation process between requests', () => {
  it('runs each request in a new context, whether it was made ahead or at the request', async () => {
    const evaluator = new EvaluationProcess({ keepWarm: false });
    try {
      // Asked at once (the first context made at the request or ahead), then after pauses (made ahead).
      const seen = [found(await evaluator.evaluate(request(LEAVES_A_MARK)))];
      seen.push(found(await evaluator.evaluate(request(LEAVES_A_MARK))));
      for (let i = 0; i < 3; i++) {
        await pause(100);
        seen.push(found(await evaluator.evaluate(request(LEAVES_A_MARK))));
      }
      expect(seen).toEqual(['undefined', 'undefined', 'undefined', 'undefined', 'undefined']);
      expect(evaluator.started).toBe(1);
    } finally {
      await evaluator.dispose();
    }
  });
});

describe("the generator's work while it waits for an answer", () => {
  it('runs once, after the request is sent and before the answer is read; a failing task changes nothing', async () => {
    const evaluator = new EvaluationProcess({ keepWarm: false });
    const order: string[] = [];
    try {
      await runInOneMemory(async () => {
        doWhileWaiting(() => order.push('work'));
        doWhileWaiting(() => {
          throw new Error('done again where it is needed');
        });
        order.push('ask');
        const first = evaluator.evaluate(request(LEAVES_A_MARK)).then((o) => {
          order.push('answer');
          return o;
        });
        expect(found(await first)).toBe('undefined');
        await evaluator.evaluate(request(LEAVES_A_MARK));
      });
      expect(order).toEqual(['ask', 'work', 'answer']);
      // Outside a run nothing is registered: the caller does its own work when it needs it.
      doWhileWaiting(() => order.push('outside'));
      await evaluator.evaluate(request(LEAVES_A_MARK));
      expect(order).toEqual(['ask', 'work', 'answer']);
    } finally {
      await evaluator.dispose();
    }
  });
});
