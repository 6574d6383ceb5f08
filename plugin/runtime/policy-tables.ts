// The shape of the generated policy tables, and their one-time preparation into index arrays and
// maps so that each resolve call only marks precomputed closures (no graph walk, no string work).
import type { RuntimeSurface } from './offer-types.js';

export type PolicyToolKind = 'sdk' | 'mcp' | 'external';
export type PolicyToolExposure = 'user' | 'internal' | 'conditional' | 'disabled';

/** One tool as the policy sees it: the registry's descriptor, of which it reads these fields. */
export interface PolicyToolEntry {
  readonly key: string;
  readonly kind: PolicyToolKind;
  readonly exposure: PolicyToolExposure;
  /** Runtime names known at build time (SDK bare name, `mcp__<server>__<wire>`). */
  readonly names: readonly string[];
  /** The condition a `conditional` tool needs. */
  readonly condition?: string;
  /**
   * When a caller is offered the tool: `false` never (blocked like `exposure: 'disabled'`), a
   * condition name (gates like `condition` when the tool has none), an app check (decided by the
   * app at run time, so the policy does not see it).
   */
  readonly available?: false | string | { readonly appCheck: string };
  readonly pairGroup?: string;
  /** Direct dependencies (tool keys). */
  readonly dependsOn: readonly string[];
  readonly approval: 'auto' | 'permission-mode';
  /** Every call is denied by the guard: the session leaves it out too. */
  readonly restricted?: boolean;
  /** How it should be offered while tool search is on (in-process tools: the session sets `alwaysLoad`). */
  readonly offer?: 'direct' | 'deferred';
  /** The in-process server or external channel the tool's names are under. */
  readonly server?: string;
  readonly channel?: string;
  /** Names not known at build time: mirrored from a channel, or computed by a resolver. */
  readonly namesFrom?: 'mirror' | 'resolver';
  /** Earlier names: former keys, and former runtime names in full. */
  readonly renamedFrom?: readonly string[];
  /** Caller groups it is in (subagents may take tools by group). */
  readonly groups?: readonly string[];
}

/** A subagent as the session builds it: what it is, and what it may use (within the session's offer). */
export interface AgentEntry {
  readonly name: string;
  readonly description: string;
  readonly prompt: string;
  readonly model?: string;
  /** Tool keys it may use. */
  readonly tools: readonly string[];
  /** Caller groups whose tools it may use. */
  readonly groups: readonly string[];
  /** Tool keys it never gets. */
  readonly exclude: readonly string[];
  readonly skills: readonly string[];
  readonly maxTurns?: number;
}

export interface PolicyCondition {
  /** As declared: `workspace-has-git`. */
  readonly name: string;
  /** Context field: `workspaceHasGit`. */
  readonly field: string;
}

/** Everything `resolveDisallowedTools` needs, precomputed at build time (`generated/<catalog>/policy.ts`). */
export interface PolicyTables {
  readonly catalog: string;
  /** Every tool, in catalog order: the order of every list the policy returns. */
  readonly tools: readonly PolicyToolEntry[];
  readonly conditions: readonly PolicyCondition[];
  /** In-process MCP servers: the catalog owns these `mcp__<server>__*` names, so opt-outs cannot reach past it. */
  readonly servers: readonly string[];
  /** External MCP channels the catalog declares (their tools run on servers the app connects). */
  readonly channels?: readonly string[];
  /** Former server and channel names → today's name. */
  readonly renamedServers?: Readonly<Record<string, string>>;
  /** The SDK's legacy tool names → today's runtime name (`Task` → `Agent`), which the runtime still accepts. */
  readonly sdkAliases?: Readonly<Record<string, string>>;
  /** Rule 1 expanded (pair groups, dependents): keys disallowed in every context. Derived when absent. */
  readonly alwaysDisallowed?: readonly string[];
  /** Rule 3 expanded: condition name → keys disallowed when the condition does not hold. Derived when absent. */
  readonly whenConditionFails?: Readonly<Record<string, readonly string[]>>;
  /** Rule 4 expanded: user tool key → keys disallowed when the user opts it out. Derived when absent. */
  readonly whenOptedOut?: Readonly<Record<string, readonly string[]>>;
  /** What the runtime itself offers in each runtime configuration (first: the default). */
  readonly runtimes?: readonly RuntimeSurface[];
  /** The subagents the catalog declares. */
  readonly agents?: readonly AgentEntry[];
  /** The skills the app ships or allows; absent when the catalog leaves skills to the runtime. */
  readonly skills?: 'all' | readonly string[];
  /** Filesystem settings the session loads (`settingSources`). */
  readonly settingSources?: readonly string[];
}

