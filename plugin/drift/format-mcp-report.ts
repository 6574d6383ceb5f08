// Prints a `drift --mcp` result for people: per server, what the catalog lacks (with a declaration
// to paste), what it names that the server dropped (with file:line:col), probable renames, and
// what changed since the lock, field by field — each with what to do.
import { canonicalJson } from '../mcp/canonical-json.js';
import { relativePosix } from '../text/spelling.js';
import { terminalLines } from '../text/terminal.js';
import type { ToolChange } from './mcp-diff.js';
import type { RenameSearch } from './renames.js';
import type { CatalogMcpDrift, McpDriftResult, ServerDrift } from './run-mcp-drift.js';
import { describeChange, type ChangeSeverity } from './schema-changes.js';

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
const MARK: Record<ChangeSeverity, string> = { breaking: '!', compatible: '+', info: '~' };
const quoted = (names: readonly string[]) => names.map((n) => `'${n}'`).join(', ');

/** Said when the rename search compared only the most alike pairs. */
const renameNote = (search: RenameSearch) =>
  `renames: ${search.possible.toLocaleString('en-US')} pairs of gone and ` +
  `new tools are too many to compare each; the ` +
  `${search.compared.toLocaleString('en-US')} most alike by name and ` +
  `schema were compared, so a rename may show as a gone and a new tool.`;

function toolChangeLines(c: ToolChange): string[] {
  const lines: string[] = [];
  if (c.fields.length > 0)
    lines.push(
      `    ${c.tool}: input schema changed`,
      ...c.fields.map((f) => `      ${MARK[f.severity]} ${describeChange(f)}`),
    );
  if (c.otherInputChange)
    lines.push(
      `    ${c.tool}: input schema changed outside its properties (descriptions or other keywords)`,
    );
  if (c.outputSchemaChanged) lines.push(`    ${c.tool}: output schema changed`);
  if (c.annotations)
    lines.push(
      `    ${c.tool}: annotations ${canonicalJson(c.annotations.before ?? {})} ` +
        `→ ${canonicalJson(c.annotations.after ?? {})}`,
    );
  return lines;
}

function lockLines(d: ServerDrift, update: boolean, lockShown: string): string[] {
  const lock = d.lock!;
  if (lock.status === 'missing')
    return update
      ? [`  recorded in the lock: ${plural(d.tools ?? 0, 'tool')}.`]
      : [
          `  not in the lock yet: record what it lists with tool-catalog drift ` +
            `--mcp --update, review and commit ${lockShown}.`,
        ];
  const lines: string[] = [];
  if (lock.capabilities)
    lines.push(
      `    client capabilities: the lock was made with ` +
        `${canonicalJson(lock.capabilities.locked)}, the config declares ` +
        `${canonicalJson(lock.capabilities.now)}; a server may list other tools by them.`,
    );
  for (const c of lock.changed) lines.push(...toolChangeLines(c));
  if (lock.added.length > 0) lines.push(`    added: ${lock.added.join(', ')}`);
  if (lock.removed.length > 0) lines.push(`    removed: ${lock.removed.join(', ')}`);
  for (const r of lock.renamed)
    lines.push(`    probably renamed: ${r.from} → ${r.to} (${r.evidence.join('; ')})`);
  if (lock.renameSearch) lines.push(`    ${renameNote(lock.renameSearch)}`);
  const version = lock.serverVersion
    ? [
        `  note: the server reports version ${lock.serverVersion.now ?? '(none)'}` +
          `, the lock ${lock.serverVersion.locked ?? '(none)'}.`,
      ]
    : [];
  if (lines.length === 0)
    return [
      `  the lock has the same ${plural(d.tools ?? 0, 'tool')} and input schemas.`,
      ...version,
    ];
  const legend = lock.changed.some((c) => c.fields.length > 0)
    ? ' (! may refuse calls that worked before, + accepts more, ~ neither)'
    : '';
  return [
    update ? `  recorded in the lock${legend}:` : `  since the lock${legend}:`,
    ...lines,
    ...version,
    ...(update
      ? []
      : [
          '    Fix: review these changes (and the catalog, if they change what a ' +
            'tool does), then record them with tool-catalog drift --mcp --update.',
        ]),
  ];
}

