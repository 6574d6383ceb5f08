// `resolveDisallowedTools` (the policy rules — disabled, internal, conditional, user opt-outs, pair
// groups, in-process MCP tools — plus `dependsOn`) over the generated tables, the other SDK lists
// that follow from it (approvals, the MCP ensure-list) and a signature to re-key on.
import { readCondition, type ConditionSource } from './context.js';
import { coveredBy, optOutEffect, serverPattern, type OptOutEffect } from './opt-outs.js';
import { preparePolicy, type PolicyTables, type PreparedPolicy } from './policy-tables.js';
import { storedOptOutEntries } from './stored-opt-outs.js';

/** The agent's stored settings the policy reads: the opt-out column (empty = everything on). */
export interface AgentToolSettings {
  readonly disabledTools?: readonly string[] | null;
}

/** What a condition means when the context gives no boolean for it. */
export type MissingConditionPolicy = 'disallow' | 'allow';

export interface ResolveOptions {
  /**
   * Extra tools a caller or mode blocks (e.g. assistant mode's `AskUserQuestion`). A catalog key
   * or runtime name is disallowed with its pair group and dependents; any other name passes through.
   */
  readonly overlay?: readonly string[];
  /** Default `'disallow'`: an unknown condition never grants a tool. */
  readonly missingConditions?: MissingConditionPolicy;
}

/** The per-invocation context (`createToolContext`) or plain booleans by context field. */
export type PolicyContext = ConditionSource | object;

/** What the SDK receives, plus what was ignored and a signature of the result. */
export interface ResolvedToolPolicy {
  /** Removes tools from the model's context (`options.disallowedTools`). */
  readonly disallowedTools: string[];
  /**
   * Pre-approves (`options.allowedTools`): the catalog's `approval: 'auto'` tools still allowed. It
   * restricts nothing.
   */
  readonly allowedTools: string[];
  /** Rule 6: the in-process MCP tool names the app ensures are allowed, minus disallowed ones. */
  readonly mcpEnsureAllowed: string[];
  /** Opt-out entries that changed nothing: non-user catalog tools, unknown names, patterns that cover nothing. */
  readonly ignoredOptOuts: string[];
  /**
   * What each opt-out entry did: switched a user tool off, expanded a server pattern, passed it
   * through, or nothing and why.
   */
  readonly optOuts: readonly OptOutEffect[];
  /** Stable hash of the three lists: re-key a warm session when it changes. */
  readonly signature: string;
}

/** The outcome of rules 1–5 and `dependsOn` for one call: a mark per tool plus names passed through. */
export interface PolicyMarks {
  readonly prepared: PreparedPolicy;
  /** 1 = disallowed, by tool index. */
  readonly disallowed: Uint8Array;
  readonly passThrough: readonly string[];
  readonly ignored: readonly string[];
  readonly optOuts: readonly OptOutEffect[];
}

const NO_NAMES: readonly string[] = [];

function markAll(marks: Uint8Array, closure: Int32Array): void {
  for (const index of closure) marks[index] = 1;
}

function markSpreading(marks: Uint8Array, start: number, spread: readonly Int32Array[]): void {
  const pending = [start];
  marks[start] = 1;
  while (pending.length > 0) {
    for (const t of spread[pending.pop()!]!) {
      if (marks[t] === 0) {
        marks[t] = 1;
        pending.push(t);
      }
    }
  }
}

/** Does the condition hold? Only `true` does, unless the caller asked to allow missing values. */
export function conditionHolds(
  value: boolean | undefined,
  missing?: MissingConditionPolicy,
): boolean {
  return value === true || (value === undefined && missing === 'allow');
}

/** Distinct opt-out entries whose effect one resolve remembers. */
const REMEMBERED_ENTRIES = 4096;

