// What one run's memory holds: results its stages share. A result only a watch session asks for again
// (a tool's laid-out registry entry, its key rows) is made and let go within a run: held to the end
// of a one-shot `generate`, such results were ~20 MB of the peak at 20,000 tools.
import { describe, expect, it } from 'vitest';
import { generate } from '../../plugin/generate';
import {
  derivedPer,
  runInOneMemory,
  runWithMemory,
  SessionMemory,
} from '../../plugin/session-memory';
import { REPO } from '../support/paths';

/** The kinds of result a run of the default catalog asks for more than once (so it holds them). */
const SHARED_WITHIN_A_RUN = [
  'i18n entries',
  'locale document layout',
  'policy tables of a model',
  'policy.md offer row cells of a tool',
  'registry literals',
  'vocabulary names',
  'what checks across tools read',
];

describe("a run's memory", () => {
  it('makes a watch-only result again within a run, and a session keeps it', () => {
    let made = 0;
    const lengthOf = derivedPer('test length', (s: { text: string }) => ++made && s.text.length, {
      watchOnly: true,
    });
    const key = { text: 'abc' };
    runInOneMemory(() => [lengthOf(key), lengthOf(key)]);
    expect(made).toBe(2);
    const session = new SessionMemory(true);
    runWithMemory(session, () => [lengthOf(key), lengthOf(key)]);
    expect(made).toBe(3);
    expect(session.heldSlots()).toEqual(['test length']);
  });

  it('keeps a shared result within a run', () => {
    let made = 0;
    const lengthOf = derivedPer(
      'test shared length',
      (s: { text: string }) => ++made && s.text.length,
    );
    const key = { text: 'abc' };
    const memory = new SessionMemory(false);
    runWithMemory(memory, () => [lengthOf(key), lengthOf(key)]);
    expect(made).toBe(1);
    expect(memory.heldSlots()).toEqual(['test shared length']);
  });

  it('holds, after a generate of the default catalog, only what its stages shared', async () => {
    const memory = new SessionMemory(false);
    const result = await runWithMemory(memory, () => generate({ cwd: REPO, readOnly: true }));
    expect(result.diagnostics).toEqual([]);
    // A new kind of kept result lands here: shared within a run, or `watchOnly` (see session-memory.ts).
    expect(memory.heldSlots().sort()).toEqual(SHARED_WITHIN_A_RUN);
  });
});
