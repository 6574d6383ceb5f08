// Pure: one MCP server's live tool list against the catalog (tools it lacks, names the server no
// longer has, probable renames) and against the lock (tools added, removed, renamed, and input
// schemas changed field by field since the last review).
import type { SourceLocator } from '../diagnostics/diagnostics.js';
import { canonicalJson } from '../mcp/canonical-json.js';
import type { ListedServer, ListedTool } from '../mcp/list-tools.js';
import type { CatalogModel } from '../model/catalog-model.js';
import type { CatalogNamesOnServer, OpenTool } from './mcp-catalog-names.js';
import { suggestDeclaration } from './mcp-declaration.js';
import type { VocabularyNames } from '../validate/validate-vocabulary.js';
import { lockTool, type LockedServer } from '../mcp/lock-file.js';
import {
  searchRenames,
  type ProbableRename,
  type RenameCandidate,
  type RenameSearch,
} from './renames.js';
import { schemaChanges, type FieldChange } from './schema-changes.js';
import { derivedPer } from '../session-memory.js';

interface NewTool {
  readonly wire: string;
  /** Ready to paste into a `.tools({...})` call (checked against the catalog's rules). */
  readonly declaration?: string;
  /** Why no declaration is offered: the catalog cannot name the tool as the server does. */
  readonly problem?: string;
}

export interface GoneName {
  readonly wire: string;
  readonly key: string;
  readonly at: SourceLocator;
  /** The name is the tool's key. */
  readonly isKey: boolean;
}

interface RenamedName extends GoneName {
  /** The server's name for it now. */
  readonly to: string;
  readonly score: number;
  readonly evidence: readonly string[];
}

export interface CatalogComparison {
  /** Wire names the catalog declares on this server. */
  readonly declared: number;
  readonly new: readonly NewTool[];
  readonly gone: readonly GoneName[];
  readonly renamed: readonly RenamedName[];
  /** Server tools the catalog does not name, served under names only known at run time. */
  readonly coveredAtRunTime: {
    readonly tools: readonly string[];
    readonly by: readonly OpenTool[];
  };
  /** Set when there were too many tools to compare every pair for renames. */
  readonly renameSearch?: RenameSearch;
}

export interface ToolChange {
  readonly tool: string;
  readonly fields: readonly FieldChange[];
  /** The input schema's hash changed but no property summary did: descriptions or keywords the summary leaves out. */
  readonly otherInputChange: boolean;
  readonly outputSchemaChanged: boolean;
  readonly annotations?: { readonly before?: unknown; readonly after?: unknown };
}

export interface LockComparison {
  /** `missing`: the lock has no entry for the server yet. */
  readonly status: 'missing' | 'same' | 'changed';
  readonly added: readonly string[];
  readonly removed: readonly string[];
  readonly renamed: readonly ProbableRename[];
  readonly changed: readonly ToolChange[];
  /** Set when the lock was made with other client capabilities than the config declares now. */
  readonly capabilities?: { readonly locked: unknown; readonly now: unknown };
  /** Set when the server reports another version than the lock records (not a difference by itself). */
  readonly serverVersion?: { readonly locked?: string; readonly now?: string };
  /** Set when there were too many tools to compare every pair for renames. */
  readonly renameSearch?: RenameSearch;
}

/** The search, when it compared fewer pairs than there were: the report says so. */
const partial = (search: RenameSearch) =>
  search.compared < search.possible ? { renameSearch: search } : {};

const byName = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Each live tool's lock entry, computed once in a run for both comparisons (the hash and summary are the work). */
const lockedOnce = derivedPer('lock entry of a listed MCP tool', (t: ListedTool) => lockTool(t));

const liveCandidate = (t: ListedTool): RenameCandidate => {
  const entry = lockedOnce(t);
  return {
    name: t.name,
    description: t.description,
    hash: entry.inputSchemaHash,
    summary: entry.properties,
  };
};

