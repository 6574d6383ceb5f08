// The evaluation process the CLI starts before a command's code loads: none where evaluations may be
// kept on disk; otherwise the first project to ask for a process takes that one (so the start is not
// paid twice), and every other project gets its own.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  prestartEvaluationProcess,
  sharedEvaluationProcess,
} from '../../plugin/load/evaluation-process';

const temp = mkdtempSync(path.join(os.tmpdir(), 'tool-catalog-prestart-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

const request = (code: string) => ({ code, modules: [], timeoutMs: 10_000 });

describe('the evaluation process started before any project asks', () => {
  it('is not started where evaluations kept on disk may serve the run', () => {
    const app = path.join(temp, 'app');
    mkdirSync(path.join(app, 'node_modules', '.cache', 'agent-tool-catalog'), { recursive: true });
    mkdirSync(path.join(app, 'src'));
    expect(prestartEvaluationProcess(app)).toBeUndefined();
    expect(prestartEvaluationProcess(path.join(app, 'src'))).toBeUndefined();
  });

  it('is taken by the first project, runs its bundle, and is not shared with a second project', async () => {
    const prestarted = prestartEvaluationProcess(temp);
    expect(prestarted).toBeDefined();
    const first = sharedEvaluationProcess('/projects/first');
    expect(first).toBe(prestarted);
    const second = sharedEvaluationProcess('/projects/second');
    expect(sharedEvaluationProcess('/projects/first')).toBe(first);
    expect(second).not.toBe(first);
    // Started once processes exist, it starts nothing: the next new project gets a new process.
    expect(prestartEvaluationProcess(temp)).toBeUndefined();
    expect(sharedEvaluationProcess('/projects/third')).not.toBe(first);
    const outcome = await first.evaluate(request('__tc_entries([{ answer: 42 }]);'));
    expect(outcome.kind).toBe('result');
    expect(outcome.kind === 'result' && JSON.parse(outcome.json)).toMatchObject({
      exports: [{ answer: 42 }],
    });
  });
});
