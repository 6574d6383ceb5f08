// What each entry of a user's opt-out list does. Besides a user tool's key or runtime name, a user
// may write a whole MCP server (`mcp__docs`) or a pattern (`mcp__docs__*`, `mcp__*`): for the
// catalog's own in-process servers these expand to the server's user tools; for other servers they
// pass through to `disallowedTools`, which the runtime honours for external servers (measured with
// `tool-catalog verify`, see docs/verify.md). Every entry gets its effect and, where it is not the
// obvious one, a reason.
import { currentNameOf } from './identity.js';
import { mcpServerOf, type PreparedPolicy } from './policy-tables.js';
import { closestName } from './spelling.js';

export interface OptOutEffect {
  /** The entry as the user wrote it. */
  readonly entry: string;
  /**
   * `switched-off`: a user tool (with its pair group and dependents); `expanded`: a server or pattern,
   * as the user tools of the catalog's servers it covers; `passed-through`: a server or pattern
   * outside the catalog, handed to `disallowedTools` as written; `ignored`: nothing, see `reason`.
   */
  readonly effect: 'switched-off' | 'expanded' | 'passed-through' | 'ignored';
  /** Tool keys it switched off (for `expanded`, also the ones it could not: see `reason`). */
  readonly keys: readonly string[];
  /** Why (part of) the entry changed nothing. */
  readonly reason?: string;
}

const PASSED_THROUGH =
  'handed to disallowedTools as written: the runtime removes the matching ' +
  'tools of an external server from what the model is offered';

/** `mcp__docs` and `mcp__docs__*` → `docs`; `mcp__*` → `*`; anything else → undefined. */
export function serverPattern(entry: string): string | undefined {
  if (entry === 'mcp__*') return '*';
  if (!entry.startsWith('mcp__')) return undefined;
  const rest = entry.slice(5);
  if (rest.endsWith('__*'))
    return rest.slice(0, -3).includes('__') ? undefined : rest.slice(0, -3) || undefined;
  return rest !== '' && !rest.includes('__') && !rest.includes('*') ? rest : undefined;
}

/** Whether a runtime name is covered by a disallowed entry: the name itself, its server, or a pattern. */
export function coveredBy(name: string, entry: string): boolean {
  if (entry === name) return true;
  const server = serverPattern(entry);
  if (server === undefined) return false;
  return server === '*' ? name.startsWith('mcp__') : mcpServerOf(name) === server;
}

/**
 * The effect of one opt-out entry on a prepared policy: the tool indices whose opt-out closures to
 * mark, and whether to pass it through to `disallowedTools`.
 */
export function optOutEffect(
  p: PreparedPolicy,
  entry: string,
): { effect: OptOutEffect; closures: Int32Array[]; passThrough: boolean } {
  const closure = p.optOut.get(entry);
  if (closure)
    return {
      effect: { entry, effect: 'switched-off', keys: [p.keys[p.indexOf.get(entry)!]!] },
      closures: [closure],
      passThrough: false,
    };
  const known = p.indexOf.get(entry);
  if (known !== undefined)
    return {
      effect: {
        entry,
        effect: 'ignored',
        keys: [],
        reason:
          `'${p.keys[known]}' is not a user tool: internal, conditional and ` +
          `disabled tools are not switched by users`,
      },
      closures: [],
      passThrough: false,
    };
  const server = serverPattern(entry);
  if (server === undefined) {
    // One tool of a server outside the catalog: the runtime's to remove.
    const owner = entry.includes('*') ? undefined : mcpServerOf(entry);
    if (owner !== undefined && !p.servers.has(owner))
      return {
        effect: { entry, effect: 'passed-through', keys: [], reason: PASSED_THROUGH },
        closures: [],
        passThrough: true,
      };
    const reason = entry.includes('*')
      ? 'only MCP servers can be switched off by pattern (mcp__<server>, mcp__<server>__*, mcp__*)'
      : 'no tool of the catalog has this key or runtime name';
    return {
      effect: { entry, effect: 'ignored', keys: [], reason },
      closures: [],
      passThrough: false,
    };
  }
  const servers = server === '*' ? [...p.servers] : p.servers.has(server) ? [server] : [];
  // A server outside the catalog (or any, for `mcp__*`) is the runtime's to remove.
  const passThrough = server === '*' || !p.servers.has(server);
  if (servers.length === 0)
    return {
      effect: { entry, effect: 'passed-through', keys: [], reason: PASSED_THROUGH },
      closures: [],
      passThrough,
    };
  const closures: Int32Array[] = [];
  const keys: string[] = [];
  const kept: string[] = [];
  for (const s of servers) {
    for (const i of p.byServer.get(s) ?? []) {
      const userClosure = p.optOut.get(p.keys[i]!);
      if (userClosure) {
        closures.push(userClosure);
        keys.push(p.keys[i]!);
      } else kept.push(p.keys[i]!);
    }
  }
  // `mcp__*` also reaches servers outside the catalog only as written, and the runtime and the
  // session then apply it to every server.
  const alsoLeftOut =
    kept.length > 0
      ? `; as it covers every MCP server, the session leaves out ` +
        `${kept.join(', ')} too, although they are not user tools`
      : '';
  const reason =
    server === '*'
      ? `also passed through to disallowedTools for MCP servers outside the catalog${alsoLeftOut}`
      : kept.length > 0
        ? `kept ${kept.join(', ')}: not user tools, so not switched by users`
        : undefined;
  return {
    effect: { entry, effect: 'expanded', keys, ...(reason ? { reason } : {}) },
    closures,
    passThrough,
  };
}

