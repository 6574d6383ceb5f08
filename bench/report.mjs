// Renders bench results as docs/benchmarks.md: the machine, every target with pass / miss, then
// each measurement per size, ours beside TanStack's. The analysis in bench/NOTES.md is appended.
import { existsSync, readFileSync } from 'node:fs';
import { targetRows } from './targets.mjs';

let fullRuns = 5;
const ms = (s) =>
  s && typeof s.median === 'number'
    ? `${fmt(s.median)} (${fmt(s.min)}–${fmt(s.max)}${s.runs < fullRuns ? `, ${s.runs} run${s.runs === 1 ? '' : 's'}` : ''})`
    : '—';
const fmt = (x) => (x >= 100 ? Math.round(x).toString() : x.toFixed(x >= 10 ? 1 : 2));
const why = (r) =>
  !r
    ? 'not measured'
    : r.unavailable
      ? `not measured: ${r.unavailable}`
      : r.error
        ? `failed: ${r.error.split('\n')[0]}`
        : undefined;

/** [label, measured text, verdict] for the checks kept beside the target table. */
function otherChecks(results) {
  const s = results.sizes;
  const rows = [];
  const check = (label, value, limit, unit, digits = 1) => {
    if (typeof value !== 'number') return rows.push([label, '—', 'not measured']);
    rows.push([
      label,
      `${value.toFixed(digits)} ${unit}`,
      value <= limit ? 'met' : `**missed** (limit ${limit} ${unit})`,
    ]);
  };
  const noop = Object.entries(s)
    .map(([n, r]) => [n, r.inProcess?.noopFilesWritten, r.coldGenerate?.noopFilesWritten])
    .filter(([, a, b]) => typeof a === 'number' || typeof b === 'number');
  const zero = ([, a, b]) => (a ?? 0) === 0 && (b ?? 0) === 0;
  rows.push([
    'no-op run writes 0 files (in process / whole process)',
    noop.map(([n, a, b]) => `${n}: ${a ?? '—'} / ${b ?? '—'}`).join(', ') || '—',
    noop.length && noop.every(zero) ? 'met' : noop.length ? '**missed**' : 'not measured',
  ]);
  check(
    'TypeScript 6: generated registry / hand-written, 5,000 tools',
    s[5000]?.tsc?.['TypeScript 6']?.ratio,
    1.1,
    '×',
    2,
  );
  check('drift, whole process', results.drift?.time?.median, 300, 'ms');
  check(
    'resolveDisallowedTools per call, 1,000 tools',
    s[1000]?.runtime?.resolveDisallowedTools?.median,
    20,
    'µs',
    2,
  );
  check('toolNames per call, 1,000 tools', s[1000]?.runtime?.toolNames?.median, 20, 'µs', 2);
  const once = Object.entries(s)
    .map(([n, r]) => [n, r.runtime?.eachPredicateAtMostOnce])
    .filter(([, v]) => typeof v === 'boolean');
  rows.push([
    'each predicate runs at most once per context',
    once.map(([n, v]) => `${n}: ${v ? 'yes' : 'no'}`).join(', ') || '—',
    once.length && once.every(([, v]) => v) ? 'met' : once.length ? '**missed**' : 'not measured',
  ]);
  return rows;
}

const table = (head, rows) =>
  [
    `| ${head.join(' | ')} |`,
    `|${head.map(() => '---').join('|')}|`,
    ...rows.map((r) => `| ${r.join(' | ')} |`),
  ].join('\n');

