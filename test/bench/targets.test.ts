// The target table's logic on made-up results (the measurements themselves are real, run by
// `npm run bench`): verdicts say met, missed by how much, or not measured and why; every target
// has a row, also in a quick run that skipped the big sizes.
import { describe, expect, it } from 'vitest';
import { renderReport } from '../../bench/report.mjs';
import { limit, targetRows, verdict, whyMissing } from '../../bench/targets.mjs';

const s = (median: number) => ({ median, min: median, max: median, runs: 5 });

/** A full run where every target is met. */
function allMet() {
  return {
    date: '2026-01-01T00:00:00.000Z',
    quick: false,
    runs: 5,
    budgetSeconds: 20,
    durationSeconds: 600,
    sizesRun: [100, 1000, 5000, 20000],
    machine: {
      cpu: 'cpu × 2',
      memoryGb: 24,
      os: 'Linux',
      node: 'v20',
      uptime: 'load average: 1',
      uptimeAfter: 'load average: 1',
    },
    sizes: {
      1000: {
        coldGenerate: {
          time: s(140),
          rssMb: s(70),
          noop: s(120),
          noopRssMb: s(60),
          check: s(120),
          checkRssMb: s(60),
          noopFilesWritten: 0,
          kept: { time: s(90), rssMb: s(65), noop: s(80), noopRssMb: s(60) },
        },
        coldTanstack: { time: s(2000), rssMb: s(200) },
        errorPath: {
          clean: s(140),
          unknownCategory: s(150),
          syntaxError: s(100),
          ratios: { unknownCategory: 1.071, syntaxError: 0.714 },
        },
        inProcess: {
          full: s(30),
          edit: s(8),
          add: s(15),
          remove: s(15),
          noop: s(5),
          noopFilesWritten: 0,
          session: true,
        },
        inProcessTanstack: { full: s(40), edit: s(20), add: s(500), remove: s(500) },
      },
      5000: {
        coldGenerate: {
          time: s(390),
          rssMb: s(110),
          noop: s(300),
          check: s(300),
          kept: { time: s(250), rssMb: s(100), noop: s(200), noopRssMb: s(90) },
        },
        coldTanstack: { time: s(5000) },
        tsc: {
          'TypeScript 7': {
            generatedRegistry: s(1050),
            handWritten: s(1000),
            handWrittenChecked: s(1010),
            fastest: 'handWritten',
            ratio: 1.05,
          },
          'TypeScript 6': { generatedRegistry: s(900), handWritten: s(1000), ratio: 0.9 },
        },
      },
      20000: {
        coldGenerate: {
          time: s(1400),
          rssMb: s(290),
          noop: s(1000),
          noopRssMb: s(200),
          check: s(1100),
          checkRssMb: s(210),
        },
      },
    },
    startup: { bare: s(40), help: s(80), vite: s(95), overheadMs: { help: 40, vite: 55 } },
    drift: { time: s(200), exit: 0 },
    storedOptOuts: {
      entries: 1_000_000,
      readers: { 'session, mixed': s(900), 'migrate, one name': s(120) },
      slowestMedianMs: 900,
    },
    npmTest: { ms: 200_000, exit: 0, tail: '' },
  };
}

const byMeasure = (rows: ReturnType<typeof targetRows>) => new Map(rows.map((r) => [r.measure, r]));

describe('verdict', () => {
  it('is met when every limit holds, the limit itself included', () => {
    expect(verdict([limit('time', 10, 10, 'ms'), limit('ratio', 0.4, 0.5, '×')])).toBe('met');
  });

  it('says by how much each missed limit is missed, absolute and relative', () => {
    expect(verdict([limit('time', 46, 10, 'ms'), limit('ratio', 0.119, 0.1, '×')])).toBe(
      '**missed**: time 46 ms > 10 ms, by 36 ms (+360%); ratio 0.119× > 0.1×, by 0.019× (+19%)',
    );
  });

  it('names what was not measured, and why, beside what was', () => {
    expect(
      verdict([
        limit('time', 8, 10, 'ms'),
        limit('edit / TanStack', undefined, 0.5, '×', 'skipped'),
      ]),
    ).toBe('met where measured; edit / TanStack not measured: skipped');
    expect(
      verdict([limit('time', 12, 10, 'ms'), limit('rss', undefined, 1, 'MB', 'skipped')]),
    ).toMatch(/^\*\*missed\*\*: time 12 ms > 10 ms.*; rss not measured: skipped$/);
    expect(verdict([limit('time', undefined, 10, 'ms', 'pass --npm-test')])).toBe(
      'not measured: pass --npm-test',
    );
    expect(verdict([limit('time', Number.NaN, 10, 'ms', 'no value')])).toBe(
      'not measured: no value',
    );
  });
});

