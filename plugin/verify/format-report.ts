// The text report of a verify run: one block per context (and caller) with what the model was offered,
// each finding with its reason, the emitted call's outcome, and the notes every run shares said once.
import { OUTCOME_TEXT } from './emit-outcome.js';
import type { RunReport, SurfaceReport, VerifyProgress, VerifyReport } from './verify.js';

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

function heading(run: RunReport): string {
  const conditions = Object.entries(run.conditions)
    .map(([name, value]) => `${name}=${value}`)
    .join(', ');
  return (
    `${run.runtime} ${run.context}` +
    `${run.caller !== undefined ? ` caller ${run.caller}` : ''}` +
    `${conditions ? ` (${conditions})` : ''}`
  );
}

/**
 * Adds `more` to `lines` one by one: a skill can list any number of tools, and spreading that many
 * arguments into one call overflows the stack.
 */
function append(lines: string[], more: readonly string[]): void {
  for (const line of more) lines.push(line);
}

function block(run: RunReport, shared: ReadonlySet<string>): string[] {
  const f = run.findings;
  const verdict =
    run.error !== undefined
      ? 'FAILED'
      : run.clean
        ? 'equals the policy'
        : 'DIFFERS from the policy';
  const lines = [
    `${heading(run)}: ${verdict} — ${run.offered.length} offered, ${seconds(run.durationMs)}`,
  ];
  if (run.error !== undefined) lines.push(`  error: ${run.error}`);
  if (run.offered.length > 0) lines.push(`  offered: ${run.offered.join(', ')}`);
  if (run.deferred.length > 0)
    lines.push(
      `  of which deferred (tool search loads them on demand): ${run.deferred.join(', ')}`,
    );
  append(lines, findingLines(f, '  '));
  if (run.emit) {
    const e = run.emit;
    const handler =
      e.handlerRan === undefined ? '' : ` (its handler ${e.handlerRan ? 'ran' : 'did not run'})`;
    lines.push(
      `  emit ${e.tool}: ${OUTCOME_TEXT[e.outcome]}${e.detail ? ` — ${e.detail}` : ''}${handler}`,
    );
  }
  for (const note of f.notes) if (!shared.has(note)) lines.push(`  note: ${note}`);
  for (const a of run.subagents ?? []) append(lines, subagentLines(a));
  for (const skill of run.skills ?? []) append(lines, skillLines(skill));
  if (run.afterSkills) append(lines, findingLines(run.afterSkills, '  after the skills ran, '));
  return lines;
}

/** A project skill: the tools it lists that the session leaves out, and what the runtime said when it ran. */
function skillLines(s: NonNullable<RunReport['skills']>[number]): string[] {
  const verdict = s.clean ? 'within the policy' : 'DIFFERS from the policy';
  const ran =
    s.ran === undefined
      ? 'not run (no Skill tool here)'
      : s.ran.ok
        ? 'ran'
        : 'REFUSED by the runtime';
  return [
    `  skill ${s.name}: ${verdict} — ${ran}`,
    ...s.reintroduces.map(
      (r) => `    would reintroduce ${r.name} (its allowed-tools in ${s.file}) — ${r.reason}`,
    ),
    ...(s.ran && !s.ran.ok ? [`    runtime: ${s.ran.text}`] : []),
  ];
}

/** The findings that fail a comparison, one line each. */
function findingLines(f: RunReport['findings'], prefix: string): string[] {
  return [
    ...f.offeredButDisallowed.map(
      (d) => `${prefix}offered but disallowed: ${d.name} — ${d.reason}`,
    ),
    ...f.allowedButNotOffered.map((name) => `${prefix}allowed but not offered: ${name}`),
    ...f.stateDiffers.map(
      (d) => `${prefix}offered ${d.live}, expected ${d.expected}: ${d.name} — ${d.reason}`,
    ),
    ...f.offeredNotInCatalog.map((name) => `${prefix}offered but not in the catalog: ${name}`),
  ];
}

/** A delegated subagent: what its own first request offered, and how that differs from its offer. */
function subagentLines(a: NonNullable<RunReport['subagents']>[number]): string[] {
  const verdict =
    a.error !== undefined ? 'FAILED' : a.clean ? 'equals the policy' : 'DIFFERS from the policy';
  const f = a.findings;
  return [
    `  subagent ${a.name}: ${verdict} — ${a.offered.length} offered` +
      `${a.offered.length > 0 ? `: ${a.offered.join(', ')}` : ''}`,
    ...(a.error !== undefined ? [`    error: ${a.error}`] : []),
    ...(a.deferred.length > 0 ? [`    of which deferred: ${a.deferred.join(', ')}`] : []),
    ...findingLines(f, '    '),
  ];
}

