// Everything one agent session passes to the Claude Agent SDK's `query()`, so that what the model is
// offered equals the policy: built-ins through `tools` (the runtime offers exactly those),
// in-process MCP servers built with only their allowed tools (the runtime keeps offering in-process
// tools that are merely listed in `disallowedTools`), `disallowedTools` for everything else
// (external servers honour it), `allowedTools` for pre-approval, and the PreToolUse guard.
import type { AgentOffer } from './agent-offer.js';
import {
  createPreToolUseGuard,
  namesFrom,
  type GuardMatcher,
  type OfferAnswer,
  type PreToolUseGuardOptions,
} from './hooks.js';
import { mcpToolName } from './names.js';
import {
  computeOffer,
  handedOver,
  type OfferInput,
  type OfferSelection,
  type SessionOffer,
} from './offer.js';
import { coveredBy, type IgnoredOptOut } from './opt-outs.js';
import { sessionAgentOptions, type SessionAgentDefinition } from './session-agents.js';
import {
  disallowedNames,
  type AgentToolSettings,
  type PolicyContext,
  type ResolveOptions,
} from './policy.js';
import { mcpServerOf, preparePolicy, type PolicyTables } from './policy-tables.js';

/** A tool instance the app built for an in-process MCP server (the SDK's `tool(...)`), which has a `name`. */
export interface NamedTool {
  readonly name: string;
}

export interface SessionInput<T extends NamedTool, S, E = never> {
  /** The agent's stored settings: its opt-out list. */
  readonly agent?: AgentToolSettings | null;
  /** The per-invocation context or plain booleans by condition field. */
  readonly context?: PolicyContext;
  readonly options?: ResolveOptions;
  /** The app's in-process MCP tools by server, before the policy removes any. */
  readonly servers?: Readonly<Record<string, readonly T[]>>;
  /** The SDK's `createSdkMcpServer`, called with each server's allowed tools. */
  readonly createServer?: (options: { name: string; tools: T[] }) => S;
  /** MCP servers the app connects itself (external ones), passed through as given. */
  readonly externalServers?: Readonly<Record<string, E>>;
  /**
   * Extra guard options (headless turns, permission mode, servers outside the catalog to allow, …).
   * `disallowed` is a live snapshot of names the guard denies on top of the session's own
   * `disallowedTools` (catalog keys, runtime names, server patterns), read on every call: a tool
   * switched off mid-session is denied without a new session.
   */
  readonly guard?: Omit<
    PreToolUseGuardOptions,
    | 'declaredServers'
    | 'inProcessServers'
    | 'knownNames'
    | 'restricted'
    | 'restrictedChannels'
    | 'guardedChannels'
    | 'promptingTools'
  >;
  /**
   * What a caller's groups selected (catalogs with callers): the tool keys, and the runtime names
   * `toolNames` gave, resolved and mirrored ones included. Without it every catalog tool is a candidate.
   */
  readonly selection?: OfferSelection;
  /** The runtime configuration the session runs in (default: the catalog's first). */
  readonly runtime?: string;
  /**
   * What the builders of entries that declare no names (`fullNames: []`) built, by tool key
   * (`buildServerTools` gives it): those tools are kept on their server and offered as their entry's
   * policy says; without it a tool whose name the catalog does not declare is left out.
   */
  readonly builtNames?: OfferInput['builtNames'];
}

/** What the SDK version the app pins supports, beyond what every supported version does. */
export interface SdkFeatures {
  /** Per-tool `always_deny` policies on in-process servers (`McpSdkServerConfig.tools`). */
  readonly mcpToolPolicies?: boolean;
  /** `onFailure: 'block'` on hook matchers: a guard that throws blocks the call. */
  readonly hookOnFailure?: boolean;
}

/** The catalog facts the guard needs, from the generated code. */
export interface SessionCatalog {
  readonly tables: PolicyTables;
  readonly channels: readonly string[];
  readonly guard: Pick<
    PreToolUseGuardOptions,
    'restricted' | 'restrictedChannels' | 'guardedChannels' | 'promptingTools'
  >;
  readonly features?: SdkFeatures;
}

