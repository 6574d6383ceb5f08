// Finds references to runtime names of tools that are no longer in a catalog: `mcp__<server>__*`
// names under a catalogued server that the catalog does not have, and names a previous registry had.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { glob } from 'tinyglobby';
import type { CatalogModel } from '../model/catalog-model.js';
import { relativePosix } from '../text/spelling.js';

export interface StaleReference {
  /** Path relative to the search root, POSIX separators. */
  readonly file: string;
  readonly line: number;
  readonly column: number;
  readonly name: string;
  readonly reason: 'unknown-under-server' | 'removed-from-catalog';
}

export interface StaleRefsInput {
  /** The current catalog. */
  readonly model: CatalogModel;
  /** Names the previous generated registry had. */
  readonly previousNames: ReadonlySet<string>;
  /** Folder the globs are relative to. */
  readonly root: string;
  /** Globs of files to search; the defaults cover code, prompts, docs and tests. */
  readonly include?: readonly string[];
  /** Extra globs to skip (the catalog's own generated output is always skipped). */
  readonly ignore?: readonly string[];
}

export interface StaleRefsResult {
  readonly references: StaleReference[];
  readonly filesSearched: number;
  /** Servers not checked for unknown names because a tool on them resolves its names at run time. */
  readonly openServers: string[];
}

export const DEFAULT_INCLUDE = ['**/*.{ts,tsx,mts,cts,js,jsx,mjs,cjs,md,mdx,txt,json,yml,yaml,hbs,html,rb,py,prompt}'];
const ALWAYS_IGNORE = ['**/node_modules/**', '**/.git/**', '**/dist/**', '**/.tool-catalog-manifest.json', '**/package-lock.json', '**/test/.artifacts/**'];
const MAX_FILE_BYTES = 2 * 1024 * 1024;
const MCP_NAME = /mcp__([A-Za-z0-9-]+(?:_[A-Za-z0-9-]+)*)__([A-Za-z0-9_-]+)/g;

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  return starts;
}

function position(starts: readonly number[], offset: number): { line: number; column: number } {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid]! <= offset) lo = mid;
    else hi = mid - 1;
  }
  return { line: lo + 1, column: offset - starts[lo]! + 1 };
}

export async function findStaleReferences(input: StaleRefsInput): Promise<StaleRefsResult> {
  const { model } = input;
  const known = new Set(model.tools.flatMap((t) => t.names));
  const openServers = [...new Set(model.tools.filter((t) => t.nameSource.kind === 'resolver' && t.server).map((t) => t.server!))].sort();
  const checkedServers = new Set(model.servers.filter((s) => !openServers.includes(s)));
  const removed = [...input.previousNames].filter((n) => !known.has(n)).sort();
  // Bare SDK names are words: match them only as whole identifiers.
  const removedPattern = removed.length > 0 ? new RegExp(removed.map((n) => `(?<![A-Za-z0-9_])${escapeRegExp(n)}(?![A-Za-z0-9_])`).join('|'), 'g') : undefined;
  const removedSet = new Set(removed);

  const outDir = relativePosix(input.root, model.config.outDir);
  const ignore = [...ALWAYS_IGNORE, ...(outDir && !outDir.startsWith('..') ? [`${outDir}/**`] : []), ...(input.ignore ?? [])];
  const files = (await glob([...(input.include ?? DEFAULT_INCLUDE)], { cwd: input.root, ignore, dot: false, onlyFiles: true })).sort();

  const references: StaleReference[] = [];
  for (const file of files) {
    const text = await readFile(path.join(input.root, file), 'utf8').catch(() => undefined);
    if (text === undefined || text.length > MAX_FILE_BYTES || text.includes('\0')) continue;
    if (!text.includes('mcp__') && !removedPattern) continue;
    let starts: number[] | undefined;
    const at = (offset: number) => position((starts ??= lineStarts(text)), offset);
    const seen = new Set<number>();
    for (const m of text.matchAll(MCP_NAME)) {
      const name = m[0];
      if (known.has(name) || !checkedServers.has(m[1]!)) continue;
      seen.add(m.index!);
      references.push({ file, ...at(m.index!), name, reason: removedSet.has(name) ? 'removed-from-catalog' : 'unknown-under-server' });
    }
    if (removedPattern) {
      for (const m of text.matchAll(removedPattern)) {
        if (seen.has(m.index!)) continue;
        references.push({ file, ...at(m.index!), name: m[0], reason: 'removed-from-catalog' });
      }
    }
  }
  references.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : a.line - b.line || a.column - b.column));
  return { references, filesSearched: files.length, openServers };
}
