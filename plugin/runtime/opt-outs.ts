// What each entry of a user's opt-out list does. Besides a user tool's key or runtime name, a user
// may write a whole MCP server (`mcp__docs`) or a pattern (`mcp__docs__*`, `mcp__*`): for the
// catalog's own in-process servers these expand to the server's user tools; for other servers they
// pass through to `disallowedTools`, which the runtime honours for external servers (measured with
// `tool-catalog verify`, see docs/verify.md). Every entry gets its effect and, where it is not the
// obvious one, a reason.
import { mcpServerOf, type PreparedPolicy } from './policy-tables.js';

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

// Shared by every effect that switches nothing: a list may hold a million such entries.
const NONE: readonly string[] = Object.freeze([]);
const NO_CLOSURES: readonly Int32Array[] = Object.freeze([]);

const PASSED_THROUGH =
  'handed to disallowedTools as written: the runtime removes the matching ' +
  'tools of an external server from what the model is offered';

/** `mcp__docs` and `mcp__docs__*` → `docs`; `mcp__*` → `*`; anything else → undefined. */
export function serverPattern(entry: string): string | undefined {
  if (entry === 'mcp__*') return '*';
  if (!entry.startsWith('mcp__')) return undefined;
  // Read in place: most entries are tool names (`mcp__a__b`), which are no pattern.
  const end = entry.endsWith('__*') ? entry.length - 3 : entry.length;
  const inner = entry.indexOf('__', 5);
  if (inner >= 0 && inner + 2 <= end) return undefined;
  if (end <= 5 || (end === entry.length && entry.includes('*', 5))) return undefined;
  return entry.slice(5, end);
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
): { effect: OptOutEffect; closures: readonly Int32Array[]; passThrough: boolean } {
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
        keys: NONE,
        reason:
          `'${p.keys[known]}' is not a user tool: internal, conditional and ` +
          `disabled tools are not switched by users`,
      },
      closures: NO_CLOSURES,
      passThrough: false,
    };
  const server = serverPattern(entry);
  if (server === undefined) {
    // One tool of a server outside the catalog: the runtime's to remove.
    const owner = entry.includes('*') ? undefined : mcpServerOf(entry);
    if (owner !== undefined && !p.servers.has(owner))
      return {
        effect: { entry, effect: 'passed-through', keys: NONE, reason: PASSED_THROUGH },
        closures: NO_CLOSURES,
        passThrough: true,
      };
    const reason = entry.includes('*')
      ? 'only MCP servers can be switched off by pattern (mcp__<server>, mcp__<server>__*, mcp__*)'
      : 'no tool of the catalog has this key or runtime name';
    return {
      effect: { entry, effect: 'ignored', keys: NONE, reason },
      closures: NO_CLOSURES,
      passThrough: false,
    };
  }
  const servers = server === '*' ? [...p.servers] : p.servers.has(server) ? [server] : [];
  // A server outside the catalog (or any, for `mcp__*`) is the runtime's to remove.
  const passThrough = server === '*' || !p.servers.has(server);
  if (servers.length === 0)
    return {
      effect: { entry, effect: 'passed-through', keys: NONE, reason: PASSED_THROUGH },
      closures: NO_CLOSURES,
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