/** Tables turned into indices once per tables object. */
export interface PreparedPolicy {
  readonly tables: PolicyTables;
  readonly size: number;
  readonly keys: readonly string[];
  /** Runtime names per tool index; a name yielded by two tools belongs to the first. */
  readonly names: readonly (readonly string[])[];
  /** Key or runtime name → tool index. */
  readonly indexOf: ReadonlyMap<string, number>;
  /** Where each tool's names start when every tool's names are numbered in turn. */
  readonly firstName: Int32Array;
  /** How many names that numbering has. */
  readonly nameCount: number;
  /** [later, first] pairs of tools with one key (none in a valid catalog). */
  readonly sameKey: Int32Array;
  readonly always: Int32Array;
  readonly conditions: readonly {
    readonly name: string;
    readonly field: string;
    readonly closure: Int32Array;
  }[];
  /** User tool key or runtime name → closure of its opt-out. */
  readonly optOut: ReadonlyMap<string, Int32Array>;
  /** Direct consequences of a tool being disallowed: its pair-group siblings and its direct dependents. */
  readonly spread: readonly Int32Array[];
  readonly autoApproved: Int32Array;
  readonly inProcessMcp: Int32Array;
  readonly servers: ReadonlySet<string>;
  /** In-process MCP tool indices by the server their runtime names are under. */
  readonly byServer: ReadonlyMap<string, readonly number[]>;
}

const prepared = new WeakMap<PolicyTables, PreparedPolicy>();

function indices(keys: readonly string[], indexOfKey: ReadonlyMap<string, number>): Int32Array {
  const out: number[] = [];
  for (const key of keys) {
    const index = indexOfKey.get(key);
    if (index !== undefined) out.push(index);
  }
  return Int32Array.from(out);
}

function prepare(tables: PolicyTables): PreparedPolicy {
  const tools = tables.tools;
  const indexOfKey = new Map<string, number>();
  const sameKey: number[] = [];
  tools.forEach((t, i) => {
    const first = indexOfKey.get(t.key);
    if (first === undefined) indexOfKey.set(t.key, i);
    else sameKey.push(i, first);
  });
  const indexOf = new Map(indexOfKey);
  const names = tools.map((t, i) => {
    const own: string[] = [];
    for (const name of t.names) {
      const owner = indexOf.get(name);
      if (owner === undefined) indexOf.set(name, i);
      // A key that equals another tool's runtime name keeps pointing at the tool with that key.
      if (owner === undefined || owner === i) own.push(name);
    }
    // Most tools have one name: nothing to deduplicate (a new array of its size, not the grown one).
    return own.length < 2 ? own.slice() : [...new Set(own)];
  });
  const firstName = new Int32Array(tools.length);
  let nameCount = 0;
  names.forEach((own, i) => {
    firstName[i] = nameCount;
    nameCount += own.length;
  });

  // Tools without a pair group land under `undefined` here but never spread through it.
  const members = new Map<string | undefined, number[]>();
  tools.forEach((t, i) => {
    const list = members.get(t.pairGroup);
    if (list) list.push(i);
    else members.set(t.pairGroup, [i]);
  });
  // A tool's own index in its spread list is harmless: marking stops at tools already marked.
  const spread: number[][] = tools.map((t) =>
    t.pairGroup !== undefined ? [...members.get(t.pairGroup)!] : [],
  );
  tools.forEach((t, i) => {
    for (const dep of t.dependsOn) {
      const d = indexOfKey.get(dep);
      if (d !== undefined) spread[d]!.push(i);
    }
  });
  const spreadArrays = spread.map((s) => Int32Array.from(s));
  // Generated tables carry every closure; hand-written tables may leave one out, so it is derived here.
  const closureOr = (keys: readonly string[] | undefined, roots: () => number[]) =>
    keys ? indices(keys, indexOfKey) : expandClosure(roots(), spreadArrays, tools.length);

  const optOut = new Map<string, Int32Array>();
  tools.forEach((t, i) => {
    if (t.exposure !== 'user') return;
    const closure = closureOr(tables.whenOptedOut?.[t.key], () => [i]);
    for (const alias of [t.key, ...names[i]!])
      if (indexOf.get(alias) === i) optOut.set(alias, closure);
  });

  return {
    tables,
    size: tools.length,
    keys: tools.map((t) => t.key),
    names,
    indexOf,
    firstName,
    nameCount,
    sameKey: Int32Array.from(sameKey),
    always: closureOr(tables.alwaysDisallowed, () => indicesWhere(tools, isAlwaysBlocked)),
    conditions: tables.conditions.map((c) => ({
      name: c.name,
      field: c.field,
      closure: closureOr(tables.whenConditionFails?.[c.name], () =>
        indicesWhere(tools, (t) => gatingCondition(t) === c.name),
      ),
    })),
    optOut,
    spread: spreadArrays,
    autoApproved: Int32Array.from(indicesWhere(tools, (t) => t.approval === 'auto')),
    inProcessMcp: Int32Array.from(indicesWhere(tools, (t) => t.kind === 'mcp')),
    servers: new Set(tables.servers),
    byServer: toolsByServer(tools, names),
  };
}