const LOCK_TEXT: Readonly<Record<SurfaceReport['lock'], string>> = {
  matches: 'as recorded in the runtime-surface lock',
  differs: 'DIFFERS from the runtime-surface lock',
  'not recorded':
    'not recorded in the runtime-surface lock yet (tool-catalog verify --update records it)',
  updated: 'recorded',
};

function surfaceBlock(s: SurfaceReport): string[] {
  if (s.error !== undefined)
    return [`runtime ${s.runtime}, every tool allowed: FAILED — ${s.error}`];
  const live = s.live!;
  const by = (state: string) =>
    Object.entries(live.builtins)
      .filter(([, v]) => v === state)
      .map(([k]) => k);
  return [
    `runtime ${s.runtime}, every tool allowed: ${LOCK_TEXT[s.lock]} — model ` +
      `${live.model}, tool search ${live.toolSearch ? 'on' : 'off'}, ` +
      `${seconds(s.durationMs)}`,
    `  built-ins deferred: ${by('deferred').join(', ') || '(none)'}`,
    `  built-ins left out by the runtime: ${by('absent').join(', ') || '(none)'}`,
    ...(live.placeholders.length > 0 ? [`  placeholders: ${live.placeholders.join(', ')}`] : []),
    ...s.differences.map((d) => `  changed: ${d}`),
  ];
}

export function formatVerifyReport(report: VerifyReport): string {
  const runs = report.runs;
  // A note every run has is said once at the end.
  const shared = new Set(
    runs.length < 2
      ? []
      : runs[0]!.findings.notes.filter((note) =>
          runs.every((r) => r.findings.notes.includes(note)),
        ),
  );
  const failed = runs.filter((r) => !r.clean).length;
  const surfacesFailed = report.surfaces.filter(
    (s) => s.error !== undefined || s.differences.length > 0,
  ).length;
  // Processes of the runtime started: one per surface, one per context but those served by another's.
  const started = report.surfaces.length + runs.filter((r) => r.sharesRunOf === undefined).length;
  const checked =
    report.surfaces.length > 0
      ? `${plural(report.surfaces.length, 'runtime surface')} and ${plural(runs.length, 'context')}`
      : plural(runs.length, 'context');
  const out = [
    `catalog ${report.catalog}: ${checked} on ${report.runtime.version}, in ` +
      `${plural(started, 'run')}, ${report.concurrency} at once`,
    '',
    ...report.surfaces.flatMap((s) => [...surfaceBlock(s), '']),
    ...runs.flatMap((r) => [...block(r, shared), '']),
    ...[...shared].map((note) => `note (every context): ${note}`),
    ...(shared.size > 0 ? [''] : []),
    ...(report.updated !== undefined
      ? [`verify: recorded the runtime surface of SDK ${report.runtime.sdk} in ${report.updated}.`]
      : []),
    ...(surfacesFailed > 0
      ? [
          `verify: the runtime changed since its surface was recorded in ` +
            `${surfacesFailed} configuration${surfacesFailed === 1 ? '' : 's'}; ` +
            `review the changes above, then record them with tool-catalog verify --update.`,
        ]
      : []),
    failed === 0
      ? `verify: what the model is offered equals the policy in ` +
        `${runs.length === 1 ? 'the one context' : `all ${runs.length} contexts`} (` +
        `${seconds(report.durationMs)}).`
      : `verify: ${runs.length === 1 ? 'the one context differs' : `${failed} of ${runs.length} contexts differ`} ` +
        `from the policy or failed (${seconds(report.durationMs)}).`,
  ];
  return `${out.join('\n')}\n`;
}

/** The progress lines verify prints on stderr while it runs: its start, then each run as it ends. */
export const progressLines = {
  start: (p: Parameters<VerifyProgress['start']>[0]) =>
    `verify: catalog ${p.catalog}: ${p.surfaces > 0 ? `${plural(p.surfaces, 'runtime surface')} and ` : ''}` +
    `${plural(p.contexts, 'context')} on ${p.runtime}, ${p.concurrency} at once…`,
  surface: (s: SurfaceReport) =>
    `verify: runtime ${s.runtime}, every tool allowed: ` +
    `${s.error !== undefined ? `FAILED — ${s.error}` : LOCK_TEXT[s.lock]} (${seconds(s.durationMs)})`,
  run: (r: RunReport, done: number, of: number) =>
    `verify: [${done}/${of}] ${heading(r)}: ` +
    `${r.error !== undefined ? 'FAILED' : r.clean ? 'equals the policy' : 'DIFFERS from the policy'} ` +
    `(${seconds(r.durationMs)})`,
};
