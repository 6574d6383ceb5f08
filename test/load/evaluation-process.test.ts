// The evaluation process the CLI starts before a command's code loads: the first project to ask for a
// process takes that one (so the start is not paid twice), and every other project gets its own.
import { describe, expect, it } from 'vitest';
import {
  prestartEvaluationProcess,
  sharedEvaluationProcess,
} from '../../plugin/load/evaluation-process';

const request = (code: string) => ({ code, modules: [], timeoutMs: 10_000 });

describe('the evaluation process started before any project asks', () => {
  it('is taken by the first project, runs its bundle, and is not shared with a second project', async () => {
    const prestarted = prestartEvaluationProcess();
    expect(prestarted).toBeDefined();
    const first = sharedEvaluationProcess('/projects/first');
    expect(first).toBe(prestarted);
    const second = sharedEvaluationProcess('/projects/second');
    expect(sharedEvaluationProcess('/projects/first')).toBe(first);
    expect(second).not.toBe(first);
    // Started once processes exist, it starts nothing: the next new project gets a new process.
    expect(prestartEvaluationProcess()).toBeUndefined();
    expect(sharedEvaluationProcess('/projects/third')).not.toBe(first);
    const outcome = await first.evaluate(request('__tc_entries([{ answer: 42 }]);'));
    expect(outcome.kind).toBe('result');
    expect(outcome.kind === 'result' && JSON.parse(outcome.json)).toMatchObject({
      exports: [{ answer: 42 }],
    });
  });
});
