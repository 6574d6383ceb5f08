// What verify's summary lines count: runtime surfaces and contexts checked, and the runs of the
// runtime that checked them (a context with the same session options as an earlier one shares its run).
import { describe, expect, it } from 'vitest';
import { formatVerifyReport } from '../../plugin/verify/format-report';
import { NO_FINDINGS, type RunReport } from '../../plugin/verify/run-context';
import type { VerifyReport } from '../../plugin/verify/verify';

const context = (id: string, more: Partial<RunReport> = {}): RunReport => ({
  context: id,
  conditions: {},
  runtime: 'desktop',
  offered: ['Read'],
  deferred: [],
  findings: NO_FINDINGS,
  clean: true,
  durationMs: 1_000,
  ...more,
});

const report = (runs: RunReport[], surfaces = 2): VerifyReport => ({
  catalog: 'demo',
  runtime: { binary: 'claude', version: 'Claude Code 2.1.333 (SDK 0.3.333)', sdk: '0.3.333' },
  concurrency: 2,
  surfaces: Array.from({ length: surfaces }, (_, i) => ({
    runtime: `runtime${i}`,
    differences: [],
    lock: 'matches' as const,
    error: 'not started',
    durationMs: 1_000,
  })),
  runs,
  ok: runs.every((r) => r.clean),
  durationMs: 3_000,
});

const firstAndLast = (text: string) => {
  const lines = text.trimEnd().split('\n');
  return [lines[0], lines.at(-1)];
};

describe('verify report', () => {
  it('counts surfaces and contexts, and the runs of the runtime: a context that shares a run adds none', () => {
    const text = formatVerifyReport(
      report([context('C1'), context('C2', { sharesRunOf: 'C1' }), context('C3')]),
    );
    expect(firstAndLast(text)).toEqual([
      'catalog demo: 2 runtime surfaces and 3 contexts on Claude Code 2.1.333 (SDK 0.3.333), in 4 runs, 2 at once',
      'verify: what the model is offered equals the policy in all 3 contexts (3.0 s).',
    ]);
  });

  it('says the one context in words, and counts the contexts that differ', () => {
    expect(firstAndLast(formatVerifyReport(report([context('C1')], 1)))).toEqual([
      'catalog demo: 1 runtime surface and 1 context on Claude Code 2.1.333 (SDK 0.3.333), in 2 runs, 2 at once',
      'verify: what the model is offered equals the policy in the one context (3.0 s).',
    ]);
    expect(firstAndLast(formatVerifyReport(report([context('C1'), context('C2')], 0)))).toEqual([
      'catalog demo: 2 contexts on Claude Code 2.1.333 (SDK 0.3.333), in 2 runs, 2 at once',
      'verify: what the model is offered equals the policy in all 2 contexts (3.0 s).',
    ]);
    const failing = [
      context('C1', { clean: false, error: 'timed out' }),
      context('C2'),
      context('C3'),
    ];
    expect(firstAndLast(formatVerifyReport(report(failing)))[1]).toBe(
      'verify: 1 of 3 contexts differ from the policy or failed (3.0 s).',
    );
    expect(firstAndLast(formatVerifyReport(report([failing[0]!])))[1]).toBe(
      'verify: the one context differs from the policy or failed (3.0 s).',
    );
  });
});