/** An opt-out entry that changes nothing, why, and what the user probably meant. */
export interface IgnoredOptOut {
  /** The entry as stored (a non-string entry as `String(entry)`). */
  readonly entry: string;
  readonly reason: string;
  /** The key, runtime name or server pattern it most likely meant. */
  readonly suggestion?: string;
  /** The tool it names, when it names one users cannot switch (an internal, conditional or disabled tool). */
  readonly key?: string;
}

/** One stored entry rewritten to today's form. */
export interface OptOutChange {
  readonly from: string;
  readonly to: string;
  readonly why: string;
}

export interface OptOutOptions {
  /**
   * MCP servers the catalog does not declare whose entries are handed to `disallowedTools` as
   * written (servers the app connects itself), or `'all'`. Default: none — an entry under an
   * undeclared server is reported, since it is most often a typo or a server's former name.
   */
  readonly otherServers?: 'all' | Iterable<string>;
}

export interface NormalisedOptOuts {
  /**
   * Catalog keys of the user tools the entries switch off, in catalog order, once each (their
   * closures: `prepared.optOut`).
   */
  readonly keys: readonly string[];
  /**
   * Entries handed to `disallowedTools` as written, in today's names: `mcp__*`, and servers, patterns
   * and tool names of external channels and allowed other servers. A pattern over one of the catalog's
   * in-process servers is not here: it switches off that server's user tools, listed in `keys`.
   */
  readonly patterns: readonly string[];
  /** Entries that change nothing — unknown names and tools users cannot switch — each with a reason. */
  readonly unknown: readonly IgnoredOptOut[];
  /** Entries stored under an earlier name (a former key, a renamed server, an SDK legacy name), and today's form. */
  readonly migrated: readonly OptOutChange[];
}

const otherServersOf = (options: OptOutOptions | undefined): 'all' | ReadonlySet<string> =>
  options?.otherServers === 'all' ? 'all' : new Set(options?.otherServers ?? []);

/** The user tool sharing a pair group with `index`, the tool users switch instead of it. */
function switchableInstead(p: PreparedPolicy, index: number): string | undefined {
  const group = p.tables.tools[index]!.pairGroup;
  if (group === undefined) return undefined;
  return p.tables.tools.find((t) => t.pairGroup === group && t.exposure === 'user')?.key;
}

const writable = new WeakMap<PreparedPolicy, readonly string[]>();

/** Keys, runtime names and server patterns a user can write: what a suggestion may name (once per catalog). */
function writableNames(p: PreparedPolicy): readonly string[] {
  const names = writable.get(p);
  if (names) return names;
  const out: string[] = [];
  p.tables.tools.forEach((t, i) => {
    if (t.exposure === 'user') out.push(t.key, ...p.names[i]!);
  });
  for (const server of [...p.servers, ...(p.tables.channels ?? [])]) out.push(`mcp__${server}`);
  writable.set(p, out);
  return out;
}

/** Whether tools under a channel are named at run time (mirrored or resolved), so any name there may exist. */
const dynamicNamespace = (p: PreparedPolicy, namespace: string) =>
  p.tables.tools.some(
    (t) => t.namesFrom !== undefined && (t.channel === namespace || t.server === namespace),
  );

/**
 * Reads an agent's opt-out list against the catalog: the user tools it switches off (by key), the
 * entries to hand to `disallowedTools` as written, the entries that change nothing (with a reason and
 * a suggestion) and those stored under earlier names (migrated to today's). Pure; the offer and the
 * session call it once per list.
 */