describe('targetRows', () => {
  it('has one row per target, all met on results that meet them', () => {
    const rows = targetRows(allMet());
    expect(rows).toHaveLength(16);
    expect(rows.filter((r) => r.verdict !== 'met').map((r) => [r.measure, r.verdict])).toEqual([]);
  });

  it('puts the TanStack ratio of the same run beside the watch and cold targets', () => {
    const rows = byMeasure(targetRows(allMet()));
    expect(
      rows.get('watch: edit one tool, 1,000 tools (in-process generate session)')!.tanstack,
    ).toBe('0.4× (TanStack 20.0 ms)');
    expect(rows.get('watch: add one tool, 1,000 tools')!.tanstack).toBe('0.03× (TanStack 500 ms)');
    expect(rows.get('cold generate, 1,000 tools, whole process')!.tanstack).toBe(
      '0.07× (TanStack 2.00 s)',
    );
    expect(
      rows.get('cold generate, 1,000 tools, evaluations kept in node_modules/.cache')!.tanstack,
    ).toBe('0.045× (TanStack 2.00 s)');
    expect(rows.get('20,000 tools: cold generate')!.tanstack).toBe('—');
  });

  it('misses the watch edit on the TanStack ratio alone when the time is within its limit', () => {
    const results = allMet();
    results.sizes[1000].inProcessTanstack.edit = s(10);
    const edit = targetRows(results)[0]!;
    expect(edit.verdict).toBe('**missed**: edit / TanStack 0.8× > 0.5×, by 0.3× (+60%)');
  });

  it('misses a no-op or --check run slower than cold, and one above its memory limit', () => {
    const results = allMet();
    results.sizes[20000].coldGenerate.check = s(1540);
    results.sizes[20000].coldGenerate.noopRssMb = s(330);
    const rows = byMeasure(targetRows(results));
    expect(rows.get('20,000 tools: `generate --check`')!.verdict).toBe(
      '**missed**: --check / cold time 1.1× > 1×, by 0.1× (+10%); time 1540 ms > 1500 ms, by 40 ms (+3%)',
    );
    expect(rows.get('20,000 tools: no-op (second `generate`, nothing to write)')!.verdict).toBe(
      '**missed**: peak RSS 330 MB > 300 MB, by 30 MB (+10%)',
    );
  });

  it('checks the error path, start-up overheads, tsc and npm test against their limits', () => {
    const results = allMet();
    results.sizes[1000].errorPath.ratios.unknownCategory = 1.5;
    results.sizes[1000].errorPath.unknownCategory = s(210);
    results.startup.overheadMs.vite = 75;
    results.startup.vite = s(115);
    results.sizes[5000].tsc['TypeScript 7'].ratio = 1.15;
    results.npmTest = { ms: 360_000, exit: 0, tail: '' };
    const rows = targetRows(results).filter((r) => r.verdict !== 'met');
    expect(rows.map((r) => [r.measured, r.verdict])).toEqual([
      ['1.5× (210 ms vs clean 140 ms)', '**missed**: error / clean 1.5× > 1.2×, by 0.3× (+25%)'],
      ['+75.0 ms (115 ms vs 40.0 ms)', '**missed**: overhead 75 ms > 60 ms, by 15 ms (+25%)'],
      [
        '1.15× (1.05 s vs 1.00 s, annotated)',
        '**missed**: generated / hand-written 1.15× > 1.1×, by 0.05× (+5%)',
      ],
      ['6 min 0 s', '**missed**: time 6 min > 5 min, by 1 min (+20%)'],
    ]);
  });

  it('names the slowest reader of a stored opt-out list of a million entries, and misses it above 2 s', () => {
    const results = allMet();
    const row = () =>
      byMeasure(targetRows(results)).get(
        'a stored opt-out list of 10⁶ entries: migrate, validate, session options, resolve (slowest)',
      )!;
    expect([row().measured, row().verdict]).toEqual(['900 ms (session, mixed)', 'met']);
    results.storedOptOuts.readers['session, mixed'] = s(2500);
    results.storedOptOuts.slowestMedianMs = 2500;
    expect(row().verdict).toBe('**missed**: slowest 2500 ms > 2000 ms, by 500 ms (+25%)');
  });

  it('does not judge the time of a failing npm test', () => {
    const results = allMet();
    results.npmTest = { ms: 100_000, exit: 1, tail: '' };
    expect(targetRows(results).at(-1)!.verdict).toBe('**failed** (exit 1): time not comparable');
  });

  it('prints every row in a quick run, "not measured" with the reason where a size or flag was skipped', () => {
    const results: Record<string, unknown> & ReturnType<typeof allMet> = {
      ...allMet(),
      quick: true,
      sizesRun: [100, 1000],
    };
    results.sizes = { 1000: results.sizes[1000] } as never;
    (results as Record<string, unknown>).npmTest = {
      unavailable: 'pass --npm-test to time it (it takes minutes)',
    };
    const rows = targetRows(results);
    expect(rows).toHaveLength(16);
    const skipped = rows.filter((r) => r.verdict.startsWith('not measured'));
    const skipped5000 = 'not measured: this run skipped 5,000 tools (sizes run: 100, 1,000)';
    const skipped20000 = 'not measured: this run skipped 20,000 tools (sizes run: 100, 1,000)';
    expect(skipped.map((r) => r.verdict)).toEqual([
      skipped5000,
      skipped5000,
      skipped20000,
      skipped20000,
      skipped20000,
      skipped5000,
      'not measured: pass --npm-test to time it (it takes minutes)',
    ]);
  });

  it('says why a measurement is missing', () => {
    expect(whyMissing({ sizes: { 1000: {} } }, 1000, { unavailable: 'no session API' })).toBe(
      'no session API',
    );
    expect(whyMissing({ sizes: { 1000: {} } }, 1000, { error: 'exit 1\nstack' })).toBe(
      'failed: exit 1',
    );
  });
});