/** The indices of the tools `test` holds for, in order (no array per tool, as `flatMap` makes). */
function indicesWhere(
  tools: readonly PolicyToolEntry[],
  test: (t: PolicyToolEntry) => boolean,
): number[] {
  const out: number[] = [];
  for (let i = 0; i < tools.length; i++) if (test(tools[i]!)) out.push(i);
  return out;
}

function toolsByServer(
  tools: readonly PolicyToolEntry[],
  names: readonly (readonly string[])[],
): Map<string, number[]> {
  const byServer = new Map<string, number[]>();
  tools.forEach((t, i) => {
    if (t.kind !== 'mcp') return;
    for (const server of new Set(names[i]!.map(mcpServerOf))) {
      if (server === undefined) continue;
      const list = byServer.get(server);
      if (list) list.push(i);
      else byServer.set(server, [i]);
    }
  });
  return byServer;
}

/** Rule 1's roots: `exposure: 'disabled'` and `available: false`. */
export const isAlwaysBlocked = (t: PolicyToolEntry) =>
  t.exposure === 'disabled' || t.available === false;

/** The condition rule 3 reads for a tool: its own `condition`, else an `available` condition. */
export const gatingCondition = (t: PolicyToolEntry): string | undefined =>
  t.condition ?? (typeof t.available === 'string' ? t.available : undefined);

/**
 * Every tool reachable from `roots` through `spread` (roots included), in ascending index order.
 * Output-sensitive (only visited tools are touched, then sorted): one closure per user toggle
 * would otherwise scan the whole catalog each time, O(user tools × tools) at build time.
 */
export function expandClosure(
  roots: readonly number[],
  spread: readonly Int32Array[],
  size: number,
): Int32Array {
  // A tool no other follows (most user toggles): its closure is itself.
  if (roots.length === 1 && roots[0]! >= 0 && roots[0]! < size && spread[roots[0]!]!.length === 0)
    return Int32Array.of(roots[0]!);
  const seen = new Set<number>();
  const pending: number[] = [];
  for (const r of roots) {
    if (r >= 0 && r < size && !seen.has(r)) {
      seen.add(r);
      pending.push(r);
    }
  }
  while (pending.length > 0) {
    for (const next of spread[pending.pop()!]!) {
      if (!seen.has(next)) {
        seen.add(next);
        pending.push(next);
      }
    }
  }
  return Int32Array.from(seen).sort();
}

/** The prepared form of `tables`, built on first use and cached for the life of the tables object. */
export function preparePolicy(tables: PolicyTables): PreparedPolicy {
  let ready = prepared.get(tables);
  if (!ready) {
    ready = prepare(tables);
    prepared.set(tables, ready);
  }
  return ready;
}

/** The `<server>` of `mcp__<server>__<wire>` (or of a pattern `mcp__<server>__*`), if the name has that form. */
export function mcpServerOf(name: string): string | undefined {
  if (!name.startsWith('mcp__')) return undefined;
  const end = name.indexOf('__', 5);
  return end > 5 ? name.slice(5, end) : undefined;
}
