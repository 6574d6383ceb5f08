// What a watch session keeps running (its warm evaluation process): opened once per session on first
// use, never outside a session, and closed when the session ends — a real evaluation process included.
import { describe, expect, it } from 'vitest';
import { sessionEvaluationProcess } from '../../plugin/load/evaluation-cache';
import {
  memoSlot,
  runInOneMemory,
  runWithMemory,
  SessionMemory,
  sessionResource,
} from '../../plugin/session-memory';

describe('a session resource', () => {
  it('is opened once per session, is none outside a session, and is closed once when the session ends', async () => {
    const slot = memoSlot<'resource', { id: number }>('test resource');
    let opened = 0;
    const closed: number[] = [];
    const get = () =>
      sessionResource(
        slot,
        () => ({ id: ++opened }),
        async (r) => {
          closed.push(r.id);
        },
      );
    expect(get()).toBeUndefined();
    expect(runInOneMemory(get)).toBeUndefined();
    const session = new SessionMemory(true);
    const first = runWithMemory(session, get);
    expect(runWithMemory(session, get)).toBe(first);
    const other = new SessionMemory(true);
    expect(runWithMemory(other, get)).not.toBe(first);
    expect([opened, closed]).toEqual([2, []]);
    await session.end();
    expect(closed).toEqual([1]);
    await other.end();
    expect(closed).toEqual([1, 2]);
  });

  it("holds the session's evaluation process, which ends with the session", async () => {
    expect(sessionEvaluationProcess()).toBeUndefined();
    const session = new SessionMemory(true);
    const process = runWithMemory(session, sessionEvaluationProcess);
    expect(process).toBeDefined();
    expect(runWithMemory(session, sessionEvaluationProcess)).toBe(process);
    process!.warmUp();
    await session.end();
    // Disposed with the session: warming it up again starts no process.
    process!.warmUp();
    expect((process as unknown as { child?: unknown }).child).toBeUndefined();
  });
});
