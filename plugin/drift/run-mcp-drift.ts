// The `drift --mcp` core the CLI loads only when asked: the project's models (no rendering), every
// selected MCP server listed with the official client, each compared with the catalog and the
// lock, the catalog positions of the names it reports, and, with `--update`, the lock rewritten.
import path from 'node:path';
import {
  DIAGNOSTIC_CODES,
  type CatalogDiagnostic,
  type SourcePosition,
} from '../diagnostics/diagnostics.js';
import { didYouMean } from '../diagnostics/field-schema.js';
import type { ResolvedMcpServer } from '../load/mcp-config.js';
import { McpListError, type FailureDetails } from '../mcp/list-failure.js';
import { listServerTools, type ListedServer, type ToolProblem } from '../mcp/list-tools.js';
import type { CatalogModel } from '../model/catalog-model.js';
import { loadProject, type Project, type ProjectCatalog } from '../project/load-project.js';
import { vocabularyNames } from '../validate/validate-vocabulary.js';
import { MCP_LOCK_NAME } from '../write/manifest.js';
import { catalogNamesOn } from './mcp-catalog-names.js';
import {
  compareWithCatalog,
  compareWithLock,
  type CatalogComparison,
  type GoneName,
  type LockComparison,
} from './mcp-diff.js';
import {
  formatLock,
  LOCK_VERSION,
  lockServer,
  type LockedServer,
  type McpLock,
} from '../mcp/lock-file.js';
import { readLock, writeLock } from './mcp-lock-io.js';
import { runInOneMemory } from '../session-memory.js';

export interface McpDriftOptions {
  readonly cwd: string;
  readonly config?: string;
  readonly catalog?: string;
  /** Only these servers (names the catalogs declare); all configured ones when empty. */
  readonly servers: readonly string[];
  /** Record what the servers list now in the lock. */
  readonly update: boolean;
  /** Override every server's time limits for this run. */
  readonly connectTimeoutMs?: number;
  readonly listTimeoutMs?: number;
}

/**
 * A catalog name with where it is written, found by the project's locator (`at` is dropped: it is
 * the locator's input).
 */
type Located<T> = Omit<T, 'at'> & { readonly position?: SourcePosition };

export interface ServerDrift {
  readonly server: string;
  readonly kind: 'server' | 'channel';
  readonly reached: string;
  readonly ok: boolean;
  readonly failure?: FailureDetails & { readonly message: string };
  readonly serverInfo?: { readonly name: string; readonly version: string };
  readonly tools?: number;
  readonly pages?: number;
  readonly hasToolsCapability?: boolean;
  readonly problems?: readonly ToolProblem[];
  readonly catalog?: Omit<CatalogComparison, 'gone' | 'renamed'> & {
    readonly gone: readonly Located<GoneName>[];
    readonly renamed: readonly Located<CatalogComparison['renamed'][number]>[];
  };
  readonly lock?: LockComparison;
  readonly timings?: ListedServer['timings'];
}

export interface CatalogMcpDrift {
  readonly catalog: string;
  /** Absolute path of the catalog's lock. */
  readonly lockFile: string;
  /** The lock could not be read (and was not rewritten). */
  readonly lockError?: string;
  /** `--update` changed the lock's bytes. */
  readonly lockUpdated: boolean;
  readonly servers: readonly ServerDrift[];
  /** Servers and channels the catalog declares but the config says nothing about reaching. */
  readonly notConfigured: readonly string[];
  /** Lock entries of servers the config no longer names. */
  readonly staleLockEntries: readonly string[];
  readonly ok: boolean;
}

export interface McpDriftResult {
  readonly ok: boolean;
  readonly catalogs: readonly CatalogMcpDrift[];
  /** Errors in the config or a catalog: nothing was listed. */
  readonly diagnostics: readonly CatalogDiagnostic[];
  /** The command line names a server no catalog configures, or none is configured. */
  readonly usageError?: string;
}

