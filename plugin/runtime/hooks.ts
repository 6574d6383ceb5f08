// The PreToolUse guard in the Claude Agent SDK's hook shape. It fails closed: a call is let through to
// the SDK's own permission flow only when the session's offer (`isOffered`) or the catalog's tables
// prove the tool allowed; everything else — restricted and disallowed tools, tools of undeclared
// servers, unknown names, look-alike names, malformed input or callback results — is denied with a reason.
import type { ConditionSource } from './context.js';
import { currentToolName, lookAlikeOf, malformedName } from './guard-names.js';
import { callingSubagent, subagentReason, type SubagentFields } from './guard-subagents.js';
import { namespaceOf } from './names.js';
import { coveredBy } from './opt-outs.js';
import { resolveDisallowedTools, type AgentToolSettings, type PolicyContext } from './policy.js';
import { preparePolicy, type PolicyTables, type PreparedPolicy } from './policy-tables.js';

/**
 * The fields of the SDK's hook input the guard reads (structurally compatible with `HookInput`);
 * `agent_type` / `agent_id` name the subagent whose call it is.
 */
export interface GuardHookInput extends SubagentFields {
  readonly hook_event_name?: unknown;
  readonly tool_name?: unknown;
  readonly permission_mode?: string;
}

/** The SDK's `hookSpecificOutput` for a PreToolUse denial. */
export interface PreToolUseDenial {
  readonly hookSpecificOutput: {
    readonly hookEventName: 'PreToolUse';
    readonly permissionDecision: 'deny';
    readonly permissionDecisionReason: string;
  };
}

/** `{}` lets the SDK's normal permission flow decide; the guard never answers 'allow'. */
export type GuardDecision = PreToolUseDenial | Record<string, never>;

export type GuardCallback = (
  input: GuardHookInput,
  toolUseID: string | undefined,
  options: { signal: AbortSignal },
) => Promise<GuardDecision>;

/** Assignable to the SDK's `HookCallbackMatcher` (`options.hooks.PreToolUse`). */
export interface GuardMatcher {
  readonly hooks: GuardCallback[];
  /** Seconds; the SDK's per-matcher timeout. */
  readonly timeout?: number;
}

type Live<T> = T | (() => T);

/** Permission modes that never wait for an interactive answer; every other mode (or none) needs a responder. */
export const MODES_WITHOUT_RESPONDER: readonly string[] = ['bypassPermissions', 'dontAsk'];

/** What the session's offer says of one runtime name. */
export type OfferAnswer =
  | { readonly offered: true }
  | { readonly offered: false; readonly reason: string };

export interface PreToolUseGuardOptions {
  /**
   * Whether the session offers a tool (by runtime name, legacy names already read as today's): the one
   * source of truth when given. For a call a subagent makes, `subagent` is its name and the answer is
   * for that subagent's share of the offer. Without it the guard decides from `tables`; with neither it
   * denies every call.
   */
  readonly isOffered?: (name: string, subagent?: string) => OfferAnswer;
  /** The catalog's policy tables: the names, servers and rules the guard knows without `isOffered`. */
  readonly tables?: PolicyTables;
  /** The context `tables` are resolved in when `disallowed` is not given (a missing condition counts as false). */
  readonly context?: Live<PolicyContext | undefined>;
  /** The agent's settings `tables` are resolved with when `disallowed` is not given. */
  readonly agent?: Live<AgentToolSettings | null | undefined>;
  /** Runtime names always denied (the catalog's `restricted: true` tools). */
  readonly restricted?: Iterable<string>;
  /** Channels all of whose tools are restricted (a restricted mirrored entry). */
  readonly restrictedChannels?: Iterable<string>;
  /**
   * A live snapshot of disallowed names and server patterns (e.g. `resolveDisallowedTools(agent,
   * ctx)`), read on every call.
   */
  readonly disallowed?: () => Iterable<string>;
  /**
   * Servers and channels the catalog declares; tools of any other MCP server are denied unless
   * `otherServers` allows them.
   */
  readonly declaredServers?: Iterable<string>;
  /** MCP servers the catalog does not declare whose tools may run anyway (`'all'` for every one). Default: none. */
  readonly otherServers?: 'all' | Iterable<string>;
  /** The catalog's in-process servers and the runtime names it knows on them: any other name there is denied. */
  readonly inProcessServers?: Iterable<string>;
  /** Runtime names known beyond the tables' static ones (resolved and mirrored names a caller selected). */
  readonly knownNames?: Live<Iterable<string>>;
  /** What this session's `allowedTools` holds; external MCP tools of `guardedChannels` outside it are denied. */
  readonly allowedTools?: Live<Iterable<string>>;
  /** External channels whose tools must be in `allowedTools`. */
  readonly guardedChannels?: Iterable<string>;
  /** True on a headless turn (no one to answer a permission prompt). */
  readonly headless?: Live<boolean>;
  /** The session's permission mode, used when the hook input does not carry one. */
  readonly permissionMode?: Live<string | undefined>;
  /** Names of tools that follow the permission mode (`approval: 'permission-mode'`) and may prompt. */
  readonly promptingTools?: Iterable<string>;
  /** Called with any error the guard hit before it denied the call (for logs). */
  readonly onError?: (error: unknown, toolName: string | undefined) => void;
  /** Seconds, passed to the SDK matcher. */
  readonly timeout?: number;
}

