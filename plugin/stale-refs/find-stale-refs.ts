// Finds references to runtime names of tools that are no longer in a catalog: `mcp__<server>__*`
// names under a catalogued server that the catalog does not have, and names an earlier registry had.
// Generated output folders are skipped, and so is a line that says `tool-catalog-ignore-stale-ref`.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { glob } from 'tinyglobby';
import type { CatalogModel } from '../model/catalog-model.js';
import { relativePosix } from '../text/spelling.js';
import { MANIFEST_NAME } from '../write/manifest.js';
import type { LastSeen } from './previous-names.js';

/** Written on a line (in a comment), it marks the names on that line as deliberate: a test of an old name, say. */
export const IGNORE_MARKER = 'tool-catalog-ignore-stale-ref';

export interface StaleReference {
  /** Path relative to the search root, POSIX separators. */
  readonly file: string;
  readonly line: number;
  readonly column: number;
  readonly name: string;
  readonly reason: 'unknown-under-server' | 'removed-from-catalog';
  /** For a removed name: the newest registry version that had it. */
  readonly lastSeen?: LastSeen;
}

/** A name under a server whose tools are partly named at run time: maybe one of those, maybe stale. */
export interface UnverifiedReference {
  readonly file: string;
  readonly line: number;
  readonly column: number;
  readonly name: string;
}

export interface StaleRefsInput {
  /** The current catalog. */
  readonly model: CatalogModel;
  /** Names earlier versions of the generated registry had, with where each was last seen. */
  readonly previousNames: ReadonlyMap<string, LastSeen>;
  /**
   * Runtime names the MCP lock says the servers list. They only settle names under servers named
   * at run time; a name removed from the catalog stays stale even while the lock still has it.
   */
  readonly served?: ReadonlySet<string>;
  /** Folder the globs are relative to. */
  readonly root: string;
  /** Globs of files to search; the defaults cover code, prompts, docs and tests. */
  readonly include?: readonly string[];
  /** Extra globs to skip (generated output folders, the catalog's own and any with a manifest, are always skipped). */
  readonly ignore?: readonly string[];
}

export interface StaleRefsResult {
  readonly references: StaleReference[];
  /** Names under `openServers` that the catalog does not have: reported, but not counted as stale. */
  readonly unverified: UnverifiedReference[];
  readonly filesSearched: number;
  /** Servers whose unknown names are not counted as stale because a tool on them is named at run time. */
  readonly openServers: string[];
}

const DEFAULT_INCLUDE = [
  '**/*.{ts,tsx,mts,cts,js,jsx,mjs,cjs,md,mdx,txt,json,yml,yaml,hbs,html,rb,py,prompt}',
];
const ALWAYS_IGNORE = [
  '**/node_modules/**',
  '**/.git/**',
  '**/dist/**',
  '**/.tool-catalog-manifest.json',
  '**/package-lock.json',
  '**/test/.artifacts/**',
];
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

/** Folders holding a writer's manifest: generated output of some catalog, of this config or another. */
async function generatedFolders(root: string, ignore: readonly string[]): Promise<string[]> {
  const manifests = await glob([`**/${MANIFEST_NAME}`], {
    cwd: root,
    ignore: ignore.filter((g) => !g.endsWith(MANIFEST_NAME)),
    dot: true,
    onlyFiles: true,
  });
  return manifests.map((m) => path.posix.dirname(m)).map((d) => (d === '.' ? '**' : `${d}/**`));
}

export async function findStaleReferences(input: StaleRefsInput): Promise<StaleRefsResult> {
  const { model } = input;
  const known = new Set(model.tools.flatMap((t) => t.names));
  // An in-process server with a tool named at run time (resolved, or discovered by the SDK) may serve
  // names the catalog cannot list. External channels are never checked for unknown names: their
  // servers have tools of their own that the catalog need not mention.
  const openServers = [
    ...new Set(
      model.tools
        .filter(
          (t) => t.server !== undefined && (t.nameSource.kind !== 'static' || t.names.length === 0),
        )
        .map((t) => t.server!),
    ),
  ].sort();
  const checkedServers = new Set(model.servers.filter((s) => !openServers.includes(s)));
  const openSet = new Set(openServers);
  const removed = [...input.previousNames.keys()].filter((n) => !known.has(n)).sort();
  // Bare SDK names are words: match them only as whole identifiers.
  const removedPattern =
    removed.length > 0
      ? new RegExp(
          removed.map((n) => `(?<![A-Za-z0-9_])${escapeRegExp(n)}(?![A-Za-z0-9_])`).join('|'),
          'g',
        )
      : undefined;
  const removedSet = new Set(removed);

  const own = [model.config.outDir, model.config.i18n.outDir]
    .map((d) => relativePosix(input.root, d))
    .filter((d) => d && !d.startsWith('..'))
    .map((d) => `${d}/**`);
  const ignore = [...ALWAYS_IGNORE, ...own, ...(input.ignore ?? [])];
  ignore.push(...(await generatedFolders(input.root, ignore)));
  const files = (
    await glob([...(input.include ?? DEFAULT_INCLUDE)], {
      cwd: input.root,
      ignore,
      dot: false,
      onlyFiles: true,
    })
  ).sort();

  const references: StaleReference[] = [];
  const unverified: UnverifiedReference[] = [];
  for (const file of files) {
    const text = await readFile(path.join(input.root, file), 'utf8').catch(() => undefined);
    if (text === undefined || text.length > MAX_FILE_BYTES || text.includes('\0')) continue;
    if (!text.includes('mcp__') && !removedPattern) continue;
    let starts: number[] | undefined;
    const at = (offset: number) => {
      starts ??= lineStarts(text);
      return position(starts, offset);
    };
    const ignored = (offset: number) => {
      const lineStart = text.lastIndexOf('\n', offset) + 1;
      const lineEnd = text.indexOf('\n', offset);
      return text.slice(lineStart, lineEnd < 0 ? undefined : lineEnd).includes(IGNORE_MARKER);
    };
    const seen = new Set<number>();
    for (const m of text.matchAll(MCP_NAME)) {
      const name = m[0];
      if (known.has(name) || ignored(m.index!)) continue;
      if (removedSet.has(name) || checkedServers.has(m[1]!)) {
        seen.add(m.index!);
        references.push({
          file,
          ...at(m.index!),
          name,
          ...(removedSet.has(name)
            ? { reason: 'removed-from-catalog', lastSeen: input.previousNames.get(name) }
            : { reason: 'unknown-under-server' }),
        });
      } else if (openSet.has(m[1]!) && !input.served?.has(name))
        unverified.push({ file, ...at(m.index!), name });
    }
    if (removedPattern) {
      for (const m of text.matchAll(removedPattern)) {
        if (seen.has(m.index!) || ignored(m.index!)) continue;
        references.push({
          file,
          ...at(m.index!),
          name: m[0],
          reason: 'removed-from-catalog',
          lastSeen: input.previousNames.get(m[0]),
        });
      }
    }
  }
  const order = (
    a: { file: string; line: number; column: number },
    b: { file: string; line: number; column: number },
  ) => (a.file < b.file ? -1 : a.file > b.file ? 1 : a.line - b.line || a.column - b.column);
  references.sort(order);
  unverified.sort(order);
  return { references, unverified, filesSearched: files.length, openServers };
}