/** Servers listed at once: enough to hide start-up times, few enough for a small CI machine. */
const CONCURRENCY = 4;

async function inBatches<T, R>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < items.length; i = next++) results[i] = await work(items[i]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/** The servers to list, by catalog, or what is wrong with the command line. */
function selectServers(
  catalogs: readonly ProjectCatalog[],
  wanted: readonly string[],
): { selected: Map<ProjectCatalog, ResolvedMcpServer[]>; usageError?: string } {
  const configured = [...new Set(catalogs.flatMap((c) => Object.keys(c.config.mcp)))].sort();
  const selected = new Map<ProjectCatalog, ResolvedMcpServer[]>();
  if (configured.length === 0) {
    const names = catalogs.map((c) => `'${c.config.name}'`).join(', ');
    return {
      selected,
      usageError:
        `No MCP server is configured for catalog ${names}: say how to reach each ` +
        `one in the config, e.g. mcp: { 'my-server': { command: 'npx', args: ` +
        `['my-mcp-server'] } } (see docs/drift.md).`,
    };
  }
  const unknown = wanted.filter((w) => !configured.includes(w));
  if (unknown.length > 0)
    return {
      selected,
      usageError:
        `No catalog says how to reach MCP server '${unknown[0]}'; configured: ` +
        `${configured.join(', ')}.${didYouMean(unknown[0]!, configured)}`,
    };
  for (const c of catalogs) {
    const servers = Object.values(c.config.mcp).filter(
      (s) => wanted.length === 0 || wanted.includes(s.name),
    );
    if (servers.length > 0)
      selected.set(
        c,
        servers.sort((a, b) => (a.name < b.name ? -1 : 1)),
      );
  }
  return { selected };
}

type Listing = { server: ResolvedMcpServer; listed?: ListedServer; failure?: McpListError };

async function locateNames(
  project: Project,
  names: readonly GoneName[],
): Promise<(SourcePosition | undefined)[]> {
  if (names.length === 0) return [];
  const located = await project.locate(
    names.map((n) => ({
      code: DIAGNOSTIC_CODES.invalidValue,
      severity: 'error' as const,
      message: '',
      at: n.at,
    })),
  );
  return located.map((d) => d.position);
}

async function serverDrift(
  project: Project,
  model: CatalogModel,
  catalog: ProjectCatalog,
  listing: Listing,
  locked: LockedServer | undefined,
  update: boolean,
): Promise<ServerDrift> {
  const { server, listed, failure } = listing;
  const declared = catalogNamesOn(server.name, model, catalog.raw);
  const base = {
    server: server.name,
    kind: declared.kind,
    reached: listed?.reached ?? failure?.details.reached ?? '',
  };
  if (!listed)
    return { ...base, ok: false, failure: { ...failure!.details, message: failure!.message } };
  const vocabulary = vocabularyNames(catalog.raw.vocabulary ?? {});
  const compared = compareWithCatalog(model, server.name, declared, listed, locked, vocabulary);
  const lock = compareWithLock(locked, listed, server.clientCapabilities);
  const [gonePositions, renamedPositions] = [
    await locateNames(project, compared.gone),
    await locateNames(project, compared.renamed),
  ];
  const catalogOk = compared.new.length + compared.gone.length + compared.renamed.length === 0;
  return {
    ...base,
    ok: catalogOk && listed.problems.length === 0 && (update || lock.status === 'same'),
    ...(listed.serverInfo ? { serverInfo: listed.serverInfo } : {}),
    tools: listed.tools.length,
    pages: listed.pages,
    hasToolsCapability: listed.hasToolsCapability,
    problems: listed.problems,
    catalog: {
      ...compared,
      gone: compared.gone.map(({ at: _at, ...g }, i) => ({ ...g, position: gonePositions[i] })),
      renamed: compared.renamed.map(({ at: _at, ...r }, i) => ({
        ...r,
        position: renamedPositions[i],
      })),
    },
    lock,
    timings: listed.timings,
  };
}

/** The lock after `--update`: the listed servers' entries replaced, entries of servers no longer configured dropped. */
function updatedLock(
  previous: McpLock | undefined,
  catalog: ProjectCatalog,
  listings: readonly Listing[],
): McpLock {
  const servers = new Map<string, LockedServer>();
  for (const [name, entry] of Object.entries(previous?.servers ?? {}))
    if (Object.hasOwn(catalog.config.mcp, name)) servers.set(name, entry);
  for (const { server, listed } of listings)
    if (listed)
      servers.set(server.name, lockServer(listed, server.type, server.clientCapabilities));
  return { lockfileVersion: LOCK_VERSION, servers: Object.fromEntries(servers) };
}

/** Runs in one memory: the project's load and both comparisons of each server share what they derive. */
export const runMcpDrift = (options: McpDriftOptions): Promise<McpDriftResult> =>
  runInOneMemory(() => mcpDriftInMemory(options));

async function mcpDriftInMemory(options: McpDriftOptions): Promise<McpDriftResult> {
  const project = await loadProject(options);
  if (!project.ok) return { ok: false, catalogs: [], diagnostics: project.diagnostics };
  const withModels = project.catalogs.filter((c) => c.model);
  const { selected, usageError } = selectServers(withModels, options.servers);
  if (usageError) return { ok: false, catalogs: [], diagnostics: project.diagnostics, usageError };

  const jobs = [...selected].flatMap(([catalog, servers]) =>
    servers.map((server) => ({ catalog, server })),
  );
  const listings = await inBatches(jobs, CONCURRENCY, async ({ server }): Promise<Listing> => {
    try {
      return {
        server,
        listed: await listServerTools(server, {
          connectTimeoutMs: options.connectTimeoutMs,
          listTimeoutMs: options.listTimeoutMs,
        }),
      };
    } catch (error) {
      if (error instanceof McpListError) return { server, failure: error };
      throw error;
    }
  });

  const catalogs: CatalogMcpDrift[] = [];
  for (const [catalog, servers] of selected) {
    const model = catalog.model!;
    const lockFile = path.join(catalog.config.outDir, MCP_LOCK_NAME);
    const shown = path.relative(options.cwd, lockFile).split(path.sep).join('/');
    const read = readLock(lockFile, shown);
    const mine = listings.filter((l) => servers.includes(l.server));
    const lockedServers = read.lock?.servers ?? {};
    const drifts: ServerDrift[] = [];
    for (const listing of mine) {
      const name = listing.server.name;
      const locked = Object.hasOwn(lockedServers, name) ? lockedServers[name] : undefined;
      drifts.push(await serverDrift(project, model, catalog, listing, locked, options.update));
    }
    const staleLockEntries = Object.keys(lockedServers)
      .filter((n) => !Object.hasOwn(catalog.config.mcp, n))
      .sort();
    let lockUpdated = false;
    let lockError = read.error;
    // A path that is a folder (or cannot be read) is never replaced: its message stays.
    if (options.update && !read.blocked && mine.some((l) => l.listed)) {
      const written = await writeLock(
        lockFile,
        shown,
        formatLock(updatedLock(read.lock, catalog, mine)),
      );
      lockUpdated = written.written;
      lockError = written.error ?? (lockUpdated ? undefined : read.error);
    }
    const declaredNames = [...model.servers, ...model.channels];
    catalogs.push({
      catalog: model.name,
      lockFile,
      ...(lockError ? { lockError } : {}),
      lockUpdated,
      servers: drifts,
      notConfigured: declaredNames.filter((n) => !Object.hasOwn(catalog.config.mcp, n)).sort(),
      staleLockEntries: options.update ? [] : staleLockEntries,
      ok:
        drifts.every((d) => d.ok) &&
        (options.update
          ? lockError === undefined || lockUpdated
          : !lockError && staleLockEntries.length === 0),
    });
  }
  return { ok: catalogs.every((c) => c.ok), catalogs, diagnostics: project.diagnostics };
}
