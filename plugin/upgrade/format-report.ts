// Prints an `upgrade` report for people: per tool what changes (new, gone, renamed, input fields),
// per runtime configuration how the runtime's own offer moves, and the catalog edits to make.
import { describeChange, type ChangeSeverity } from '../drift/schema-changes.js';
import { fieldText, rowFields } from './edit-plan.js';
import type { OfferRow } from './offer-changes.js';
import { outsideSummary } from './outside-changes.js';
import type { UpgradeReport } from './run-upgrade.js';
import type { ToolRow } from './tool-changes.js';

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
const MARK: Record<ChangeSeverity, string> = { breaking: '!', compatible: '+', info: '~' };

function sdkLine(s: UpgradeReport['current']): string {
  const about = [
    ...(s.claudeCode ? [`Claude Code ${s.claudeCode}`] : []),
    ...(s.tag ? [`${s.tag} on the registry`] : []),
  ];
  return about.length > 0 ? `${s.version} (${about.join(', ')})` : s.version;
}

/** What the catalog says of a tool row, or what it needs. */
/** The catalog field a row's version is for: a tool's arrival (`addedIn`) or its departure. */
const rowField = (r: ToolRow) =>
  r.need?.field ?? r.atField ?? (r.change === 'gone' ? 'removedIn' : 'addedIn');

function catalogPart(r: ToolRow): string {
  const at = r.at !== undefined ? ` ${r.at}` : '';
  const field = rowField(r);
  if (r.note && r.edit === undefined) return r.note;
  switch (r.edit) {
    case 'declare':
      return `not in the catalog: declare it disabled${r.need && r.at ? ` with ${field}:${at}` : ''}`;
    case 'range':
      return `'${r.key}' needs ${field}:${at || ' (version not found)'}`;
    case 'rename':
      return `'${r.key}' needs ${fieldText(rowFields(r))}`;
    case 'type':
      return `'${r.key}': ${r.note}`;
    default:
      return r.key !== undefined
        ? `'${r.key}' already says so${r.at ? ` (${field}: ${r.at})` : ''}`
        : (r.note ?? '');
  }
}

function toolLines(report: UpgradeReport): string[] {
  const rows = report.tools;
  if (rows.length === 0) return ['Tools: none new, gone or renamed.'];
  const lines = [
    `Tools (${report.counts.new} new, ${report.counts.gone} gone, ${report.counts.renamed} renamed):`,
  ];
  const width = Math.max(...rows.map((r) => (r.was ? `${r.was} → ${r.name}` : r.name).length));
  const typeWidth = Math.max(...rows.map((r) => (r.typeName ?? '(no type)').length));
  for (const r of rows) {
    const name = r.was ? `${r.was} → ${r.name}` : r.name;
    const when =
      r.at !== undefined
        ? `${rowField(r) === 'removedIn' ? 'removed in' : 'added in'} ${r.at}`
        : '';
    lines.push(
      `  ${r.change.padEnd(8)} ${name.padEnd(width)}  ` +
        `${(r.typeName ?? '(no type)').padEnd(typeWidth)}  ` +
        `${when ? `${when}; ` : ''}${catalogPart(r)}`,
    );
  }
  if (report.unlisted.length > 0)
    lines.push(
      `  (declared without a type, and in no BUILTIN_TOOL_NAMES either SDK exports, which ` +
        `do not list every tool they run: ${report.unlisted.join(', ')}; kept as declared)`,
    );
  return lines;
}

/** Built-ins the catalog does not declare that are no change: both versions have them, or one cannot say. */
function notInCatalogLines(report: UpgradeReport): string[] {
  const unknown = report.unknownHistory;
  if (report.notInCatalog.length === 0 && !unknown) return [];
  const lines =
    report.notInCatalog.length > 0
      ? [
          `Not in your catalog, already in ${report.current.version} (no change: the ` +
            `catalog never offers them; declare any you want to classify):`,
          `  ${report.notInCatalog.map((t) => t.name).join(', ')}`,
        ]
      : ['Not in your catalog:'];
  if (unknown)
    lines.push(
      `  ? listed by the BUILTIN_TOOL_NAMES of ${unknown.listedBy}; ${unknown.noListIn} ` +
        `exports no such list, so whether it has them is not known: ${unknown.names.join(', ')}`,
    );
  return ['', ...lines];
}

function fieldLines(report: UpgradeReport): string[] {
  if (report.fields.length === 0) return ['Input fields: unchanged.'];
  const lines = [
    `Input fields (${plural(report.fields.length, 'tool')}; ! may refuse ` +
      `calls that worked before, + accepts more, ~ neither):`,
  ];
  for (const f of report.fields) {
    lines.push(`  ${f.name} (${f.typeName}${f.key && f.key !== f.name ? `, '${f.key}'` : ''}):`);
    for (const c of f.changes) lines.push(`    ${MARK[c.severity]} ${describeChange(c)}`);
  }
  return lines;
}

