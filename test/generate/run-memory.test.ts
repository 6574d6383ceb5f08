// What one run's memory holds: results its stages share. A result only a watch session asks for again
// (a tool's laid-out registry entry, its key rows, each module's compiled code) is made and let go
// within a run: held to the end of a one-shot `generate`, such results were ~30 MB of the peak at
// 20,000 tools.
import { describe, expect, it } from 'vitest';
import { generate } from '../../plugin/generate';
import {
  derivedPer,
  keepLast,
  lastKept,
  memoSlot,
  runInOneMemory,
  runWithMemory,
  SessionMemory,
} from '../../plugin/session-memory';
import { REPO } from '../support/paths';

/**
 * What a run of the default catalog holds to its end: results its stages ask for more than once, and
 * the last of each kind it records (its model, its policy tables, the texts it read), small or alive
 * anyway. Left out: what only a watch session asks for again (`watchOnly`), such as each tool's
 * laid-out entry and each module's compiled code.
 */
const HELD_IN_A_RUN = [
  'checks across the tools of a catalog',
  'evaluated catalog module',
  'evaluation store',
  'i18n entries',
  'last locale document',
  'last model of a catalog',
  'last policy tables',
  'locale document layout',
  'package templates',
  'policy tables of a model',
  'policy.md offer row cells of a tool',
  'registry literals',
  'runtime sources',
  'source text and the file it was read from',
  'versions that decide an evaluation',
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

  it("does not record a watch-only last result within a run; a session's memory does", () => {
    const slot = memoSlot<string, string>('test last text', { watchOnly: true });
    const recordThenRead = () => {
      keepLast(slot, 'file', 'text');
      return lastKept(slot, 'file');
    };
    expect(runInOneMemory(recordThenRead)).toBeUndefined();
    expect(runWithMemory(new SessionMemory(true), recordThenRead)).toBe('text');
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

  it('holds, after a generate of the default catalog, none of what only a watch session asks for', async () => {
    const memory = new SessionMemory(false);
    const result = await runWithMemory(memory, () => generate({ cwd: REPO, readOnly: true }));
    expect(result.diagnostics).toEqual([]);
    // A new kind of kept result lands here: shared within a run, or `watchOnly` (see session-memory.ts).
    expect(memory.heldSlots().sort()).toEqual(HELD_IN_A_RUN);
  });
});
