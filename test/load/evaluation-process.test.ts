// The evaluation process the CLI starts before a command's code loads: none where evaluations may be
// kept on disk; otherwise the first project to ask for a process takes that one (so the start is not
// paid twice), and every other project gets its own. A request that fails is asked again of a new
// process only when code an earlier request left behind may be the cause.
// This file runs in a process of its own (vitest.config.ts): no other file may have taken the process
// started when the module loaded.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, describe, expect, it } from 'vitest';
import type { EvaluationOutcome } from '../../plugin/load/evaluation-outcome';
import {
  EvaluationProcess,
  mayBeLeftover,
  prestartEvaluationProcess,
  sharedEvaluationProcess,
} from '../../plugin/load/evaluation-process';

const temp = mkdtempSync(path.join(os.tmpdir(), 'tool-catalog-prestart-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

/** One module, compiled already (its exports set as the compiled code sets them), as the only entry. */
const request = (code: string, timeoutMs = 10_000) => ({
  compiled: [{ file: '/app/entry.js', hash: code, code, imports: {}, requires: [] }],
  entries: ['/app/entry.js'],
  modules: [],
  timeoutMs,
});
const exporting = (name: string, value: string) =>
  `Object.defineProperty(__vite_ssr_exports__, ${JSON.stringify(name)}, { enumerable: true, value: ${value} });`;

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
    const outcome = await first.evaluate(request(exporting('answer', '42')));
    expect(outcome.kind).toBe('result');
    expect(outcome.kind === 'result' && JSON.parse(outcome.json)).toMatchObject({
      exports: [{ data: { answer: 42 } }],
    });
  });
});

describe('a request or reply larger than a pipe carries at once', () => {
  it('comes in and back whole, multi-byte text included, and the next request on the process too', async () => {
    const p = new EvaluationProcess({ keepWarm: true });
    try {
      // About 6 MB of JSON: a hundred pieces of the pipe, a character of three bytes cut between two.
      const big = `Array.from({ length: 120000 }, (_, i) => 'tool ' + i + ' 工具 ' + 'x'.repeat(i % 40))`;
      const first = await p.evaluate(request(exporting('rows', big)));
      expect(first.kind).toBe('result');
      const rows = (
        JSON.parse(first.kind === 'result' ? first.json : '{}') as {
          exports: { data: { rows: string[] } }[];
        }
      ).exports[0]!.data.rows;
      expect(rows).toHaveLength(120_000);
      expect(rows[119_999]).toBe(`tool 119999 工具 ${'x'.repeat(119_999 % 40)}`);
      expect(rows.every((r, i) => r === `tool ${i} 工具 ${'x'.repeat(i % 40)}`)).toBe(true);
      // A request as large (a module of 3 MB of text) comes in whole too.
      const text = Array.from({ length: 100_000 }, (_, i) => `工具 ${i}`).join(',');
      const large = await p.evaluate(request(exporting('text', JSON.stringify(text))));
      expect(large.kind === 'result' && JSON.parse(large.json)).toMatchObject({
        exports: [{ data: { text } }],
      });
      const next = await p.evaluate(request(exporting('answer', '42')));
      expect(next.kind === 'result' && JSON.parse(next.json)).toMatchObject({
        exports: [{ data: { answer: 42 } }],
      });
    } finally {
      await p.dispose();
    }
  });
});

describe('a request that fails in a process that served earlier ones', () => {
  it('is not asked again when it ran out of memory itself, while its modules ran', async () => {
    const evaluator = new EvaluationProcess({ keepWarm: false });
    try {
      expect((await evaluator.evaluate(request(''))).kind).toBe('result');
      const outcome = await evaluator.evaluate(
        request(
          'const kept = []; for (;;) { const b = new Uint8Array(64 * 1024 * 1024); b.fill(1); kept.push(b); }',
          // Time enough to run out of memory first on a loaded machine: the outcome is memory, not time.
          90_000,
        ),
      );
      expect(outcome).toMatchObject({ kind: 'memory', whileRunning: true });
      // One process: the one that served the first request and ran out of memory.
      expect(evaluator.started).toBe(1);
    } finally {
      await evaluator.dispose();
    }
  }, 120_000);

  it('is asked again when an earlier request may be the cause: memory gone outside its run, a crash, a kill', () => {
    const ended = (outcome: Record<string, unknown>) =>
      mayBeLeftover({ left: [], ...outcome } as unknown as EvaluationOutcome);
    expect(ended({ kind: 'memory', whileRunning: false })).toBe(true);
    expect(ended({ kind: 'memory', whileRunning: true })).toBe(false);
    expect(ended({ kind: 'crashed', detail: 'ended' })).toBe(true);
    expect(ended({ kind: 'timeout', killed: true })).toBe(true);
    // The process said itself that this request's code ran out of time.
    expect(ended({ kind: 'timeout' })).toBe(false);
    expect(ended({ kind: 'tampered' })).toBe(false);
  });
});

describe('an answered request', () => {
  it('is not held by the process that answered it, which stays warm for the next', async () => {
    setFlagsFromString('--expose-gc');
    const collect = runInNewContext('gc') as () => void;
    const evaluator = new EvaluationProcess({ keepWarm: true });
    try {
      // Only a weak reference leaves this function: the caller lets go of the outcome.
      const answer = async () =>
        new WeakRef(await evaluator.evaluate(request(exporting('big', "'x'.repeat(1e6)"))));
      const outcome = await answer();
      // A weak reference keeps its target until the current job ends: collected after a turn.
      await new Promise((resolve) => setImmediate(resolve));
      collect();
      expect(outcome.deref()).toBeUndefined();
      expect((await evaluator.evaluate(request(''))).kind).toBe('result');
      expect(evaluator.started).toBe(1);
    } finally {
      await evaluator.dispose();
    }
  });
});