export const deny = (reason: string): PreToolUseDenial => ({
  hookSpecificOutput: {
    hookEventName: 'PreToolUse',
    permissionDecision: 'deny',
    permissionDecisionReason: reason,
  },
});

const read = <T>(value: Live<T>): T => (typeof value === 'function' ? (value as () => T)() : value);
const contains = (names: Iterable<string>, name: string) => {
  if (names instanceof Set) return names.has(name);
  if (Array.isArray(names)) return names.includes(name);
  for (const n of names) if (n === name) return true;
  return false;
};

/** The disallowed entry that covers `tool`: its own name, its server, or a pattern. */
function disallowedEntry(entries: Iterable<string>, tool: string): string | undefined {
  for (const entry of entries) if (coveredBy(tool, entry)) return entry;
  return undefined;
}

/** A callback's list of names, or a thrown error saying what it returned instead (the hook then denies). */
export function namesFrom(what: string, value: unknown): Iterable<string> {
  const iterable =
    typeof value === 'object' &&
    value !== null &&
    typeof (value as Iterable<unknown>)[Symbol.iterator] === 'function';
  if (!iterable)
    throw new TypeError(
      `${what} returned ${typeof value === 'string' ? `the string ${JSON.stringify(value)}` : String(value)}` +
        ` instead of a list of names`,
    );
  const names = [...(value as Iterable<unknown>)];
  const bad = names.find((n) => typeof n !== 'string');
  if (bad !== undefined)
    throw new TypeError(
      `${what} returned a list holding ${typeof bad} ${String(bad)}, not only names`,
    );
  return names as string[];
}

/** What `isOffered` answered, checked: a malformed answer throws (the hook then denies). */
function offerOf(
  isOffered: NonNullable<PreToolUseGuardOptions['isOffered']>,
  name: string,
  subagent: string | undefined,
): OfferAnswer {
  const answer: unknown = subagent === undefined ? isOffered(name) : isOffered(name, subagent);
  const offered =
    typeof answer === 'object' && answer !== null
      ? (answer as { offered?: unknown }).offered
      : undefined;
  if (offered === true) return { offered: true };
  if (offered === false) {
    const reason = (answer as { reason?: unknown }).reason;
    return {
      offered: false,
      reason:
        typeof reason === 'string' && reason !== ''
          ? reason
          : `the session does not offer '${name}'`,
    };
  }
  throw new TypeError(
    `isOffered('${name}') returned ${JSON.stringify(answer)} instead of { ` +
      `offered: true } or { offered: false, reason }`,
  );
}

