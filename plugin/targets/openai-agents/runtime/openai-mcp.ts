// An MCP server the app connects, as an Agent of the catalog sees it: the same server (connection,
// calls, resources) with a tool filter that asks the run's offer — and refuses every tool when the run
// context carries no catalog session — a listing narrowed to the tools the catalog could ever offer
// (the SDK lets every listed tool through, without calling a filter function, when it lists tools
// without a run context), and a guardrail that refuses a call the offer no longer allows. The
// server's own filter and guardrails still apply. Local MCP servers have no approval in this SDK: a
// call that would need the user's approval is refused.
import { mcpToolName, type PolicyTables } from '../../../runtime/index.js';
import { openAIToolName } from './openai-names.js';
import type { AgentScope } from './openai-scope.js';
import { catalogGuardrail } from './openai-tools.js';

/** An MCP server as the SDK's `MCPServer` describes it (the members read or replaced here). */
export interface McpServerLike {
  readonly name: string;
  listTools(): Promise<readonly { readonly name: string }[]>;
  readonly toolFilter?: unknown;
  readonly toolInputGuardrails?: readonly unknown[];
}

/** A name part as the SDK writes it into `mcp_<server>__<tool>` (its `includeServerInToolNames`). */
const safePart = (value: string, fallback: string) =>
  value.replace(/[^A-Za-z0-9_-]/g, '_').replace(/^[_-]+|[_-]+$/g, '') || fallback;

/** The channel's names the catalog could offer at some run: every name it lists, restricted ones aside. */
function staticallyAllowed(tables: PolicyTables, channel: string) {
  const entries = tables.tools.filter(
    (t) => t.kind !== 'sdk' && (t.channel === channel || t.server === channel),
  );
  // Names known only at run time (mirrored from the app's registry, resolved): only what is
  // restricted can be told apart now.
  const open = entries.some((t) => t.namesFrom !== undefined);
  const listed = new Set<string>();
  const restricted = new Set<string>();
  for (const t of entries)
    for (const name of t.names ?? []) (t.restricted ? restricted : listed).add(name);
  return (wire: string) => {
    const name = mcpToolName(channel, wire);
    return !restricted.has(name) && (open || listed.has(name));
  };
}

/** `server` for one Agent of the catalog, under the catalog's channel (or server) `channel`. */
export function filteredServer<S extends McpServerLike>(
  server: S,
  channel: string,
  tables: PolicyTables,
  scope: AgentScope,
): S {
  const allowed = staticallyAllowed(tables, channel);
  // The SDK's names of each tool this server listed, back to its wire name: bare, or prefixed with
  // the server's name when the Agent sets `mcpConfig.includeServerInToolNames` (a name the SDK
  // shortens with a hash, over 64 characters or colliding, is not known here: its calls are refused).
  const wires = new Map<string, string>();
  const prefix = `mcp_${safePart(server.name, 'server')}__`;
  const listTools = async () => {
    const tools = (await server.listTools()).filter((t) => allowed(t.name));
    for (const t of tools) {
      wires.set(openAIToolName(t.name), t.name);
      wires.set(openAIToolName(`${prefix}${safePart(t.name, 'tool')}`), t.name);
    }
    return tools;
  };
  // The server's own filter, when the app gave it one, still applies: both must let a tool through.
  const own = server.toolFilter as
    | ((context: unknown, tool: unknown) => Promise<boolean>)
    | {
        readonly allowedToolNames?: readonly string[];
        readonly blockedToolNames?: readonly string[];
      }
    | undefined;
  const ownAllows = async (context: unknown, tool: { readonly name: string }) => {
    if (own === undefined) return true;
    if (typeof own === 'function') return own(context, tool);
    const { allowedToolNames: allowed = [], blockedToolNames: blocked = [] } = own;
    return (allowed.length === 0 || allowed.includes(tool.name)) && !blocked.includes(tool.name);
  };
  const toolFilter = async (
    context: { readonly runContext: unknown },
    tool: { readonly name: string },
  ) =>
    scope.refusal(context.runContext, mcpToolName(channel, tool.name)) === undefined &&
    (await ownAllows(context, tool));
  const guardrail = catalogGuardrail(({ context, toolCall }) => {
    const wire = wires.get(toolCall.name);
    if (wire === undefined)
      return `'${toolCall.name}' is not a tool the catalog knows on '${channel}'`;
    const runtimeName = mcpToolName(channel, wire);
    const why = scope.refusal(context, runtimeName);
    if (why !== undefined) return why;
    return scope.asks(context, runtimeName)
      ? "it needs the user's approval, which the OpenAI Agents SDK cannot ask for a tool of an MCP " +
          "server (run with approval: 'allow' to let it run)"
      : undefined;
  });
  const guardrails = [guardrail, ...(server.toolInputGuardrails ?? [])];
  return new Proxy(server, {
    get(target, property) {
      if (property === 'listTools') return listTools;
      if (property === 'toolFilter') return toolFilter;
      if (property === 'toolInputGuardrails') return guardrails;
      const value = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