function offerLines(report: UpgradeReport): string[] {
  const o = report.offers;
  const lines = [
    'Offer (what the runtime itself does with every tool allowed; * the catalog blocks it anyway):',
  ];
  const runtimes = [
    ...new Set([
      ...o.facts.map((f) => f.runtime),
      ...o.rows.map((r) => r.runtime),
      ...o.unmeasured,
    ]),
  ];
  const sources = (name: string) => {
    const a = o.sources.current[name];
    const b = o.sources.target[name];
    const say = (s: string | undefined, v: string) =>
      s === 'lock' ? `${v} from the lock` : s === 'run' ? `${v} run now` : `${v} unknown`;
    return `${say(a, report.current.version)}, ${say(b, report.target.version)}`;
  };
  if (runtimes.length === 0) lines.push('  unchanged in every runtime configuration.');
  for (const name of runtimes) {
    lines.push(`  ${name} (${sources(name)}):`);
    if (o.unmeasured.includes(name)) {
      lines.push('    not compared: a surface is missing (see below).');
      continue;
    }
    const facts = o.facts
      .filter((f) => f.runtime === name)
      .map((f) => `${f.fact} ${f.was} → ${f.now}`);
    if (facts.length > 0) lines.push(`    ${facts.join('; ')}`);
    const moves = new Map<string, OfferRow[]>();
    for (const r of o.rows.filter((x) => x.runtime === name)) {
      const move = `${r.was} → ${r.now}`;
      moves.set(move, [...(moves.get(move) ?? []), r]);
    }
    for (const [move, rows] of [...moves].sort(([a], [b]) => (a < b ? -1 : 1)))
      lines.push(`    ${move}: ${rows.map((r) => `${r.name}${r.blocked ? '*' : ''}`).join(', ')}`);
  }
  return lines;
}

function editLines(report: UpgradeReport): string[] {
  if (report.edits.length === 0 && report.skipped.length === 0)
    return ['Catalog edits: none needed.'];
  const lines = [
    `Catalog edits (${report.written ? 'applied by --write' : 'ready to paste; --write applies them'}):`,
  ];
  for (const source of [...new Set(report.edits.map((e) => e.source))]) {
    const here = report.edits.filter((e) => e.source === source);
    const declared = here.filter((e) => e.kind === 'declare');
    const changed = here.filter((e) => e.kind !== 'declare');
    if (changed.length > 0) lines.push(`  ${source}`);
    for (const e of changed)
      lines.push(
        `    '${e.key}'${e.position ? ` (${e.position.line}:${e.position.column})` : ''}: ${e.text}`,
      );
    if (declared.length > 0) {
      lines.push(`  ${source}: add to its .tools({...}) call, disabled until classified:`);
      for (const e of declared) lines.push(`    ${e.text}`);
    }
  }
  for (const s of report.skipped) lines.push(`  not made: ${s.name}: ${s.why}; edit it by hand.`);
  return lines;
}

/** Which SDK the lock pins after the write: the same as before, or the one the app has installed. */
function pinsNow(pinned: { readonly was?: string; readonly now: string } | undefined): string {
  return pinned?.was === pinned?.now
    ? `it still pins ${pinned?.now}`
    : `it now pins ${pinned?.now}, the SDK the app has installed`;
}

/** What changed outside the tool inputs, in one line; none when nothing did (or it was not read). */
function outsideLine(report: UpgradeReport): string[] {
  const parts = report.outside ? outsideSummary(report.outside) : [];
  return parts.length === 0
    ? []
    : [`Outside the tool inputs (no catalog depends on them): ${parts.join('; ')}.`];
}

const header = (report: UpgradeReport) =>
  `upgrade: catalog '${report.catalog}', SDK ${sdkLine(report.current)} → ${sdkLine(report.target)}`;

export function formatUpgradeReport(report: UpgradeReport): string {
  const notes = report.problems.map((p) => `note: ${p}`);
  if (!report.changed && !report.written?.error)
    return `${[
      `${header(report)}: nothing changes for the catalog (no tool, input field or offer changes; no catalog edits).`,
      ...outsideLine(report),
      ...notes,
    ].join('\n')}\n`;
  const lines = [
    header(report),
    '',
    ...toolLines(report),
    '',
    ...fieldLines(report),
    '',
    ...offerLines(report),
    ...notInCatalogLines(report),
    '',
    ...editLines(report),
  ];
  const outside = outsideLine(report);
  if (outside.length > 0) lines.push('', ...outside);
  if (notes.length > 0) lines.push('', ...notes);
  const w = report.written;
  if (w?.error) lines.push('', `not written: ${w.error}`);
  else if (w)
    lines.push(
      '',
      w.files.length > 0
        ? `written: ${w.files.join(', ')}`
        : 'written: no catalog file needed a change.',
      ...(w.lock ? [`recorded the measured surfaces in ${w.lock}; ${pinsNow(w.pinned)}.`] : []),
      ...(w.unrecorded
        ? [
            'the surfaces measured here are of the catalog before the edits, so the lock ' +
              'does not record them; verify --update records them once the SDK is installed.',
          ]
        : []),
      `next: install SDK ${report.target.version}, run tool-catalog generate, ` +
        `then tool-catalog verify --update to pin its surface.`,
    );
  else
    lines.push(
      '',
      `next: review this, then tool-catalog upgrade --to ` +
        `${report.target.version} --write; install the SDK, run tool-catalog ` +
        `generate and tool-catalog verify --update.`,
    );
  return `${lines.join('\n')}\n`;
}