/** Why the catalog's tables do not prove `tool` allowed, or undefined when they do. */
function staticReason(
  options: PreToolUseGuardOptions,
  fixed: GuardSets,
  tool: string,
): string | undefined {
  const p = fixed.prepared;
  const known = (name: string) =>
    (p?.indexOf.has(name) ?? false) ||
    (options.knownNames !== undefined && contains(read(options.knownNames), name));
  const namespace = namespaceOf(tool);
  if (namespace !== undefined) {
    if (fixed.inProcess.has(namespace)) {
      if (!known(tool))
        return `'${tool}' is not a tool of the catalog's in-process server '${namespace}'`;
    } else if (fixed.declared.has(namespace)) {
      const allowed =
        options.allowedTools !== undefined && contains(read(options.allowedTools), tool);
      if (!known(tool) && !allowed)
        return (
          `'${tool}' is not a tool the catalog knows on the channel '${namespace}' ` +
          `(names known only at run time are passed as knownNames)`
        );
    } else if (fixed.otherServers === 'all' || fixed.otherServers.has(namespace)) return undefined;
    else
      return `'${tool}' belongs to the MCP server '${namespace}', which the tool catalog does not declare`;
  } else if (!known(tool)) return `'${tool}' is not a tool of the catalog`;
  if (options.disallowed !== undefined || !p) return undefined;
  // No live snapshot of the settings: the catalog's own rules in the context the guard was given.
  const agent = options.agent === undefined ? undefined : read(options.agent);
  const context = options.context === undefined ? undefined : read(options.context);
  const entry = disallowedEntry(
    resolveDisallowedTools(p.tables, agent, context as ConditionSource | undefined),
    tool,
  );
  return entry === undefined
    ? undefined
    : `'${tool}' is not allowed by the tool catalog's policy in this context`;
}

/** The reason a call must be denied, or undefined to let the SDK decide. May throw; the hook then denies. */
function guardReason(
  options: PreToolUseGuardOptions,
  fixed: GuardSets,
  input: GuardHookInput,
): string | undefined {
  const called = input.tool_name;
  if (typeof called !== 'string' || called === '')
    return 'the PreToolUse input carries no tool name';
  if (input.hook_event_name !== 'PreToolUse')
    return (
      `the hook input for '${called}' is not a PreToolUse event ` +
      `(hook_event_name ${JSON.stringify(input.hook_event_name)})`
    );
  const malformed = malformedName(called);
  if (malformed) return malformed;
  const tool = currentToolName(called, fixed.prepared);
  const reason = reasonFor(options, fixed, input, tool);
  // A legacy name the runtime still accepts is decided as the tool it stands for, and said so.
  return reason === undefined || tool === called
    ? reason
    : `${reason} ('${called}' is the runtime's former name of '${tool}')`;
}

function reasonFor(
  options: PreToolUseGuardOptions,
  fixed: GuardSets,
  input: GuardHookInput,
  tool: string,
): string | undefined {
  if (fixed.restricted.has(tool))
    return `'${tool}' is restricted by the tool catalog and is never allowed`;
  const namespace = namespaceOf(tool);
  if (namespace !== undefined && fixed.restrictedChannels.has(namespace))
    return `'${tool}' belongs to the restricted channel '${namespace}'`;
  if (!fixed.prepared?.indexOf.has(tool)) {
    const alike = lookAlikeOf(
      tool,
      fixed.prepared,
      options.knownNames === undefined ? undefined : read(options.knownNames),
    );
    if (alike !== undefined)
      return `'${tool}' is not '${alike}': the names differ only by case, white space or look-alike characters`;
  }
  const entry = options.disallowed
    ? disallowedEntry(namesFrom('disallowed()', options.disallowed()), tool)
    : undefined;
  if (entry !== undefined)
    return entry === tool
      ? `'${tool}' is disallowed by the agent's current tool settings`
      : `'${tool}' is disallowed by the agent's current tool settings ('${entry}')`;
  // A subagent's call: within its own tools, and only for a subagent the catalog knows.
  const calling = callingSubagent(input);
  if (calling?.problem !== undefined) return calling.problem;
  const subagent = calling?.name;
  if (subagent !== undefined && fixed.prepared) {
    const reason = subagentReason(fixed.prepared, subagent, tool);
    if (reason !== undefined) return reason;
  }
  if (options.isOffered) {
    const offer = offerOf(options.isOffered, tool, subagent);
    if (!offer.offered) return offer.reason;
  } else if (!fixed.prepared && fixed.declared.size === 0 && options.knownNames === undefined)
    return (
      `the guard was given neither the session's offer (isOffered) nor the ` +
      `catalog's tables, so nothing proves '${tool}' allowed`
    );
  else {
    const reason = staticReason(options, fixed, tool);
    if (reason !== undefined) return reason;
  }
  if (
    options.allowedTools !== undefined &&
    namespace !== undefined &&
    fixed.guardedChannels.has(namespace) &&
    !contains(read(options.allowedTools), tool)
  )
    return `'${tool}' is not in this caller's allowed tools for the external channel '${namespace}'`;
  if (options.headless !== undefined && read(options.headless) && fixed.prompting.has(tool)) {
    const mode =
      input.permission_mode ??
      (options.permissionMode === undefined ? undefined : read(options.permissionMode));
    const preApproved =
      options.allowedTools !== undefined && contains(read(options.allowedTools), tool);
    if (!preApproved && !(mode !== undefined && MODES_WITHOUT_RESPONDER.includes(mode)))
      return (
        `'${tool}' follows the permission mode '${mode ?? 'unknown'}', which ` +
        `needs an interactive responder, and this turn is headless`
      );
  }
  return undefined;
}