export interface SessionOptions<S, E = never> {
  /** Built-in tools the model is offered: exactly these (the SDK's `tools` option). */
  readonly tools: string[];
  readonly allowedTools: string[];
  readonly disallowedTools: string[];
  readonly mcpServers: Record<string, S | E>;
  readonly hooks: { readonly PreToolUse: (GuardMatcher & { readonly onFailure?: 'block' })[] };
  /**
   * Opt-out entries that changed nothing — unknown names (with a suggestion), tools users cannot
   * switch — for the app to show. Not an SDK option (the SDK ignores it).
   */
  readonly ignoredOptOuts: readonly IgnoredOptOut[];
  /** The subagents offered in this session, each with exactly its tools. */
  readonly agents?: Record<string, SessionAgentDefinition>;
  /** The skills the catalog declares (`'all'` or named), when it declares any. */
  readonly skills?: string[] | 'all';
  /** Filesystem settings the runtime loads: none unless the catalog names some. */
  readonly settingSources: ('user' | 'project' | 'local')[];
}

/** The options for one session: spread them into `query({ prompt, options: { ...session, … } })`. */
export function sessionOptions<T extends NamedTool, S, E = never>(
  catalog: SessionCatalog,
  input: SessionInput<T, S, E>,
): SessionOptions<S, E> {
  const { tables } = catalog;
  // Servers the app connects itself take opt-out entries as written.
  const other = input.guard?.otherServers;
  const otherServers =
    other === 'all' ? 'all' : [...Object.keys(input.externalServers ?? {}), ...(other ?? [])];
  const offer = computeOffer(tables, {
    ...(input.agent !== undefined ? { agent: input.agent } : {}),
    ...(input.context !== undefined ? { context: input.context } : {}),
    ...(input.options !== undefined ? { options: input.options } : {}),
    ...(input.selection !== undefined ? { selection: input.selection } : {}),
    ...(input.runtime !== undefined ? { runtime: input.runtime } : {}),
    ...(input.builtNames !== undefined ? { builtNames: input.builtNames } : {}),
    otherServers,
  });
  const lists = sessionLists(tables, offer, input.selection);
  const mcpServers: Record<string, S | E> = { ...input.externalServers };
  const features = catalog.features ?? {};
  for (const [server, instances] of Object.entries(input.servers ?? {})) {
    if (!input.createServer)
      throw new TypeError(
        "sessionOptions: pass createServer (the SDK's createSdkMcpServer) to build the in-process servers.",
      );
    // A tool the catalog does not know is not offered: the policy cannot say it is allowed.
    const allowed = instances
      .filter((tool) => offer.stateOf(mcpToolName(server, tool.name)) !== 'absent')
      .map((tool) => withLoadMode(tool, lists.loadModes.get(mcpToolName(server, tool.name))));
    const built = input.createServer({ name: server, tools: allowed });
    mcpServers[server] = features.mcpToolPolicies
      ? withDeniedTools(built, lists.deniedWires.get(server))
      : built;
  }
  const disallowed = lists.disallowedTools;
  const live = input.guard?.disallowed;
  const guard = createPreToolUseGuard({
    ...input.guard,
    ...catalog.guard,
    // The session's own offer decides; the tables stay the guard's fallback knowledge of the catalog.
    isOffered: (name, subagent) => {
      // A subagent's call is decided against its own share of the offer.
      const agent =
        subagent === undefined ? undefined : offer.agents.find((a) => a.name === subagent);
      if (agent !== undefined) return subagentAnswer(agent, name);
      if (offer.stateOf(name) !== 'absent') return { offered: true };
      // A server the guard was told to let through (`guard.otherServers`): its tools are the runtime's, unless an
      // opt-out covers them. Connecting a server the catalog does not declare is not enough: the guard fails closed.
      const server = mcpServerOf(name);
      const passed =
        server !== undefined && (other === 'all' || [...(other ?? [])].includes(server));
      if (passed && !disallowed.some((entry) => coveredBy(name, entry))) return { offered: true };
      return {
        offered: false,
        reason: offer.whyAbsent(name, [...(tables.channels ?? []), ...catalog.channels]),
      };
    },
    tables,
    allowedTools: lists.allowedTools,
    // The app's live snapshot is read on every call, after the session's own list; a catalog key in
    // it (stored opt-outs are keys) stands for its tool's runtime names.
    disallowed:
      live === undefined
        ? () => disallowed
        : () => [...disallowed, ...runtimeNamesOf(tables, namesFrom('guard.disallowed()', live()))],
    declaredServers: [...tables.servers, ...catalog.channels],
    inProcessServers: tables.servers,
    knownNames: lists.known,
  });
  const matcher = features.hookOnFailure ? { ...guard, onFailure: 'block' as const } : guard;
  return {
    tools: lists.tools,
    allowedTools: lists.allowedTools,
    disallowedTools: disallowed,
    ...sessionAgentOptions(tables, offer, disallowed),
    mcpServers,
    hooks: { PreToolUse: [matcher] },
    ignoredOptOuts: offer.ignoredOptOuts,
  };
}

