// The PreToolUse guard in the Claude Agent SDK's hook shape: denies restricted tools (the SDK does
// not enforce allowedTools for external MCP servers), live-disallowed tools (names, servers and
// patterns), tools of servers the catalog does not declare, unknown tools under its own servers,
// no-responder turns and malformed input. It never allows: it denies or lets the SDK decide.
import { namespaceOf } from './names.js';
import { coveredBy } from './opt-outs.js';

/** The fields of the SDK's hook input the guard reads (structurally compatible with `HookInput`). */
export interface GuardHookInput {
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

export interface PreToolUseGuardOptions {
  /** Runtime names always denied (the catalog's `restricted: true` tools). */
  readonly restricted?: Iterable<string>;
  /** Channels all of whose tools are restricted (a restricted mirrored entry). */
  readonly restrictedChannels?: Iterable<string>;
  /** A live snapshot of disallowed names and server patterns (e.g. `resolveDisallowedTools(agent, ctx)`), read on every call. */
  readonly disallowed?: () => Iterable<string>;
  /** Servers and channels the catalog declares; tools of any other MCP server are denied unless `otherServers` allows them. */
  readonly declaredServers?: Iterable<string>;
  /** MCP servers the catalog does not declare whose tools may run anyway (`'all'` for every one). Default: none. */
  readonly otherServers?: 'all' | Iterable<string>;
  /** The catalog's in-process servers and the runtime names it knows on them: any other name there is denied. */
  readonly inProcessServers?: Iterable<string>;
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
  hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: reason },
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

/** The reason a call must be denied, or undefined to let the SDK decide. May throw; the hook then denies. */
function guardReason(options: PreToolUseGuardOptions, fixed: GuardSets, input: GuardHookInput): string | undefined {
  const tool = input.tool_name;
  if (typeof tool !== 'string' || tool === '') return 'the PreToolUse input carries no tool name';
  if (input.hook_event_name !== 'PreToolUse')
    return `the hook input for '${tool}' is not a PreToolUse event (hook_event_name ${JSON.stringify(input.hook_event_name)})`;
  if (fixed.restricted.has(tool)) return `'${tool}' is restricted by the tool catalog and is never allowed`;
  const namespace = namespaceOf(tool);
  if (namespace !== undefined && fixed.restrictedChannels.has(namespace))
    return `'${tool}' belongs to the restricted channel '${namespace}'`;
  const entry = options.disallowed ? disallowedEntry(options.disallowed(), tool) : undefined;
  if (entry !== undefined)
    return entry === tool
      ? `'${tool}' is disallowed by the agent's current tool settings`
      : `'${tool}' is disallowed by the agent's current tool settings ('${entry}')`;
  if (
    namespace !== undefined &&
    fixed.declared !== undefined &&
    !fixed.declared.has(namespace) &&
    !(fixed.otherServers === 'all' || fixed.otherServers.has(namespace))
  )
    return `'${tool}' belongs to the MCP server '${namespace}', which the tool catalog does not declare`;
  if (
    namespace !== undefined &&
    fixed.inProcess.has(namespace) &&
    options.knownNames !== undefined &&
    !contains(read(options.knownNames), tool)
  )
    return `'${tool}' is not a tool of the catalog's in-process server '${namespace}'`;
  if (
    options.allowedTools !== undefined &&
    namespace !== undefined &&
    fixed.guardedChannels.has(namespace) &&
    !contains(read(options.allowedTools), tool)
  )
    return `'${tool}' is not in this caller's allowed tools for the external channel '${namespace}'`;
  if (options.headless !== undefined && read(options.headless) && fixed.prompting.has(tool)) {
    const mode =
      input.permission_mode ?? (options.permissionMode === undefined ? undefined : read(options.permissionMode));
    const preApproved = options.allowedTools !== undefined && contains(read(options.allowedTools), tool);
    if (!preApproved && !(mode !== undefined && MODES_WITHOUT_RESPONDER.includes(mode)))
      return `'${tool}' follows the permission mode '${mode ?? 'unknown'}', which needs an interactive responder, and this turn is headless`;
  }
  return undefined;
}

interface GuardSets {
  readonly restricted: ReadonlySet<string>;
  readonly restrictedChannels: ReadonlySet<string>;
  readonly guardedChannels: ReadonlySet<string>;
  readonly prompting: ReadonlySet<string>;
  /** Undefined when the guard was given no declared servers: then no server is "undeclared". */
  readonly declared: ReadonlySet<string> | undefined;
  readonly otherServers: 'all' | ReadonlySet<string>;
  readonly inProcess: ReadonlySet<string>;
}

/**
 * A PreToolUse matcher for `options.hooks.PreToolUse`. It fails closed: if its own logic (or a
 * callback it reads) throws, the call is denied. SDK 0.3.168's HookCallbackMatcher has no
 * `onFailure`, so the guard catches inside the callback instead of relying on the SDK.
 */
export function createPreToolUseGuard(options: PreToolUseGuardOptions): GuardMatcher {
  const fixed: GuardSets = {
    restricted: new Set(options.restricted ?? []),
    restrictedChannels: new Set(options.restrictedChannels ?? []),
    guardedChannels: new Set(options.guardedChannels ?? []),
    prompting: new Set(options.promptingTools ?? []),
    declared: options.declaredServers === undefined ? undefined : new Set(options.declaredServers),
    otherServers: options.otherServers === 'all' ? 'all' : new Set(options.otherServers ?? []),
    inProcess: new Set(options.inProcessServers ?? []),
  };
  const callback: GuardCallback = async (input) => {
    let tool: string | undefined;
    try {
      if (typeof input !== 'object' || input === null) throw new TypeError('the hook received no input');
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
  return options.timeout === undefined ? { hooks: [callback] } : { hooks: [callback], timeout: options.timeout };
}
