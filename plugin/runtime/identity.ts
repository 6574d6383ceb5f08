// What a stored tool name means today: a catalog key, a runtime name, an earlier name a tool declares
// (`renamedFrom`), a name under a server that was renamed, or a legacy name of the SDK's own table.
import type { PreparedPolicy } from './policy-tables.js';

/** How a stored name reached today's form. */
export type NameChange = 'runtime-name' | 'renamed-tool' | 'renamed-server' | 'sdk-alias';

export interface CurrentName {
  /**
   * Today's form: the tool's catalog key, or (for a server, a pattern or a name outside the
   * catalog) the entry under today's server name.
   */
  readonly current: string;
  /** The catalog key, when the name means one tool of the catalog. */
  readonly key?: string;
  /** How it changed; undefined when the entry is already today's form. */
  readonly change?: NameChange;
  /** Why, in words, when it changed. */
  readonly why?: string;
}

interface IdentityIndex {
  /** Former key or runtime name → tool index. */
  readonly former: ReadonlyMap<string, number>;
  /** Each renamed server's former name (`claw`) and today's (`cherry-tools`). */
  readonly renamed: readonly { readonly from: string; readonly to: string }[];
  /**
   * The SDK's legacy names → today's. A map, not the record: looking a name up as an object key
   * makes the engine intern it, which a list of a million unknown names pays for a million times.
   */
  readonly aliases: ReadonlyMap<string, string>;
}

const indexes = new WeakMap<PreparedPolicy, IdentityIndex>();

function identityIndex(p: PreparedPolicy): IdentityIndex {
  let index = indexes.get(p);
  if (!index) {
    const former = new Map<string, number>();
    p.tables.tools.forEach((t, i) => {
      for (const name of t.renamedFrom ?? [])
        if (!former.has(name) && !p.indexOf.has(name)) former.set(name, i);
    });
    const renamed = Object.entries(p.tables.renamedServers ?? {}).map(([from, to]) => ({
      from,
      to,
    }));
    const aliases = new Map(Object.entries(p.tables.sdkAliases ?? {}));
    index = { former, renamed, aliases };
    indexes.set(p, index);
  }
  return index;
}

/** The key of the tool that has `name` today or had it before (its own `renamedFrom`), with why. */
function toolOf(
  p: PreparedPolicy,
  name: string,
): { key: string; change?: NameChange; why?: string } | undefined {
  const now = p.indexOf.get(name);
  if (now !== undefined) {
    const key = p.keys[now]!;
    return key === name
      ? { key }
      : {
          key,
          change: 'runtime-name',
          why: `'${name}' is the runtime name of ${key}; opt-outs are kept by catalog key`,
        };
  }
  const before = identityIndex(p).former.get(name);
  if (before === undefined) return undefined;
  const key = p.keys[before]!;
  return {
    key,
    change: 'renamed-tool',
    why: `'${name}' is an earlier name of ${key} (its renamedFrom)`,
  };
}

/** `mcp__claw__cron` → `mcp__cherry-tools__cron` when the server `claw` is now `cherry-tools`; else undefined. */
function underTodaysServer(
  p: PreparedPolicy,
  entry: string,
): { name: string; from: string; to: string } | undefined {
  if (!entry.startsWith('mcp__')) return undefined;
  // Compared in place (no slice per entry): a list may hold a million names.
  const end = entry.indexOf('__', 5);
  const length = (end < 0 ? entry.length : end) - 5;
  for (const { from, to } of identityIndex(p).renamed)
    if (from.length === length && entry.startsWith(from, 5))
      return { name: `mcp__${to}${end < 0 ? '' : entry.slice(end)}`, from, to };
  return undefined;
}

/**
 * What `entry` means today, or undefined when no key, runtime name, earlier name, renamed server or SDK
 * alias explains it. The catalog's own names win over the SDK's table: a catalog that declares
 * `renamedFrom: ['Task']` on a tool decides what `Task` means.
 */
export function currentNameOf(p: PreparedPolicy, entry: string): CurrentName | undefined {
  const direct = toolOf(p, entry);
  if (direct) return { current: direct.key, ...direct };
  const moved = underTodaysServer(p, entry);
  if (moved) {
    const why = `the server '${moved.from}' is now '${moved.to}'`;
    const tool = toolOf(p, moved.name);
    if (tool)
      return {
        current: tool.key,
        key: tool.key,
        change: 'renamed-server',
        why: `${why}: ${moved.name} is ${tool.key}`,
      };
    return { current: moved.name, change: 'renamed-server', why };
  }
  const aliased = identityIndex(p).aliases.get(entry);
  if (aliased !== undefined) {
    const tool = toolOf(p, aliased);
    const why = `the SDK renamed '${entry}' to '${aliased}'`;
    if (tool)
      return {
        current: tool.key,
        key: tool.key,
        change: 'sdk-alias',
        why: tool.key === aliased ? why : `${why} (${tool.key})`,
      };
  }
  return undefined;
}

/**
 * The runtime name a legacy name stands for (`Task` → `Agent`) when the runtime still accepts it;
 * else the name itself.
 */
export function runtimeNameOf(p: PreparedPolicy, name: string): string {
  if (p.indexOf.has(name)) return name;
  const aliased = identityIndex(p).aliases.get(name);
  return aliased !== undefined && p.indexOf.has(aliased) ? aliased : name;
}