function serverLines(d: ServerDrift, update: boolean, lockShown: string): string[] {
  // The failure's message is already one safe line per line.
  if (d.failure) return ['', ...d.failure.message.split('\n')];
  const lines = ['', `${d.server} (${d.reached})`];
  const who = d.serverInfo ? `${d.serverInfo.name} ${d.serverInfo.version}` : 'the server';
  const listed =
    d.hasToolsCapability === false
      ? `${who} declares no tools capability, so it lists no tools`
      : `${who} lists ${plural(d.tools ?? 0, 'tool')} in ${plural(d.pages ?? 0, 'page')}`;
  const c = d.catalog!;
  lines.push(`  ${listed}; the catalog names ${plural(c.declared, 'tool')} on this ${d.kind}.`);
  for (const p of d.problems ?? [])
    lines.push(
      `  invalid: the server lists '${p.tool}' in a shape MCP does not allow (` +
        `${p.issues.join('; ')}); it counts as drift until the server is fixed.`,
    );
  const pasted = c.new.filter((n) => n.declaration !== undefined);
  if (c.new.length > 0)
    lines.push(
      c.new.length === 1
        ? `  new: the server has '${c.new[0]!.wire}', which the catalog does not declare.`
        : `  new: the server has ${c.new.length} tools the catalog does not ` +
            `declare: ${c.new.map((n) => n.wire).join(', ')}.`,
    );
  if (pasted.length > 0)
    lines.push(
      `    Paste into a catalog file's .tools({...}) call, then classify ` +
        `${pasted.length === 1 ? 'it' : 'each'} (category, exposure):`,
      ...pasted.map((n) => `      ${n.declaration}`),
    );
  for (const n of c.new)
    if (n.problem) lines.push(`    '${n.wire}' cannot be declared: ${n.problem}`);
  for (const r of c.renamed) {
    const where = r.position ? `${r.position.file}:${r.position.line}:${r.position.column}` : r.key;
    lines.push(
      `  renamed: '${r.key}' (${where}) names '${r.wire}', which the server no ` +
        `longer lists; it is probably the server's '${r.to}' now (` +
        `${r.evidence.join('; ')}).`,
      r.isKey
        ? `    Fix: set wire: '${r.to}' on '${r.key}' (or rename the tool), if it is the same tool.`
        : `    Fix: write '${r.to}' there instead of '${r.wire}', if it is the same tool.`,
    );
  }
  if (c.renameSearch) lines.push(`  ${renameNote(c.renameSearch)}`);
  for (const g of c.gone) {
    const where = g.position ? `${g.position.file}:${g.position.line}:${g.position.column}` : g.key;
    lines.push(
      `  gone: '${g.key}' (${where}) names '${g.wire}', which the server no longer lists.`,
      `    Fix: remove it from the catalog, then find what still uses it with tool-catalog stale-refs.`,
    );
  }
  if (c.coveredAtRunTime.tools.length > 0)
    lines.push(
      `  run time: ${plural(c.coveredAtRunTime.tools.length, 'tool')} the ` +
        `catalog does not name, likely from tools named only at run time; the ` +
        `lock keeps track of them:`,
      `    ${c.coveredAtRunTime.tools.join(', ')}`,
      `    from ${c.coveredAtRunTime.by.map((o) => `'${o.key}' (${o.why})`).join(', ')}`,
    );
  lines.push(...lockLines(d, update, lockShown));
  return lines;
}

export function formatMcpDrift(result: McpDriftResult, cwd: string, update: boolean): string {
  const out: string[] = [];
  for (const catalog of result.catalogs) out.push(...catalogLines(catalog, cwd, update));
  // Names, versions and schemas come from the servers: each line is escaped on its own, so nothing
  // they hold can break a line, fake a report line or reach the terminal as a control sequence.
  return `${terminalLines(out)}\n`;
}

function catalogLines(catalog: CatalogMcpDrift, cwd: string, update: boolean): string[] {
  const lockShown = relativePosix(cwd, catalog.lockFile);
  const lines = [
    `drift --mcp: catalog '${catalog.catalog}' against its MCP servers (lock: ${lockShown})`,
  ];
  if (catalog.lockError) lines.push('', `lock: ${catalog.lockError}`);
  for (const d of catalog.servers) lines.push(...serverLines(d, update, lockShown));
  if (catalog.staleLockEntries.length > 0)
    lines.push(
      '',
      `stale: the lock has ${quoted(catalog.staleLockEntries)}, which the ` +
        `config no longer says how to reach; drop ` +
        `${catalog.staleLockEntries.length === 1 ? 'it' : 'them'} with ` +
        `tool-catalog drift --mcp --update.`,
    );
  if (catalog.notConfigured.length > 0)
    lines.push(
      '',
      `not checked (the config does not say how to reach them): ${catalog.notConfigured.join(', ')}`,
    );
  if (update)
    lines.push(
      '',
      catalog.lockUpdated ? `lock written: ${lockShown}` : `lock unchanged: ${lockShown}`,
    );
  lines.push('', summary(catalog, update));
  return lines;
}

function summary(catalog: CatalogMcpDrift, update: boolean): string {
  const count = (f: (d: ServerDrift) => number) => catalog.servers.reduce((n, d) => n + f(d), 0);
  const failed = count((d) => (d.failure ? 1 : 0));
  const catalogDiffs = count((d) =>
    d.catalog ? d.catalog.new.length + d.catalog.gone.length + d.catalog.renamed.length : 0,
  );
  const lockDiffs = count((d) =>
    d.lock?.status === 'changed'
      ? d.lock.changed.length +
        d.lock.added.length +
        d.lock.removed.length +
        d.lock.renamed.length +
        (d.lock.capabilities ? 1 : 0)
      : 0,
  );
  const unlocked = count((d) => (d.lock?.status === 'missing' ? 1 : 0));
  const head = `drift --mcp: ${plural(catalog.servers.length, 'server')} checked`;
  if (catalog.ok)
    return update
      ? `${head}; the catalog, the servers and the lock agree.`
      : `${head}; the catalog and the lock match what the servers list.`;
  const parts = [
    ...(failed > 0 ? [`${failed} could not be listed`] : []),
    ...(catalogDiffs > 0 ? [`${plural(catalogDiffs, 'difference')} with the catalog`] : []),
    ...(!update && lockDiffs > 0 ? [`${plural(lockDiffs, 'change')} since the lock`] : []),
    ...(!update && unlocked > 0 ? [`${plural(unlocked, 'server')} not in the lock`] : []),
    ...(count((d) => d.problems?.length ?? 0) > 0
      ? [
          `${plural(
            count((d) => d.problems?.length ?? 0),
            'invalid tool',
          )}`,
        ]
      : []),
    ...(!update && catalog.lockError ? ['an unreadable lock'] : []),
    ...(!update && catalog.staleLockEntries.length > 0 ? ['stale lock entries'] : []),
  ];
  return `${head}: ${parts.join(', ')}.`;
}
