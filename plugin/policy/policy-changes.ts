// What a stale `policy.md` means in words: for each tool whose policy changed, how — so `--check`
// names the tools a catalog change grants or blocks instead of only "policy.md is stale".
interface SnapshotRow {
  readonly exposure: string;
  /** Allowed (✓) or not, by context (its condition values, e.g. `workspace-has-git=true`). */
  readonly allowed: ReadonlyMap<string, boolean>;
}

/** The rows of a snapshot's "Disallowed tools by context" tables, by tool key. */
function readSnapshot(markdown: string): Map<string, SnapshotRow> {
  const lines = markdown.split('\n');
  const contexts = new Map<string, string>();
  let conditions: string[] = [];
  let section = '';
  let columns: string[] = [];
  const rows = new Map<string, SnapshotRow>();
  const cells = (line: string) =>
    line
      .slice(1, -1)
      .split(/(?<!\\)\|/)
      .map((c) => c.trim());
  for (const line of lines) {
    if (line.startsWith('## ')) section = line.slice(3);
    if (!line.startsWith('|') || !line.endsWith('|') || /^\|[-:|\s]+\|$/.test(line)) continue;
    const row = cells(line);
    if (section === 'Contexts') {
      if (row[0] === 'context') conditions = row.slice(1, -1);
      else
        contexts.set(
          row[0]!,
          conditions.map((c, i) => `${c}=${row[i + 1]}`).join(', ') || 'every context',
        );
    } else if (section.startsWith('Disallowed tools')) {
      if (row[0] === 'tool') columns = row.slice(3);
      else
        rows.set(row[0]!.replace(/^`+|`+$/g, ''), {
          exposure: row[2]!,
          allowed: new Map(columns.map((id, i) => [contexts.get(id) ?? id, row[3 + i] === '✓'])),
        });
    }
  }
  return rows;
}

function whereAllowed(row: SnapshotRow | undefined): string {
  if (!row) return 'not in the catalog';
  const allowed = [...row.allowed].filter(([, ok]) => ok).map(([context]) => context);
  if (allowed.length === row.allowed.size) return 'allowed in every context';
  if (allowed.length === 0) return 'disallowed in every context';
  return `allowed only when ${allowed.join(' or ')}`;
}

/** One line per tool whose exposure or allowed contexts differ between two snapshots. */
export function policyChanges(before: string, after: string): string[] {
  const old = readSnapshot(before);
  const now = readSnapshot(after);
  const lines: string[] = [];
  for (const key of new Set([...now.keys(), ...old.keys()])) {
    const a = old.get(key);
    const b = now.get(key);
    const exposure =
      a && b && a.exposure !== b.exposure
        ? `${a.exposure} → ${b.exposure}: `
        : !a
          ? `new ${b!.exposure} tool: `
          : !b
            ? 'removed: '
            : '';
    const was = whereAllowed(a);
    const is = whereAllowed(b);
    if (exposure === '' && was === is) continue;
    lines.push(`${key}: ${exposure}${was === is ? `still ${is}` : `now ${is} (was ${was})`}`);
  }
  return lines;
}
