// The target table of docs/benchmarks.md: for each target, what was measured, the ratio to TanStack's
// router generator measured in the same run where it has a counterpart, and a verdict (met, or
// missed by how much). Pure functions of the results object, so they can be tested on made-up results.

const fmt = (x) =>
  Math.abs(x) >= 100 ? Math.round(x).toString() : x.toFixed(Math.abs(x) >= 10 ? 1 : 2);
const thousands = (n) => Number(n).toLocaleString('en');

/** Why a measurement has no value: skipped, unavailable, failed, or never run at that size. */
export function whyMissing(results, size, measurement) {
  if (size !== undefined && !results.sizes?.[size]) {
    const ran = results.sizesRun ?? Object.keys(results.sizes ?? {}).map(Number);
    return `this run skipped ${thousands(size)} tools (sizes run: ${ran.map(thousands).join(', ') || 'none'})`;
  }
  if (measurement?.unavailable) return measurement.unavailable;
  if (measurement?.error) return `failed: ${measurement.error.split('\n')[0]}`;
  return 'not in the results';
}

/**
 * One limit of a target: `value` must be ≤ `max`. `value` undefined means not measured, with `reason`.
 * `unit` is printed after numbers ('ms', 'MB', '×', ''); `label` names the value in a verdict.
 */
export const limit = (label, value, max, unit, reason) => ({ label, value, max, unit, reason });

/** Ratios keep up to three decimals (0.119× is not 0.12×); limits print as written (10 ms, not 10.0 ms). */
const number = (x, unit) =>
  Number.isInteger(x) ? String(x) : unit === '×' ? String(Number(x.toFixed(3))) : fmt(x);
const withUnit = (x, unit) =>
  unit === '×' ? `${number(x, unit)}×` : unit ? `${number(x, unit)} ${unit}` : number(x, unit);

/** "met", "**missed**: … by how much", or "not measured: why" for a target's limits. */
export function verdict(limits) {
  const measured = limits.filter((l) => typeof l.value === 'number' && Number.isFinite(l.value));
  const unmeasured = limits.filter((l) => !measured.includes(l));
  if (measured.length === 0) return `not measured: ${unmeasured[0]?.reason ?? 'no value'}`;
  const missed = measured.filter((l) => l.value > l.max);
  const parts = missed.map((l) => {
    const over = l.value - l.max;
    const pct = l.max > 0 ? ` (+${Math.round((over / l.max) * 100)}%)` : '';
    return `${l.label} ${withUnit(l.value, l.unit)} > ${withUnit(l.max, l.unit)}, by ${withUnit(over, l.unit)}${pct}`;
  });
  const notMeasured = unmeasured.map((l) => `${l.label} not measured: ${l.reason ?? 'no value'}`);
  if (missed.length) return [`**missed**: ${parts.join('; ')}`, ...notMeasured].join('; ');
  return notMeasured.length ? [`met where measured`, ...notMeasured].join('; ') : 'met';
}

const ratioOf = (a, b) =>
  typeof a === 'number' && typeof b === 'number' && b > 0
    ? Math.round((a / b) * 1000) / 1000
    : undefined;
const msText = (x) =>
  typeof x === 'number' ? (x >= 1000 ? `${(x / 1000).toFixed(2)} s` : `${fmt(x)} ms`) : '—';
const mbText = (x) => (typeof x === 'number' ? `${fmt(x)} MB` : '—');

/** A row: the measure, its target as written, what was measured, the TanStack ratio (or '—'), the verdict. */
const row = (measure, target, measured, tanstack, limits) => ({
  measure,
  target,
  measured,
  tanstack: tanstack ?? '—',
  verdict: verdict(limits),
});

/** Our time over TanStack's for one scenario at one size, "0.119× (TanStack 1.98 s)"; undefined when either side is missing. */
function tanstackText(ours, theirs) {
  const r = ratioOf(ours, theirs);
  if (r === undefined) return undefined;
  return `${number(r, '×')}× (TanStack ${msText(theirs)})`;
}

function watchRows(results) {
  const s = results.sizes?.[1000];
  const a = s?.inProcess,
    b = s?.inProcessTanstack;
  const why = whyMissing(results, 1000, a);
  const whyTan = whyMissing(results, 1000, b);
  const edit = a?.edit?.median,
    add = a?.add?.median;
  const editRatio = ratioOf(edit, b?.edit?.median);
  const session = a && a.session === false ? ' (no session API: plain generateAndWrite)' : '';
  return [
    row(
      'watch: edit one tool, 1,000 tools (in-process generate session)',
      "≤ 10 ms, and ≤ 0.5× TanStack's edit",
      `${msText(edit)}${session}`,
      tanstackText(edit, b?.edit?.median),
      [
        limit('edit', edit, 10, 'ms', why),
        limit('edit / TanStack', editRatio, 0.5, '×', b ? whyTan : why),
      ],
    ),
    row(
      'watch: add one tool, 1,000 tools',
      "≤ 20 ms (ratio to TanStack's add shown)",
      `${msText(add)}${session}`,
      tanstackText(add, b?.add?.median),
      [limit('add', add, 20, 'ms', why)],
    ),
  ];
}

