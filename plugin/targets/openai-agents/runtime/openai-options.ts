// The options of one OpenAI Agents SDK Agent (`new Agent({ name, instructions, ...options })`), from the
// catalog's offer: every app tool a function tool enabled per run, the app's MCP servers of the
// declared channels filtered per run, and every declared subagent an Agent of its own offered as a
// tool (`agent.asTool`) while the run offers it. The Agent is built once; each run's options
// (`openAIRunOptions`) bring the context, opt-outs and approval its tools are enabled by.
import {
  DuplicateToolError,
  mcpToolName,
  type AppTool,
  type ChannelRegistry,
  type OfferInput,
  type OfferSelection,
  type PolicyContext,
  type PolicyTables,
} from '../../../runtime/index.js';
import { filteredServer, type McpServerLike } from './openai-mcp.js';
import { openAINameOf, openAIToolName } from './openai-names.js';
import { notOfferedFormatter } from './openai-run.js';
import { rootScope, subagentScope, type AgentScope } from './openai-scope.js';
import { catalogGuardrail, catalogTool, type OpenAIAgentsFunctions } from './openai-tools.js';

/** The catalog facts the options need, from the generated code. */
export interface OpenAIAgentCatalog {
  readonly tables: PolicyTables;
}

export interface OpenAIAgentInput {
  /**
   * The per-invocation context the tools were built with: the conditions of a run whose options
   * bring no context of their own.
   */
  readonly context: PolicyContext;
  /** The app tools by in-process server (a server the catalog does not declare offers nothing). */
  readonly tools?: Readonly<Record<string, readonly AppTool[]>>;
  /**
   * The MCP servers the app connects, by the catalog's channel (a channel the catalog does not
   * declare offers nothing).
   */
  readonly mcpServers?: Readonly<Record<string, McpServerLike | undefined>>;
  /** The caller's selection for a run's context (what the generated code computes for `caller`). */
  readonly select?: (context: PolicyContext, channels?: ChannelRegistry) => OfferSelection;
  /** The runtime names each bundle entry (`fullNames: []`) built, by key: they stand for the entry. */
  readonly builtNames?: OfferInput['builtNames'];
  /** The app's channel registry, for runs whose options bring none. */
  readonly channels?: ChannelRegistry;
  /** The model the subagents run on; default: the run's. */
  readonly model?: unknown;
  /** Turns a subagent may take when the catalog gives it no `maxTurns`; default: the SDK's. */
  readonly subagentTurns?: number;
}

export interface OpenAIAgentOptions {
  /** Function tools: the app tools, then one tool per declared subagent. */
  readonly tools: unknown[];
  readonly mcpServers: unknown[];
}

/** One Agent's tools and servers, every one asking `scope`. */
function agentParts(
  sdk: OpenAIAgentsFunctions,
  tables: PolicyTables,
  input: OpenAIAgentInput,
  scope: AgentScope,
) {
  const declared = new Set([...tables.servers, ...(tables.channels ?? [])]);
  const owners = new Map<string, string>();
  const claim = (name: string, owner: string) => {
    const first = owners.get(name);
    if (first !== undefined)
      throw new DuplicateToolError(
        `Two tools of this OpenAI agent are named '${name}' (${first} and ${owner}): the OpenAI ` +
          'Agents SDK names a tool by its wire name alone; rename one of them.',
      );
    owners.set(name, owner);
  };
  // A tool no run can offer — not the catalog's, on a server whose names are all known — is left out.
  const listed = new Set(tables.tools.flatMap((t) => t.names));
  const open = new Set(tables.tools.flatMap((t) => (t.namesFrom && t.server ? [t.server] : [])));
  const tools: unknown[] = [];
  for (const [server, list] of Object.entries(input.tools ?? {})) {
    if (!declared.has(server)) continue;
    for (const app of list) {
      const runtimeName = mcpToolName(server, app.name);
      if (!listed.has(runtimeName) && !open.has(server)) continue;
      claim(openAIToolName(app.name), runtimeName);
      tools.push(catalogTool(sdk, app, runtimeName, scope));
    }
  }
  const mcpServers = Object.entries(input.mcpServers ?? {}).flatMap(([channel, server]) =>
    server === undefined || !declared.has(channel)
      ? []
      : [filteredServer(server, channel, tables, scope)],
  );
  return { tools, mcpServers, claim };
}

/**
 * The SDK's names of the catalog's tools and the app's, back to their runtime names: what the live
 * snapshot may name, and what a call to a tool not offered is explained by.
 */
function namesOf(tables: PolicyTables, input: OpenAIAgentInput) {
  const names = new Map<string, string>();
  for (const t of tables.tools)
    for (const runtimeName of t.names) {
      const name = openAINameOf(runtimeName);
      if (name !== undefined && !names.has(name)) names.set(name, runtimeName);
    }
  for (const [server, list] of Object.entries(input.tools ?? {}))
    for (const app of list) names.set(openAIToolName(app.name), mcpToolName(server, app.name));
  return (name: string) => names.get(name);
}

/** One Agent's options; see the module comment. */
export function openAIAgentOptions(
  catalog: OpenAIAgentCatalog,
  sdk: OpenAIAgentsFunctions,
  input: OpenAIAgentInput,
): OpenAIAgentOptions {
  const { tables } = catalog;
  const runtimeNameOf = namesOf(tables, input);
  const scope = rootScope({
    tables,
    context: input.context,
    ...(input.select ? { select: input.select } : {}),
    ...(input.channels ? { channels: input.channels } : {}),
    ...(input.builtNames ? { builtNames: input.builtNames } : {}),
    runtimeNameOf,
  });
  const own = agentParts(sdk, tables, input, scope);
  for (const entry of tables.agents ?? []) {
    const name = openAIToolName(entry.name);
    own.claim(name, `the subagent '${entry.name}'`);
    const share = subagentScope(scope, entry.name);
    const parts = agentParts(sdk, tables, input, share);
    const agent = new sdk.Agent({
      name: entry.name,
      instructions: entry.prompt,
      handoffDescription: entry.description,
      tools: parts.tools,
      mcpServers: parts.mcpServers,
      ...(input.model !== undefined ? { model: input.model } : {}),
    } as never);
    const turns = entry.maxTurns ?? input.subagentTurns;
    const tool = agent.asTool({
      toolName: name,
      toolDescription: entry.description,
      isEnabled: ({ runContext }: { readonly runContext: unknown }) =>
        scope.subagentRefusal(runContext, entry.name) === undefined,
      runOptions: {
        toolNotFoundBehavior: 'return_error_to_model',
        toolErrorFormatter: notOfferedFormatter((tool, runContext) => {
          const runtimeName = runtimeNameOf(tool);
          return runtimeName === undefined ? undefined : share.refusal(runContext, runtimeName);
        }),
        ...(turns !== undefined ? { maxTurns: turns } : {}),
      },
    } as never);
    // A subagent switched off since the turn began is refused like any other tool.
    Object.assign(tool as object, {
      inputGuardrails: [
        catalogGuardrail(({ context }) => scope.subagentRefusal(context, entry.name)),
      ],
    });
    own.tools.push(tool);
  }
  return { tools: own.tools, mcpServers: own.mcpServers };
}