function sizeSection(size, r) {
  const out = [`### ${Number(size).toLocaleString('en')} tools / routes`, ''];
  const cold = r.coldGenerate,
    tan = r.coldTanstack;
  out.push(
    table(
      ['whole process, ms (median, min–max)', 'ours', 'TanStack', 'ours / TanStack'],
      [
        [
          'cold generate (empty output folder)',
          why(cold) ?? ms(cold.time),
          why(tan) ?? ms(tan.time),
          r.versusTanstack?.cold ?? '—',
        ],
        ['peak RSS, MB', cold?.rssMb ? ms(cold.rssMb) : '—', tan?.rssMb ? ms(tan.rssMb) : '—', ''],
        [
          'no-op `generate` (output up to date, nothing to write)',
          cold?.noop ? ms(cold.noop) : '—',
          '',
          '',
        ],
        [
          'peak RSS of the no-op `generate`, MB',
          cold?.noopRssMb ? ms(cold.noopRssMb) : '—',
          '',
          '',
        ],
        ['`generate --check`, nothing stale', cold?.check ? ms(cold.check) : '—', '', ''],
        [
          'peak RSS of `generate --check`, MB',
          cold?.checkRssMb ? ms(cold.checkRssMb) : '—',
          '',
          '',
        ],
      ],
    ),
    '',
  );
  const e = r.errorPath;
  if (!why(e)) {
    out.push(
      table(
        [
          'one error in one tools file, whole-process `generate` from an empty output folder, ms',
          'time',
          '/ clean',
        ],
        [
          ['clean catalog', ms(e.clean), '1'],
          [
            'unknown category (the catalog evaluates, validation rejects it)',
            ms(e.unknownCategory),
            String(e.ratios.unknownCategory),
          ],
          [
            'syntax error (the bundler rejects the file)',
            ms(e.syntaxError),
            String(e.ratios.syntaxError),
          ],
        ],
      ),
      '',
    );
  } else if (e) out.push(`generate with one error: ${why(e)}`, ''); // measured at 1,000 tools only
  const a = r.inProcess,
    b = r.inProcessTanstack;
  const row = (label, k) => [
    label,
    why(a) ?? ms(a[k]),
    why(b) ?? ms(b?.[k]),
    r.versusTanstack?.[k] ?? '—',
  ];
  out.push(
    table(
      ['in process (watch path), ms', 'ours', 'TanStack', 'ours / TanStack'],
      [
        row('full regeneration (ours: empty output folder; TanStack: rerun)', 'full'),
        row(
          `after editing one tool / route${a?.session ? ' (ours: generate session)' : ''}`,
          'edit',
        ),
        [
          'after editing one tool, plain `generateAndWrite` (no session)',
          a?.editWithoutSession ? ms(a.editWithoutSession) : '—',
          '',
          '',
        ],
        row('after adding one', 'add'),
        row('after removing one', 'remove'),
        [
          'no-op run (files written)',
          a?.noop ? `${ms(a.noop)} (${a.noopFilesWritten} written)` : (why(a) ?? '—'),
          '',
          '',
        ],
      ],
    ),
    '',
  );
  if (!why(r.tsc)) {
    out.push(
      table(
        [
          '`tsc --noEmit`, whole process, ms',
          'generated registry.ts',
          'hand-written, annotated',
          'hand-written, `as const` + `satisfies` statements',
          'generated / fastest hand-written',
          'all generated files (TS 7 only)',
        ],
        Object.entries(r.tsc).map(([name, t]) => [
          name,
          ms(t.generatedRegistry),
          ms(t.handWritten),
          ms(t.handWrittenChecked),
          `${t.ratio}×`,
          ms(t.generatedAll),
        ]),
      ),
      '',
    );
  } else out.push(`tsc: ${why(r.tsc)}`, '');
  const rt = r.runtime;
  if (!why(rt)) {
    out.push(
      table(
        ['runtime, µs per call (fresh context each call)', 'median (min–max)'],
        [
          [
            'resolveDisallowedTools',
            why(rt.resolveDisallowedTools) ?? ms(rt.resolveDisallowedTools),
          ],
          ['toolNames (every group)', why(rt.toolNames) ?? ms(rt.toolNames)],
        ],
      ),
      '',
      `Predicate runs in one context (resolve, toolNames, resolve again): ${Object.entries(
        rt.predicateRuns,
      )
        .map(([k, v]) => `${k} ${v}`)
        .join(', ')}.`,
      '',
    );
  } else out.push(`runtime: ${why(rt)}`, '');
  return out.join('\n');
}