function coldRows(results) {
  const c1 = results.sizes?.[1000]?.coldGenerate,
    t1 = results.sizes?.[1000]?.coldTanstack;
  const c5 = results.sizes?.[5000]?.coldGenerate,
    t5 = results.sizes?.[5000]?.coldTanstack;
  const why1 = whyMissing(results, 1000, c1),
    why5 = whyMissing(results, 5000, c5);
  const ratio1 = ratioOf(c1?.time?.median, t1?.time?.median);
  return [
    row(
      'cold generate, 1,000 tools, whole process',
      '≤ 0.1× TanStack cold at 1,000 routes, and ≤ 150 ms',
      msText(c1?.time?.median),
      tanstackText(c1?.time?.median, t1?.time?.median),
      [
        limit('time', c1?.time?.median, 150, 'ms', why1),
        limit('ours / TanStack', ratio1, 0.1, '×', c1?.time ? whyMissing(results, 1000, t1) : why1),
      ],
    ),
    row(
      'cold generate, 5,000 tools, whole process',
      '≤ 400 ms, ≤ 120 MB peak RSS',
      `${msText(c5?.time?.median)}, ${mbText(c5?.rssMb?.median)}`,
      tanstackText(c5?.time?.median, t5?.time?.median),
      [
        limit('time', c5?.time?.median, 400, 'ms', why5),
        limit('peak RSS', c5?.rssMb?.median, 120, 'MB', why5),
      ],
    ),
    // The same targets for a process in an app folder, where the last run's evaluations are kept.
    row(
      'cold generate, 1,000 tools, evaluations kept in node_modules/.cache',
      '≤ 0.1× TanStack cold at 1,000 routes, and ≤ 150 ms',
      msText(c1?.kept?.time?.median),
      tanstackText(c1?.kept?.time?.median, t1?.time?.median),
      [
        limit('time', c1?.kept?.time?.median, 150, 'ms', whyMissing(results, 1000, c1?.kept)),
        limit(
          'ours / TanStack',
          ratioOf(c1?.kept?.time?.median, t1?.time?.median),
          0.1,
          '×',
          whyMissing(results, 1000, c1?.kept),
        ),
      ],
    ),
    row(
      'cold generate, 5,000 tools, evaluations kept in node_modules/.cache',
      '≤ 400 ms, ≤ 120 MB peak RSS',
      `${msText(c5?.kept?.time?.median)}, ${mbText(c5?.kept?.rssMb?.median)}`,
      tanstackText(c5?.kept?.time?.median, t5?.time?.median),
      [
        limit('time', c5?.kept?.time?.median, 400, 'ms', whyMissing(results, 5000, c5?.kept)),
        limit('peak RSS', c5?.kept?.rssMb?.median, 120, 'MB', whyMissing(results, 5000, c5?.kept)),
      ],
    ),
  ];
}

function bigRows(results) {
  const c = results.sizes?.[20000]?.coldGenerate;
  const why = whyMissing(results, 20000, c);
  const cold = c?.time?.median;
  const limits = (time, rss) => [
    limit('time', time, 1500, 'ms', why),
    limit('peak RSS', rss, 300, 'MB', why),
  ];
  const vsCold = (label, time) => ({
    ...limit(`${label} / cold time`, ratioOf(time, cold), 1, '×', why),
  });
  const text = (time, rss, ofCold) =>
    `${msText(time)}, ${mbText(rss)}${ofCold && typeof time === 'number' && cold ? ` (${number(ratioOf(time, cold), '×')}× cold)` : ''}`;
  return [
    row(
      '20,000 tools: cold generate',
      '≤ 1.5 s, ≤ 300 MB',
      text(cold, c?.rssMb?.median),
      undefined,
      limits(cold, c?.rssMb?.median),
    ),
    row(
      '20,000 tools: no-op (second `generate`, nothing to write)',
      '≤ cold, ≤ 1.5 s, ≤ 300 MB',
      text(c?.noop?.median, c?.noopRssMb?.median, true),
      undefined,
      [vsCold('no-op', c?.noop?.median), ...limits(c?.noop?.median, c?.noopRssMb?.median)],
    ),
    row(
      '20,000 tools: `generate --check`',
      '≤ cold, ≤ 1.5 s, ≤ 300 MB',
      text(c?.check?.median, c?.checkRssMb?.median, true),
      undefined,
      [vsCold('--check', c?.check?.median), ...limits(c?.check?.median, c?.checkRssMb?.median)],
    ),
  ];
}

