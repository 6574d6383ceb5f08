// Everything one agent session passes to the Claude Agent SDK's `query()`, so that what the model is
// offered equals the policy: built-ins through `tools` (the runtime offers exactly those),
// in-process MCP servers built with only their allowed tools (the runtime keeps offering in-process
// tools that are merely listed in `disallowedTools`), `disallowedTools` for everything else
// (external servers honour it), `allowedTools` for pre-approval, and the PreToolUse guard.
import type { AgentToolSettings, PolicyContext, ResolveOptions } from './policy.js';
import { resolveToolPolicy } from './policy.js';
import { createPreToolUseGuard, type GuardMatcher, type PreToolUseGuardOptions } from './hooks.js';
import { mcpToolName } from './names.js';
import { coveredBy, normaliseOptOuts, type IgnoredOptOut } from './opt-outs.js';
import { preparePolicy, type PolicyTables } from './policy-tables.js';

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
  /** Extra guard options (headless turns, permission mode, servers outside the catalog to allow, …). */
  readonly guard?: Omit<
    PreToolUseGuardOptions,
    | 'disallowed'
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
  readonly selection?: { readonly keys: readonly string[]; readonly names: readonly string[] };
}

/** The catalog facts the guard needs, from the generated code. */
export interface SessionCatalog {
  readonly tables: PolicyTables;
  readonly channels: readonly string[];
  readonly guard: Pick<
    PreToolUseGuardOptions,
    'restricted' | 'restrictedChannels' | 'guardedChannels' | 'promptingTools'
  >;
}

export interface SessionOptions<S, E = never> {
  /** Built-in tools the model is offered: exactly these (the SDK's `tools` option). */
  readonly tools: string[];
  readonly allowedTools: string[];
  readonly disallowedTools: string[];
  readonly mcpServers: Record<string, S | E>;
  readonly hooks: { readonly PreToolUse: GuardMatcher[] };
  /**
   * Opt-out entries that changed nothing — unknown names (with a suggestion), tools users cannot
   * switch — for the app to show. Not an SDK option (the SDK ignores it).
   */
  readonly ignoredOptOuts: readonly IgnoredOptOut[];
}

/**
 * The agent's opt-outs as the policy reads them: earlier names in today's form, and entries that name
 * nothing left out (reported instead). Servers the app connects itself (`externalServers`, the guard's
 * `otherServers`) take entries as written.
 */
function readOptOuts<T extends NamedTool, S, E>(p: ReturnType<typeof preparePolicy>, input: SessionInput<T, S, E>) {
  const stored = input.agent?.disabledTools ?? [];
  const other = input.guard?.otherServers;
  const otherServers = other === 'all' ? 'all' : [...Object.keys(input.externalServers ?? {}), ...(other ?? [])];
  const read = normaliseOptOuts(p, stored, { otherServers });
  const dropped = new Set(read.unknown.filter((u) => u.key === undefined).map((u) => u.entry));
  const today = new Map(read.migrated.map((m) => [m.from, m.to]));
  const disabledTools = stored
    .filter((entry): entry is string => typeof entry === 'string' && !dropped.has(entry))
    .map((entry) => today.get(entry) ?? entry);
  return { agent: { ...input.agent, disabledTools }, ignored: read.unknown };
}

/** The options for one session: spread them into `query({ prompt, options: { ...session, … } })`. */
export function sessionOptions<T extends NamedTool, S, E = never>(
  catalog: SessionCatalog,
  input: SessionInput<T, S, E>,
): SessionOptions<S, E> {
  const { tables } = catalog;
  const p = preparePolicy(tables);
  const optOuts = readOptOuts(p, input);
  const policy = resolveToolPolicy(tables, optOuts.agent, input.context, input.options);
  const disallowed = policy.disallowedTools;
  const blocked = (name: string) => disallowed.some((entry) => coveredBy(name, entry));
  const selected = input.selection ? new Set(input.selection.keys) : undefined;
  // Built-ins: every SDK tool of the catalog (that the caller selected) the policy allows, by its runtime names.
  const tools: string[] = [];
  tables.tools.forEach((t, i) => {
    if (t.kind === 'sdk' && (!selected || selected.has(t.key)))
      for (const name of p.names[i]!) if (!blocked(name)) tools.push(name);
  });
  const known = new Set([...p.names.flat(), ...(input.selection?.names ?? [])]);
  // With a caller, its names are what it may call (pre-approved); without, the catalog's auto-approved tools.
  const allowedTools = input.selection ? input.selection.names.filter((name) => !blocked(name)) : policy.allowedTools;
  const mcpServers: Record<string, S | E> = { ...input.externalServers };
  for (const [server, instances] of Object.entries(input.servers ?? {})) {
    if (!input.createServer)
      throw new TypeError(
        "sessionOptions: pass createServer (the SDK's createSdkMcpServer) to build the in-process servers.",
      );
    // A tool the catalog does not know is not offered: the policy cannot say it is allowed.
    const allowed = instances.filter((tool) => {
      const name = mcpToolName(server, tool.name);
      return known.has(name) && !blocked(name);
    });
    mcpServers[server] = input.createServer({ name: server, tools: allowed });
  }
  const guard = createPreToolUseGuard({
    ...input.guard,
    ...catalog.guard,
    tables,
    allowedTools,
    disallowed: () => disallowed,
    declaredServers: [...tables.servers, ...catalog.channels],
    inProcessServers: tables.servers,
    knownNames: known,
  });
  return {
    tools,
    allowedTools,
    disallowedTools: disallowed,
    mcpServers,
    hooks: { PreToolUse: [guard] },
    ignoredOptOuts: optOuts.ignored,
  };
}