function startupSection(st) {
  const out = ['### start-up', ''];
  if (why(st)) return [...out, why(st), ''];
  return [
    ...out,
    table(
      ['whole process, ms (median, min–max), in turns', 'time', 'over bare node'],
      [
        ['`node -e 0`', ms(st.bare), ''],
        ['`tool-catalog --help`', ms(st.help), `+${st.overheadMs.help}`],
        ['`node -e "import(\'…/dist/vite.js\')"`', ms(st.vite), `+${st.overheadMs.vite}`],
        ...(st.unplugin
          ? [
              [
                "`node -e \"import('unplugin')\"` (the plugin's own start-up floor)",
                ms(st.unplugin),
                `+${st.overheadMs.unplugin}`,
              ],
            ]
          : []),
      ],
    ),
    '',
  ];
}

/**
 * What a fresh memory page costs here. Large outputs and the objects a collection promotes pay it,
 * so it sets a floor under the watch rows that differs from machine to machine.
 */
function freshMemoryLine(f) {
  const reason = why(f);
  if (reason) return `Fresh memory: ${reason}.`;
  const per = (x) => fmt((x / f.kB) * 1000);
  return (
    `Fresh memory: one ${f.kB} kB string made flat takes ${fmt(f.oneString.median)} ms ` +
    `(${per(f.oneString.median)} µs per kB: V8 maps fresh pages for every string over 128 kB), the same ` +
    `text as forty flat strings ${fmt(f.inPieces.median)} ms (${per(f.inPieces.median)} µs per kB).`
  );
}

export function renderReport(results) {
  fullRuns = results.runs;
  const m = results.machine;
  const notesFile = new URL('./NOTES.md', import.meta.url);
  const lines = [
    '# Benchmarks',
    '',
    `Written by \`npm run bench\`${results.quick ? ' --quick' : ''} on ${results.date} (${results.durationSeconds} s; ${results.runs} timed runs after one warm-up per measurement (${results.runs * 4} for the watch path up to 1,000 tools), fewer where noted when one run takes seconds (budget ${results.budgetSeconds} s per measurement); median, min–max).`,
    'Do not edit by hand: rerun the bench. The analysis at the end comes from `bench/NOTES.md`.',
    '',
    `Machine: ${m.cpu}, ${m.memoryGb} GB, ${m.os}, Node ${m.node}.`,
    `Load (shared machine): \`${m.uptime}\` before, \`${m.uptimeAfter ?? '?'}\` after.`,
    freshMemoryLine(results.freshMemory),
    '',
    '## Targets',
    '',
    'Ratios to TanStack are taken from the same run (the load moves both alike); limits are checked on medians.',
    '',
    table(
      ['measure', 'target', 'measured (median)', 'ours / TanStack, same run', 'verdict'],
      targetRows(results).map((t) => [t.measure, t.target, t.measured, t.tanstack, t.verdict]),
    ),
    '',
    'Other checks:',
    '',
    table(['check', 'measured', 'verdict'], otherChecks(results)),
    '',
    '## Measurements',
    '',
    ...Object.entries(results.sizes).map(([size, r]) => sizeSection(size, r)),
    '### drift',
    '',
    why(results.drift) ??
      `\`tool-catalog drift\` on the installed SDK's sdk-tools.d.ts (${results.drift.sdkToolsBytes ?? '?'} bytes), whole process: ${ms(results.drift.time)} ms (exit ${results.drift.exit}).`,
    '',
    ...startupSection(results.startup),
    '### `npm test`',
    '',
    !results.npmTest
      ? 'not measured'
      : (why(results.npmTest) ??
        `Whole \`npm test\` (build, typecheck with three compilers, generate --check, drift, stale-refs, vitest): ${(results.npmTest.ms / 1000).toFixed(0)} s, exit ${results.npmTest.exit}.`),
    '',
  ];
  if (existsSync(notesFile)) lines.push(readFileSync(notesFile, 'utf8').trim(), '');
  return `${lines.join('\n')}\n`;
}