export function normaliseOptOuts(
  p: PreparedPolicy,
  entries: readonly unknown[] | null | undefined,
  options?: OptOutOptions,
): NormalisedOptOuts {
  const switched = new Uint8Array(p.size);
  const patterns: string[] = [];
  const unknown: IgnoredOptOut[] = [];
  const migrated: OptOutChange[] = [];
  const other = otherServersOf(options);
  const channels = new Set(p.tables.channels ?? []);
  const passes = (namespace: string) =>
    channels.has(namespace) || other === 'all' || other.has(namespace);
  const pass = (entry: string) => {
    if (!patterns.includes(entry)) patterns.push(entry);
  };
  const suggest = (entry: string) => closestName(entry, writableNames(p));
  for (const raw of entries ?? []) {
    if (typeof raw !== 'string') {
      unknown.push({
        entry: String(raw),
        reason: `an opt-out must be a string, not ${raw === null ? 'null' : typeof raw}`,
      });
      continue;
    }
    const found = currentNameOf(p, raw);
    if (found?.why && found.change !== 'runtime-name')
      migrated.push({ from: raw, to: found.current, why: found.why });
    const entry = found?.current ?? raw;
    if (found?.key !== undefined) {
      const index = p.indexOf.get(found.key)!;
      if (p.optOut.has(found.key)) switched[index] = 1;
      else {
        const instead = switchableInstead(p, index);
        unknown.push({
          entry: raw,
          key: found.key,
          reason:
            `'${found.key}' is not a user tool: internal, conditional and disabled ` +
            `tools are not switched by users` +
            `${instead ? `; it goes with ${instead} (pair group ${p.tables.tools[index]!.pairGroup})` : ''}`,
          ...(instead ? { suggestion: instead } : {}),
        });
      }
      continue;
    }
    const server = serverPattern(entry);
    const undeclared = (namespace: string) => ({
      entry: raw,
      reason:
        `the catalog declares no MCP server or channel '${namespace}'; fix the ` +
        `name, or pass a server the app connects itself as otherServers`,
      ...withSuggestion(suggest(entry)),
    });
    if (server === '*') {
      // Every server: the catalog's own user tools here, the rest by the runtime.
      for (const s of p.servers)
        for (const i of p.byServer.get(s) ?? []) if (p.optOut.has(p.keys[i]!)) switched[i] = 1;
      pass(entry);
    } else if (server !== undefined) {
      if (p.servers.has(server)) {
        for (const i of p.byServer.get(server) ?? []) if (p.optOut.has(p.keys[i]!)) switched[i] = 1;
      } else if (passes(server)) pass(entry);
      else unknown.push(undeclared(server));
    } else if (entry.startsWith('mcp__') && !entry.includes('*')) {
      // One tool the catalog does not name statically.
      const namespace = mcpServerOf(entry);
      if (namespace === undefined)
        unknown.push({
          entry: raw,
          reason: 'a runtime name of an MCP tool reads mcp__<server>__<tool>',
          ...withSuggestion(suggest(entry)),
        });
      else if (p.servers.has(namespace))
        unknown.push({
          entry: raw,
          reason: `no tool of the catalog's server '${namespace}' has this name`,
          ...withSuggestion(suggest(entry)),
        });
      else if (channels.has(namespace) && !dynamicNamespace(p, namespace))
        unknown.push({
          entry: raw,
          reason: `no tool of the channel '${namespace}' has this name`,
          ...withSuggestion(suggest(entry)),
        });
      else if (passes(namespace)) pass(entry);
      else unknown.push(undeclared(namespace));
    } else {
      const reason = entry.includes('*')
        ? 'only MCP servers can be switched off by pattern (mcp__<server>, mcp__<server>__*, mcp__*)'
        : 'no tool of the catalog has this key or runtime name';
      unknown.push({ entry: raw, reason, ...withSuggestion(suggest(entry)) });
    }
  }
  const keys: string[] = [];
  for (let i = 0; i < switched.length; i++) if (switched[i] === 1) keys.push(p.keys[i]!);
  return { keys, patterns, unknown, migrated };
}

const withSuggestion = (suggestion: string | undefined) =>
  suggestion === undefined ? {} : { suggestion };

export interface OptOutMigration<E extends string = string> {
  /**
   * The list in today's form: tools by catalog key, servers and patterns under today's server
   * names; unknown entries left out.
   */
  readonly optOuts: E[];
  /** What changed, entry by entry. */
  readonly changes: readonly OptOutChange[];
  /** Entries no name of the catalog explains (left out of `optOuts`), with a reason and a suggestion. */
  readonly unknown: readonly IgnoredOptOut[];
}

/**
 * Rewrites a stored opt-out list to today's names, for an app to save back: old runtime names, former
 * keys and names (`renamedFrom`), names under a renamed server and the SDK's legacy names become
 * today's catalog keys. It does not judge whether a tool can be switched (`normaliseOptOuts` does).
 */
export function migrateOptOuts(
  p: PreparedPolicy,
  stored: readonly unknown[] | null | undefined,
  options?: OptOutOptions,
): OptOutMigration {
  const optOuts: string[] = [];
  const changes: OptOutChange[] = [];
  const unknown: IgnoredOptOut[] = [];
  for (const raw of stored ?? []) {
    const found = typeof raw === 'string' ? currentNameOf(p, raw) : undefined;
    const read = found ? undefined : normaliseOptOuts(p, [raw], options);
    if (read && read.unknown.length > 0) {
      unknown.push(...read.unknown);
      continue;
    }
    const today = found?.current ?? (raw as string);
    if (found?.why) changes.push({ from: raw as string, to: today, why: found.why });
    if (!optOuts.includes(today)) optOuts.push(today);
  }
  return { optOuts, changes, unknown };
}
