// The one reading of a stored opt-out list against a catalog: which user tools it switches off, which
// entries pass on to `disallowedTools` as written, which change nothing (with a reason and a "did you
// mean") and which are stored under earlier names. Each distinct entry is judged once per list, so a
// list of a million entries costs about a million lookups.
import { currentNameOf } from './identity.js';
import {
  serverPattern,
  type IgnoredOptOut,
  type OptOutChange,
  type OptOutOptions,
} from './opt-outs.js';
import { mcpServerOf, type PreparedPolicy } from './policy-tables.js';
import { closestName } from './spelling.js';
import { storedOptOutEntries } from './stored-opt-outs.js';

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
  /**
   * Entries that change nothing — unknown names, tools users cannot switch, entries that are not
   * strings — each with a reason.
   */
  readonly unknown: readonly IgnoredOptOut[];
  /** Entries stored under an earlier name (a former key, a renamed server, an SDK legacy name), and today's form. */
  readonly migrated: readonly OptOutChange[];
}

/**
 * What one string entry does; the same for every occurrence of it in a list. An entry that changes
 * nothing and has no earlier name is its report alone (one object per entry of a long list of them).
 */
type Verdict = Acting | IgnoredOptOut;

const isReport = (verdict: Verdict): verdict is IgnoredOptOut => 'reason' in verdict;

interface Acting {
  /** Tool indices whose user toggle it switches off. */
  readonly switches: readonly number[];
  /** Handed to `disallowedTools` as `today`. */
  readonly pass: boolean;
  /** Why it changes nothing, when it does not. */
  readonly unknown?: IgnoredOptOut;
  /** Its earlier name and today's, when it was stored under an earlier one. */
  readonly migrated?: OptOutChange;
}

const NOTHING: readonly number[] = [];

const NOT_A_STRING = 'an opt-out must be a string, not ';
const reportOf = (entry: string, kind: string): IgnoredOptOut => ({
  entry,
  reason: `${NOT_A_STRING}${kind}`,
});
/**
 * The report of each kind of entry that is not a string and reads the same whatever its value: one
 * object shared by every such entry (a list of a million objects makes no million reports).
 */
const SAME_REPORT = {
  null: reportOf('null', 'null'),
  list: reportOf('(a list)', 'a list'),
  object: reportOf('(an object)', 'an object'),
  undefined: reportOf('undefined', 'undefined'),
  true: reportOf('true', 'a boolean'),
  false: reportOf('false', 'a boolean'),
  symbol: reportOf('(a symbol)', 'a symbol'),
  function: reportOf('(a function)', 'a function'),
};