function errorRows(results) {
  const e = results.sizes?.[1000]?.errorPath;
  const why = whyMissing(results, 1000, e);
  const one = (kind, label) => {
    const r = ratioOf(e?.[kind]?.median, e?.clean?.median);
    const measured =
      r === undefined
        ? '—'
        : `${number(r, '×')}× (${msText(e[kind].median)} vs clean ${msText(e.clean.median)})`;
    return row(
      `one ${label} in one tools file of 1,000 tools, whole-process \`generate\``,
      '≤ 1.2× a clean `generate` of the same catalog',
      measured,
      undefined,
      [limit('error / clean', r, 1.2, '×', why)],
    );
  };
  return [one('unknownCategory', 'unknown category'), one('syntaxError', 'syntax error')];
}

function startupRows(results) {
  const st = results.startup;
  const why = whyMissing(results, undefined, st);
  const one = (key, label) => {
    const over = st?.overheadMs?.[key];
    const floor = key === 'vite' ? st?.overheadMs?.unplugin : undefined;
    const measured =
      typeof over === 'number'
        ? `+${fmt(over)} ms (${msText(st[key].median)} vs ${msText(st.bare.median)})${
            typeof floor === 'number' ? `; unplugin's own import alone: +${fmt(floor)} ms` : ''
          }`
        : '—';
    return row(label, '≤ +60 ms over bare `node -e 0`', measured, undefined, [
      limit('overhead', over, 60, 'ms', why),
    ]);
  };
  return [
    one('help', '`tool-catalog --help`, whole process'),
    one('vite', '`node -e "import(\'…/dist/vite.js\')"`'),
  ];
}

function tscRow(results) {
  const t = results.sizes?.[5000]?.tsc;
  const ts7 = t?.['TypeScript 7'];
  const shape = {
    handWritten: 'annotated',
    handWrittenChecked: '`as const` + `satisfies` statements',
  }[ts7?.fastest ?? 'handWritten'];
  const measured = ts7
    ? `${number(ts7.ratio, '×')}× (${msText(ts7.generatedRegistry?.median)} vs ${msText(ts7[ts7.fastest ?? 'handWritten']?.median)}, ${shape})`
    : '—';
  return row(
    '`tsc --noEmit` (TypeScript 7), generated registry vs the fastest hand-written shape, 5,000 tools',
    '≤ 1.1×',
    measured,
    undefined,
    [limit('generated / hand-written', ts7?.ratio, 1.1, '×', whyMissing(results, 5000, t))],
  );
}

function npmTestRow(results) {
  const n = results.npmTest;
  const minutes = (ms) => `${Math.floor(ms / 60000)} min ${Math.round((ms % 60000) / 1000)} s`;
  const measured =
    typeof n?.ms === 'number' ? `${minutes(n.ms)}${n.exit === 0 ? '' : ` (exit ${n.exit})`}` : '—';
  const r = row('`npm test`', '≤ 5 min', measured, undefined, [
    limit(
      'time',
      n?.ms === undefined ? undefined : n.ms / 60000,
      5,
      'min',
      whyMissing(results, undefined, n),
    ),
  ]);
  // A failing run is timed to its failure: its time says nothing about the target.
  if (typeof n?.exit === 'number' && n.exit !== 0)
    r.verdict = `**failed** (exit ${n.exit}): time not comparable`;
  return r;
}

/** The slowest reader of a stored opt-out list of a million entries, over every shape of list. */
function storedOptOutsRow(results) {
  const o = results.storedOptOuts;
  const slowest = o?.slowestMedianMs;
  const which = Object.entries(o?.readers ?? {}).find(([, s]) => s.median === slowest)?.[0];
  return row(
    'a stored opt-out list of 10⁶ entries: migrate, validate, session options, resolve (slowest)',
    '≤ 2 s each',
    typeof slowest === 'number' ? `${msText(slowest)}${which ? ` (${which})` : ''}` : '—',
    undefined,
    [limit('slowest', slowest, 2000, 'ms', whyMissing(results, undefined, o))],
  );
}

/** Every target, in the order of the table the bench was asked for. */
export function targetRows(results) {
  return [
    ...watchRows(results),
    ...coldRows(results),
    ...bigRows(results),
    ...errorRows(results),
    ...startupRows(results),
    tscRow(results),
    storedOptOutsRow(results),
    npmTestRow(results),
  ];
}