/** `names` with each catalog key's runtime names added (`Notes` → `Notes`, `mcp__app__notes`). */
function runtimeNamesOf(tables: PolicyTables, names: Iterable<string>): string[] {
  const p = preparePolicy(tables);
  return [...names].flatMap((name) => {
    const index = p.indexOf.get(name);
    return index !== undefined && p.keys[index] === name ? [name, ...p.names[index]!] : [name];
  });
}

/** What a subagent's share of the offer says of one name. */
function subagentAnswer(agent: AgentOffer, name: string): OfferAnswer {
  if (!agent.offered)
    return { offered: false, reason: `subagent '${agent.name}' is not offered in this session` };
  if (agent.stateOf(name) !== 'absent') return { offered: true };
  const tool = agent.tools.find((o) => o.names.includes(name));
  return {
    offered: false,
    reason: `'${name}' is not offered to subagent '${agent.name}': ${tool?.detail ?? 'not among its tools'}`,
  };
}

/** The SDK lists that follow from an offer, and what the servers need: load modes and the tools to deny. */
export function sessionLists(
  tables: PolicyTables,
  offer: SessionOffer,
  selection?: OfferSelection,
) {
  const tools: string[] = [];
  const loadModes = new Map<string, 'direct' | 'deferred'>();
  const deniedWires = new Map<string, string[]>();
  const disallowedTools = disallowedNames(offer.marks);
  const known = new Set<string>();
  for (const o of offer.tools) {
    const t = tables.tools[o.index]!;
    for (const name of o.names) known.add(name);
    if (t.kind === 'sdk' && handedOver(o)) tools.push(...o.names);
    if (t.offer !== undefined) for (const name of o.names) loadModes.set(name, t.offer);
    // What the session leaves out is disallowed too, not merely unlisted: a subagent (the catalog's or
    // the runtime's own) must not reach it either. So are the built names of an entry that declares
    // none, which the policy's own list cannot hold.
    const builtOnly = t.names.length === 0 && o.names.length > 0;
    if (
      o.absentBy === 'restricted' ||
      o.absentBy === 'caller' ||
      o.absentBy === 'session' ||
      (builtOnly && o.state === 'absent' && o.absentBy !== 'runtime')
    )
      for (const name of o.names) if (!disallowedTools.includes(name)) disallowedTools.push(name);
    if (t.kind === 'mcp' && o.state === 'absent')
      for (const name of o.names) {
        const server = mcpServerOf(name);
        if (server !== undefined)
          deniedWires.set(server, [
            ...(deniedWires.get(server) ?? []),
            name.slice(server.length + 7),
          ]);
      }
  }
  for (const extra of offer.extraNames) known.add(extra.name);
  const offered = (name: string) => offer.stateOf(name) !== 'absent';
  // With a caller, its names are what it may call (pre-approved), what its entries' builders named
  // included; without, the catalog's auto-approved tools.
  const builtNames = offer.tools.flatMap((o) =>
    tables.tools[o.index]!.names.length === 0 && selection?.keys.includes(o.key) ? o.names : [],
  );
  const allowedTools = selection
    ? [...selection.names, ...builtNames].filter(offered)
    : offer.tools
        .filter((o) => tables.tools[o.index]!.approval === 'auto' && o.state !== 'absent')
        .flatMap((o) => o.names);
  return { tools, allowedTools, disallowedTools, loadModes, deniedWires, known };
}

/**
 * The tool with the SDK's per-tool `alwaysLoad` set (`_meta['anthropic/alwaysLoad']`), when the
 * catalog says how it is offered.
 */
function withLoadMode<T extends NamedTool>(tool: T, mode: 'direct' | 'deferred' | undefined): T {
  if (mode === undefined) return tool;
  const meta = (tool as { _meta?: Record<string, unknown> })._meta;
  return { ...tool, _meta: { ...meta, 'anthropic/alwaysLoad': mode === 'direct' } };
}

/**
 * The server config with a per-tool `always_deny` policy for the catalog's tools it left out (SDKs
 * that support it).
 */
function withDeniedTools<S>(server: S, wires: readonly string[] | undefined): S {
  if (wires === undefined || wires.length === 0 || typeof server !== 'object' || server === null)
    return server;
  const policies = wires.map((name) => ({ name, permission_policy: 'always_deny' as const }));
  return { ...server, tools: policies };
}