describe('renderReport', () => {
  it('renders the target table with every row, and a section per size', () => {
    const report = renderReport(allMet());
    expect(report).toContain(
      '| measure | target | measured (median) | ours / TanStack, same run | verdict |',
    );
    for (const row of targetRows(allMet()))
      expect(report).toContain(`| ${row.measure} | ${row.target} |`);
    expect(report).toContain('### 1,000 tools / routes');
    expect(report).toContain('| `tool-catalog --help` | 80.0 (80.0–80.0) | +40 |');
  });

  it("shows unplugin's own import as the Vite plugin's start-up floor, where it was measured", () => {
    const results = allMet();
    const viteRow = () =>
      byMeasure(targetRows(results)).get('`node -e "import(\'…/dist/vite.js\')"`')!;
    expect(viteRow().measured).toBe('+55.0 ms (95.0 ms vs 40.0 ms)');
    // Results written before the floor was measured have no unplugin entry: both shapes render.
    results.startup = {
      ...results.startup,
      unplugin: s(90),
      overheadMs: { ...results.startup.overheadMs, unplugin: 50 },
    } as typeof results.startup;
    expect(viteRow().measured).toBe(
      "+55.0 ms (95.0 ms vs 40.0 ms); unplugin's own import alone: +50.0 ms",
    );
    expect(renderReport(results)).toContain(
      "| `node -e \"import('unplugin')\"` (the plugin's own start-up floor) | 90.0 (90.0–90.0) | +50 |",
    );
  });

  it('says what fresh memory costs on the machine, or why that was not measured', () => {
    const results: Record<string, unknown> = allMet();
    expect(renderReport(results)).toContain('Fresh memory: not measured.');
    results.freshMemory = { kB: 800, oneString: s(3.2), inPieces: s(0.64) };
    expect(renderReport(results)).toContain(
      'Fresh memory: one 800 kB string made flat takes 3.20 ms (4.00 µs per kB: V8 maps fresh pages ' +
        'for every string over 128 kB), the same text as forty flat strings 0.64 ms (0.80 µs per kB).',
    );
    results.freshMemory = { error: 'exit 1\nstack' };
    expect(renderReport(results)).toContain('Fresh memory: failed: exit 1.');
  });
});
