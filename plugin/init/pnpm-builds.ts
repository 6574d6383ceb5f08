// pnpm 11 and later refuse to finish an install while a dependency's build script is neither allowed
// nor denied (ERR_PNPM_IGNORED_BUILDS). esbuild's postinstall only checks its binary, which its
// platform package already carries, so init records `esbuild: false` under `allowBuilds`.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

export const PNPM_WORKSPACE_FILE = 'pnpm-workspace.yaml';

/** Dependencies of agent-tool-catalog with a build script, and pnpm's decision for each. */
const BUILD_DECISIONS: Readonly<Record<string, boolean>> = { esbuild: false };

export type PnpmBuildsEdit =
  | { readonly file: string; readonly action: 'created' | 'appended'; readonly content: string }
  | { readonly file: string; readonly action: 'kept' }
  /** The file spells `allowBuilds` in a way init does not edit (flow style, anchors): the user adds the entries. */
  | { readonly file: string; readonly action: 'manual'; readonly entries: string };

const entryLines = (indent: string, names: readonly string[]) =>
  names.map((n) => `${indent}${n}: ${BUILD_DECISIONS[n]}`).join('\n');

/**
 * The edit that records the build decisions in the workspace's pnpm-workspace.yaml (the one at `root`,
 * created when missing). A YAML text edit: a new `allowBuilds` block at the end, or the missing names
 * added under an existing block mapping; names already decided either way are left as they are.
 */
export function pnpmBuildsEdit(root: string): PnpmBuildsEdit {
  const file = path.join(root, PNPM_WORKSPACE_FILE);
  const names = Object.keys(BUILD_DECISIONS);
  if (!existsSync(file))
    return { file, action: 'created', content: `allowBuilds:\n${entryLines('  ', names)}\n` };
  const text = readFileSync(file, 'utf8');
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  const lines = text.split(/\r?\n/);
  const at = lines.findIndex((l) => /^allowBuilds\s*:/.test(l));
  if (at === -1) {
    const separator = text === '' || text.endsWith('\n') ? '' : eol;
    return {
      file,
      action: 'appended',
      content: `${text}${separator}allowBuilds:${eol}${entryLines('  ', names).split('\n').join(eol)}${eol}`,
    };
  }
  if (!/^allowBuilds\s*:\s*(#.*)?$/.test(lines[at]!))
    return { file, action: 'manual', entries: entryLines('  ', names) };
  // The block's entries: the indented lines after the key (blank lines between them included).
  let end = at + 1;
  while (end < lines.length && /^(\s+\S.*|\s*)$/.test(lines[end]!)) end++;
  while (end > at + 1 && /^\s*$/.test(lines[end - 1]!)) end--;
  const block = lines.slice(at + 1, end);
  const decided = new Set(
    block.map((l) => /^\s+['"]?([^'":\s]+)['"]?\s*:/.exec(l)?.[1]).filter(Boolean),
  );
  const missing = names.filter((n) => !decided.has(n));
  if (missing.length === 0) return { file, action: 'kept' };
  const indent = /^(\s+)\S/.exec(block.find((l) => /^\s+[^\s#]/.test(l)) ?? '')?.[1] ?? '  ';
  lines.splice(end, 0, ...entryLines(indent, missing).split('\n'));
  return { file, action: 'appended', content: lines.join(eol) };
}