/** Why a stored entry that is not a string changes nothing. */
function notAString(raw: unknown): IgnoredOptOut {
  if (typeof raw === 'number') return reportOf(String(raw), 'a number');
  if (typeof raw === 'bigint') return reportOf(`${String(raw)}n`, 'a bigint');
  // What is left: null, a list, a boolean, undefined, a symbol, a function or another object.
  const kind =
    raw === null
      ? 'null'
      : Array.isArray(raw)
        ? 'list'
        : typeof raw === 'boolean'
          ? String(raw)
          : typeof raw;
  return SAME_REPORT[kind as keyof typeof SAME_REPORT] ?? SAME_REPORT.object;
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

/** How many distinct unknown entries of one list get a "did you mean": a list longer than that is not typed by hand. */
const SUGGESTED_ENTRIES = 100;

/** Distinct entries whose verdict a list keeps: enough for every real list; past it each is judged again. */
const KEPT_VERDICTS = 4096;

const PATTERN_ONLY =
  'only MCP servers can be switched off by pattern (mcp__<server>, mcp__<server>__*, mcp__*)';
const NO_SUCH_NAME = 'no tool of the catalog has this key or runtime name';
const UNDECLARED =
  'the catalog declares no MCP server or channel of this name; fix the name, or pass a server ' +
  'the app connects itself as otherServers';

/** Judges string entries against one catalog and options. */
function judge(p: PreparedPolicy, options: OptOutOptions | undefined, unexplained: boolean) {
  const other = otherServersOf(options);
  const channels = new Set(p.tables.channels ?? []);
  const passes = (namespace: string) =>
    channels.has(namespace) || other === 'all' || other.has(namespace);
  let suggested = 0;
  const unknown = (raw: string, entry: string, reason: string): IgnoredOptOut => {
    const suggestion =
      suggested++ < SUGGESTED_ENTRIES ? closestName(entry, writableNames(p)) : undefined;
    return suggestion === undefined ? { entry: raw, reason } : { entry: raw, reason, suggestion };
  };
  // A reason naming a namespace is made once per namespace. Past the first few thousand distinct
  // ones (no person's list) it no longer names it: the entry does, and a million distinct reasons
  // would cost more than the rest of the reading.
  const reasons = new Map<string, string>();
  const undeclared = (raw: string, entry: string, namespace: string) => {
    let reason = reasons.get(namespace);
    if (reason === undefined) {
      reason =
        reasons.size < KEPT_VERDICTS
          ? `the catalog declares no MCP server or channel '${namespace}'; fix the ` +
            `name, or pass a server the app connects itself as otherServers`
          : UNDECLARED;
      if (reasons.size < KEPT_VERDICTS) reasons.set(namespace, reason);
    }
    return unknown(raw, entry, reason);
  };
  const userTools = (servers: Iterable<string>) => {
    const out: number[] = [];
    for (const s of servers)
      for (const i of p.byServer.get(s) ?? []) if (p.optOut.has(p.keys[i]!)) out.push(i);
    return out;
  };
  return (raw: string): Verdict => {
    // A user tool's key or runtime name is the common case: one lookup.
    const own = p.optOut.has(raw) ? p.indexOf.get(raw) : undefined;
    if (own !== undefined) return { switches: [own], pass: false };
    const found = unexplained ? undefined : currentNameOf(p, raw);
    const migrated =
      found?.why && found.change !== 'runtime-name'
        ? { from: raw, to: found.current, why: found.why }
        : undefined;
    const verdict = readEntry(raw, found);
    if (migrated === undefined) return verdict;
    return isReport(verdict)
      ? { switches: NOTHING, pass: false, unknown: verdict, migrated }
      : { ...verdict, migrated };
  };
  /** The verdict on `raw`, read as `found` says it is named today. */
  function readEntry(raw: string, found: ReturnType<typeof currentNameOf>): Verdict {
    const entry = found?.current ?? raw;
    if (found?.key !== undefined) {
      const index = p.indexOf.get(found.key)!;
      if (p.optOut.has(found.key)) return { switches: [index], pass: false };
      const instead = switchableInstead(p, index);
      const reason =
        `'${found.key}' is not a user tool: internal, conditional and disabled ` +
        `tools are not switched by users` +
        `${instead ? `; it goes with ${instead} (pair group ${p.tables.tools[index]!.pairGroup})` : ''}`;
      return {
        switches: NOTHING,
        pass: false,
        unknown: instead
          ? { entry: raw, key: found.key, reason, suggestion: instead }
          : { entry: raw, key: found.key, reason },
      };
    }
    const server = serverPattern(entry);
    if (server === '*')
      // Every server: the catalog's own user tools here, the rest by the runtime.
      return { switches: userTools(p.servers), pass: true };
    if (server !== undefined) {
      if (p.servers.has(server)) return { switches: userTools([server]), pass: false };
      return passes(server) ? { switches: NOTHING, pass: true } : undeclared(raw, entry, server);
    }
    if (entry.startsWith('mcp__') && !entry.includes('*')) {
      // One tool the catalog does not name statically.
      const namespace = mcpServerOf(entry);
      if (namespace === undefined)
        return unknown(raw, entry, 'a runtime name of an MCP tool reads mcp__<server>__<tool>');
      if (p.servers.has(namespace))
        return unknown(raw, entry, `no tool of the catalog's server '${namespace}' has this name`);
      if (channels.has(namespace) && !dynamicNamespace(p, namespace))
        return unknown(raw, entry, `no tool of the channel '${namespace}' has this name`);
      return passes(namespace)
        ? { switches: NOTHING, pass: true }
        : undeclared(raw, entry, namespace);
    }
    return unknown(raw, entry, entry.includes('*') ? PATTERN_ONLY : NO_SUCH_NAME);
  }
}

/**
 * The reading of a stored list (`normaliseOptOuts`), plus each entry as the policy is to read it:
 * today's name (an earlier name moved to today's), or undefined for an entry that names nothing or
 * is not a string.
 */
export function readOptOutList(
  p: PreparedPolicy,
  entries: unknown,
  options?: OptOutOptions,
  /** The caller knows that no entry has an earlier name (`currentNameOf` explains none of them). */
  unexplained = false,
): { readonly normalised: NormalisedOptOuts; readonly kept: readonly (string | undefined)[] } {
  const list = storedOptOutEntries(entries);
  const switched = new Uint8Array(p.size);
  const patterns: string[] = [];
  const passed = new Set<string>();
  const unknown: IgnoredOptOut[] = [];
  const migrated: OptOutChange[] = [];
  const kept: (string | undefined)[] = new Array(list.length);
  const verdictOf = judge(p, options, unexplained);
  const verdicts = new Map<string, Verdict>();
  for (let i = 0; i < list.length; i++) {
    const raw = list[i];
    if (typeof raw !== 'string') {
      unknown.push(notAString(raw));
      continue;
    }
    let verdict = verdicts.get(raw);
    if (verdict === undefined) {
      verdict = verdictOf(raw);
      if (verdicts.size < KEPT_VERDICTS) verdicts.set(raw, verdict);
    }
    if (isReport(verdict)) {
      // Changes nothing: left out of what the policy reads, unless it names a tool users cannot switch.
      unknown.push(verdict);
      kept[i] = verdict.key === undefined ? undefined : raw;
      continue;
    }
    for (const index of verdict.switches) switched[index] = 1;
    const today = verdict.migrated?.to ?? raw;
    if (verdict.migrated) migrated.push(verdict.migrated);
    if (verdict.pass && !passed.has(today)) {
      passed.add(today);
      patterns.push(today);
    }
    if (verdict.unknown) unknown.push(verdict.unknown);
    // An entry that names nothing (not a tool users cannot switch) is left out of what the policy reads.
    kept[i] = verdict.unknown && verdict.unknown.key === undefined ? undefined : today;
  }
  const keys: string[] = [];
  for (let i = 0; i < switched.length; i++) if (switched[i] === 1) keys.push(p.keys[i]!);
  return { normalised: { keys, patterns, unknown, migrated }, kept };
}

/**
 * Reads an agent's opt-out list against the catalog: the user tools it switches off (by key), the
 * entries to hand to `disallowedTools` as written, the entries that change nothing (with a reason and
 * a suggestion) and those stored under earlier names (migrated to today's). Pure; the offer and the
 * session call it once per list. A value that is not a list throws `OptOutListError`; null is empty.
 */
export function normaliseOptOuts(
  p: PreparedPolicy,
  entries: unknown,
  options?: OptOutOptions,
): NormalisedOptOuts {
  return readOptOutList(p, entries, options).normalised;
}