interface GuardSets {
  readonly restricted: ReadonlySet<string>;
  readonly restrictedChannels: ReadonlySet<string>;
  readonly guardedChannels: ReadonlySet<string>;
  readonly prompting: ReadonlySet<string>;
  /** Servers and channels the catalog declares (the tables' and `declaredServers`). */
  readonly declared: ReadonlySet<string>;
  readonly otherServers: 'all' | ReadonlySet<string>;
  readonly inProcess: ReadonlySet<string>;
  readonly prepared: PreparedPolicy | undefined;
}

/**
 * A PreToolUse matcher for `options.hooks.PreToolUse`. It fails closed: if its own logic (or a
 * callback it reads) throws, the call is denied. SDK 0.3.168's HookCallbackMatcher has no
 * `onFailure`, so the guard catches inside the callback instead of relying on the SDK.
 */
export function createPreToolUseGuard(options: PreToolUseGuardOptions): GuardMatcher {
  const tables = options.tables;
  // With the tables but nothing that says which conditions hold, every conditional tool would be denied
  // without a word: a wiring mistake, refused where it is made.
  if (
    tables !== undefined &&
    options.isOffered === undefined &&
    options.context === undefined &&
    options.disallowed === undefined
  )
    throw new TypeError(
      `The tool guard of catalog '${tables.catalog}' needs a source of truth for conditions: pass ` +
        `isOffered (the session's offer), context (this session's conditions, or a function ` +
        `returning them) or disallowed (a live list, e.g. () => resolveDisallowedTools(agent, ` +
        `context)). Without any, every condition counts as false and every conditional tool is denied.`,
    );
  const fixed: GuardSets = {
    restricted: new Set(options.restricted ?? []),
    restrictedChannels: new Set(options.restrictedChannels ?? []),
    guardedChannels: new Set(options.guardedChannels ?? []),
    prompting: new Set(options.promptingTools ?? []),
    declared: new Set([
      ...(tables?.servers ?? []),
      ...(tables?.channels ?? []),
      ...(options.declaredServers ?? []),
    ]),
    otherServers: options.otherServers === 'all' ? 'all' : new Set(options.otherServers ?? []),
    inProcess: new Set([...(tables?.servers ?? []), ...(options.inProcessServers ?? [])]),
    prepared: tables === undefined ? undefined : preparePolicy(tables),
  };
  const callback: GuardCallback = async (input) => {
    let tool: string | undefined;
    try {
      if (typeof input !== 'object' || input === null)
        throw new TypeError('the hook received no input');
      tool = typeof input.tool_name === 'string' ? input.tool_name : undefined;
      const reason = guardReason(options, fixed, input);
      return reason === undefined ? {} : deny(`${reason}.`);
    } catch (error) {
      try {
        options.onError?.(error, tool);
      } catch {
        // A failing logger must not turn a denial into an allow.
      }
      const message = error instanceof Error ? error.message : String(error);
      return deny(`The tool guard failed (${message}), so '${tool ?? 'this tool'}' is denied.`);
    }
  };
  return options.timeout === undefined
    ? { hooks: [callback] }
    : { hooks: [callback], timeout: options.timeout };
}