/** Rules 1–5 and `dependsOn` as marks; the shared core of resolve, explain and the snapshot. */
export function markDisallowedTools(
  tables: PolicyTables,
  agent: AgentToolSettings | null | undefined,
  ctx: PolicyContext | undefined,
  options: ResolveOptions = {},
): PolicyMarks {
  const p = preparePolicy(tables);
  const marks = new Uint8Array(p.size);
  const passThrough: string[] = [];
  const ignored: string[] = [];
  markAll(marks, p.always); // rule 1 (expanded at build time)
  for (const condition of p.conditions) {
    // Rule 3: a conditional tool is disallowed unless its condition holds.
    if (
      !conditionHolds(
        readCondition(ctx as ConditionSource | undefined, condition.field),
        options.missingConditions,
      )
    )
      markAll(marks, condition.closure);
  }
  // A stored value that is not a list is refused here, before any of it is read as names.
  const entries = storedOptOutEntries(agent?.disabledTools);
  const optOuts: OptOutEffect[] = [];
  const passed = new Set<string>();
  // An entry stored twice has the same effect twice: it is worked out and marked once (for the
  // first few thousand distinct entries, which is every list a person keeps).
  const seen = new Map<string, OptOutEffect>();
  for (const entry of entries) {
    if (typeof entry !== 'string') continue;
    const again = seen.get(entry);
    if (again !== undefined) {
      optOuts.push(again);
      if (again.effect === 'ignored') ignored.push(entry);
      continue;
    }
    // A user tool's key or name is the common case: no parsing needed.
    const closure = p.optOut.get(entry);
    if (closure) {
      markAll(marks, closure); // rules 4 + 5 (+ dependents)
      const effect: OptOutEffect = {
        entry,
        effect: 'switched-off',
        keys: [p.keys[p.indexOf.get(entry)!]!],
      };
      if (seen.size < REMEMBERED_ENTRIES) seen.set(entry, effect);
      optOuts.push(effect);
      continue;
    }
    const found = optOutEffect(p, entry);
    if (seen.size < REMEMBERED_ENTRIES) seen.set(entry, found.effect);
    for (const c of found.closures) markAll(marks, c);
    if (found.passThrough && !passed.has(entry)) {
      passed.add(entry);
      passThrough.push(entry);
    }
    // Rule 2 and unknown names: never block a catalog tool, never grant one, and say so.
    if (found.effect.effect === 'ignored') ignored.push(entry);
    optOuts.push(found.effect);
  }
  for (const entry of options.overlay ?? NO_NAMES) {
    if (typeof entry !== 'string') continue;
    const index = p.indexOf.get(entry);
    if (index !== undefined) markSpreading(marks, index, p.spread);
    else if (!passed.has(entry)) {
      passed.add(entry);
      passThrough.push(entry);
    }
  }
  return { prepared: p, disallowed: marks, passThrough, ignored, optOuts };
}

/** Runtime names of the marked tools in catalog order, then the names passed through. */
export function disallowedNames(marks: PolicyMarks): string[] {
  const { disallowed, prepared } = marks;
  const out: string[] = [];
  for (let i = 0; i < disallowed.length; i++) {
    if (disallowed[i] === 0) continue;
    const names = prepared.names[i]!;
    for (let j = 0; j < names.length; j++) out.push(names[j]!);
  }
  for (const name of marks.passThrough) out.push(name);
  return out;
}

/**
 * Allowed names of `subset`, minus names a passed-through pattern covers (`mcp__*` reaches the
 * catalog's own servers too).
 */
function allowedNamesOf(marks: PolicyMarks, subset: Int32Array): string[] {
  const out: string[] = [];
  const patterns = marks.passThrough.filter((entry) => serverPattern(entry) !== undefined);
  for (const i of subset) {
    if (marks.disallowed[i] === 1) continue;
    for (const name of marks.prepared.names[i]!)
      if (patterns.length === 0 || !patterns.some((entry) => coveredBy(name, entry)))
        out.push(name);
  }
  return out;
}

/**
 * `resolveDisallowedTools(agent, ctx)`: the names to pass as the SDK's `disallowedTools`.
 * Rules: 1 `disabled` always; 2 `internal` never on its own; 3 `conditional` unless its condition
 * is true; 4 `user` when `agent.disabledTools` names it; 5 a disallowed member takes its whole pair
 * group; and a tool goes when anything it depends on goes, transitively. Rule 6 is `resolveToolPolicy`.
 */
export function resolveDisallowedTools(
  tables: PolicyTables,
  agent: AgentToolSettings | null | undefined,
  ctx: PolicyContext | undefined,
  options?: ResolveOptions,
): string[] {
  return disallowedNames(markDisallowedTools(tables, agent, ctx, options));
}

/** Everything the SDK receives for one session: disallowed, pre-approved and ensured MCP names. */
export function resolveToolPolicy(
  tables: PolicyTables,
  agent: AgentToolSettings | null | undefined,
  ctx: PolicyContext | undefined,
  options?: ResolveOptions,
): ResolvedToolPolicy {
  const marks = markDisallowedTools(tables, agent, ctx, options);
  const lists = {
    disallowedTools: disallowedNames(marks),
    allowedTools: allowedNamesOf(marks, marks.prepared.autoApproved),
    mcpEnsureAllowed: allowedNamesOf(marks, marks.prepared.inProcessMcp),
  };
  return {
    ...lists,
    ignoredOptOuts: [...marks.ignored],
    optOuts: marks.optOuts,
    signature: policySignature(lists),
  };
}

/** cyrb53: a fast, well-mixed 53-bit string hash (no crypto dependency in the runtime). */
function hash53(text: string): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(16).padStart(14, '0');
}

/**
 * A stable signature of a resolved policy. Lists are compared as sets (sorted first), so the
 * order of a user's opt-out list does not re-key a session; any change of membership does.
 */
export function policySignature(
  policy: Pick<ResolvedToolPolicy, 'disallowedTools' | 'allowedTools'> & {
    readonly mcpEnsureAllowed?: readonly string[];
  },
): string {
  const part = (list: readonly string[] | undefined) => [...new Set(list ?? [])].sort().join('\n');
  const lists = [policy.disallowedTools, policy.allowedTools, policy.mcpEnsureAllowed];
  return `tp1-${hash53(lists.map(part).join('\u0000'))}`;
}