export function compareWithCatalog(
  model: CatalogModel,
  server: string,
  declared: CatalogNamesOnServer,
  listed: ListedServer,
  locked: LockedServer | undefined,
  vocabulary: VocabularyNames,
): CatalogComparison {
  const live = new Map(listed.tools.map((t) => [t.name, t]));
  const names = new Set(declared.names.map((n) => n.wire));
  const gone = declared.names.filter((n) => !live.has(n.wire));
  const unnamed = listed.tools
    .filter((t) => !names.has(t.name))
    .map((t) => t.name)
    .sort(byName);
  // The lock remembers the schema of a name the server dropped: the best evidence of a rename.
  const goneCandidates = gone.map((g): RenameCandidate => {
    const entry = locked && Object.hasOwn(locked.tools, g.wire) ? locked.tools[g.wire] : undefined;
    return entry
      ? { name: g.wire, hash: entry.inputSchemaHash, summary: entry.properties }
      : { name: g.wire };
  });
  const { renames, search } = searchRenames(
    goneCandidates,
    unnamed.map((n) => liveCandidate(live.get(n)!)),
  );
  const renamedFrom = new Map(renames.map((r) => [r.from, r]));
  const renamedTo = new Set(renames.map((r) => r.to));
  const renamed = gone
    .filter((g) => renamedFrom.has(g.wire))
    .map((g) => {
      const r = renamedFrom.get(g.wire)!;
      return { ...g, to: r.to, score: r.score, evidence: r.evidence };
    });
  const rest = unnamed.filter((n) => !renamedTo.has(n));
  const taken = new Set(model.tools.map((t) => t.key));
  const fresh = declared.open.length > 0 ? [] : rest;
  return {
    declared: declared.names.length,
    new: fresh.map((wire) => {
      const suggestion = suggestDeclaration(
        model,
        vocabulary,
        server,
        declared.kind,
        wire,
        live.get(wire)!.description,
        taken,
      );
      if ('problem' in suggestion) return { wire, problem: suggestion.problem };
      taken.add(suggestion.key);
      return { wire, declaration: suggestion.declaration };
    }),
    gone: gone.filter((g) => !renamedFrom.has(g.wire)),
    renamed,
    coveredAtRunTime: { tools: declared.open.length > 0 ? rest : [], by: declared.open },
    ...partial(search),
  };
}

export function compareWithLock(
  locked: LockedServer | undefined,
  listed: ListedServer,
  clientCapabilities: unknown,
): LockComparison {
  const none = { added: [], removed: [], renamed: [], changed: [] };
  if (!locked) return { status: 'missing', ...none };
  const live = new Map(listed.tools.map((t) => [t.name, t]));
  const lockedNames = Object.keys(locked.tools).sort(byName);
  const removedAll = lockedNames.filter((n) => !live.has(n));
  const addedAll = listed.tools
    .map((t) => t.name)
    .filter((n) => !Object.hasOwn(locked.tools, n))
    .sort(byName);
  const { renames: renamed, search } = searchRenames(
    removedAll.map((n) => ({
      name: n,
      hash: locked.tools[n]!.inputSchemaHash,
      summary: locked.tools[n]!.properties,
    })),
    addedAll.map((n) => liveCandidate(live.get(n)!)),
  );
  const renamedFrom = new Set(renamed.map((r) => r.from));
  const renamedTo = new Set(renamed.map((r) => r.to));
  const changed: ToolChange[] = [];
  for (const name of lockedNames.filter((n) => live.has(n))) {
    const was = locked.tools[name]!;
    const now = lockedOnce(live.get(name)!);
    // The summary is derived from the schema: a summary that differs under an equal hash means the
    // lock was edited by hand.
    const inputChanged =
      was.inputSchemaHash !== now.inputSchemaHash ||
      canonicalJson(was.properties) !== canonicalJson(now.properties);
    const outputSchemaChanged = was.outputSchemaHash !== now.outputSchemaHash;
    const annotationsChanged =
      canonicalJson(was.annotations ?? {}) !== canonicalJson(now.annotations ?? {});
    if (!inputChanged && !outputSchemaChanged && !annotationsChanged) continue;
    const fields = inputChanged ? schemaChanges(was.properties, now.properties) : [];
    changed.push({
      tool: name,
      fields,
      otherInputChange: inputChanged && fields.length === 0,
      outputSchemaChanged,
      ...(annotationsChanged
        ? { annotations: { before: was.annotations, after: now.annotations } }
        : {}),
    });
  }
  const capabilities =
    canonicalJson(locked.clientCapabilities) === canonicalJson(clientCapabilities)
      ? undefined
      : { locked: locked.clientCapabilities, now: clientCapabilities };
  const version = (s: { version: string } | undefined) => s?.version;
  const serverVersion =
    version(locked.server) === version(listed.serverInfo)
      ? undefined
      : { locked: version(locked.server), now: version(listed.serverInfo) };
  const differs =
    removedAll.length + addedAll.length + changed.length > 0 || capabilities !== undefined;
  return {
    status: differs ? 'changed' : 'same',
    added: addedAll.filter((n) => !renamedTo.has(n)),
    removed: removedAll.filter((n) => !renamedFrom.has(n)),
    renamed,
    changed,
    ...(capabilities ? { capabilities } : {}),
    ...(serverVersion ? { serverVersion } : {}),
    ...partial(search),
  };
}
