// The Agent one verify run serves, and the run options of each context: the Agent's options are the
// runtime's `openAIAgentOptions` (what the generated `<p>OpenAIAgentOptions` computes), built once per
// caller from a context in which every condition holds, with the app's tools built by the catalog's
// builders — every `execute` replaced by a recorder, so no app code runs a tool — and stand-ins for
// the rest: every catalogued in-process tool without a builder, an MCP server per channel listing its
// catalogued tools, and on every server and channel one tool the catalog does not know.
import type { CatalogModel } from '../../model/catalog-model.js';
import { policyTablesOf } from '../../model/policy-tables.js';
import { toolEntry } from '../../model/session-facts.js';
import { appTool, type AppTool } from '../../runtime/app-tool.js';
import { createToolContext, type ToolContext } from '../../runtime/context.js';
import { computeOffer, type OfferInput, type SessionOffer } from '../../runtime/offer.js';
import { createToolCatalog } from '../../runtime/tools.js';
import type { AppCode } from '../../verify/app-code.js';
import { recordedBindings, ungrouped } from '../recorded-app-code.js';
import { openAIAgentOptions } from './runtime/openai-options.js';
import { openAIRunOptions } from './runtime/openai-run.js';
import type {
  OpenAIAgentsSdk,
  RecordedRequest,
  RunResultLike,
  ScriptedModelLike,
  ScriptedTurn,
} from './sdk.js';

/** A tool on every server and channel that no catalog declares: a run must never offer it. */
export const UNCATALOGUED = 'verify_uncatalogued_tool';

export interface AgentSetup {
  readonly model: CatalogModel;
  readonly sdk: OpenAIAgentsSdk;
  readonly appCode: AppCode;
  readonly agent: { readonly disabledTools: readonly string[] };
  readonly overlay: readonly string[];
  readonly adjust?: (options: Record<string, unknown>) => Record<string, unknown>;
}

export interface VerifyAgent {
  /** The Agent, on `parent`'s model; its subagents on `nested`'s. */
  readonly agent: unknown;
  readonly parent: ScriptedModelLike;
  readonly nested: ScriptedModelLike;
  /** The SDK's names of the tools whose recorder ran, in call order. */
  readonly ran: string[];
  /** How the parent's model answers the current run's turns. */
  script: (call: RecordedRequest) => ScriptedTurn;
  /** One run of the Agent with `options` (a run's options). */
  run(options: Record<string, unknown>): Promise<RunResultLike>;
  /** The options of a run in one context, and the offer it is compared with. */
  runOf(values: Readonly<Record<string, boolean>>): {
    readonly options: Record<string, unknown>;
    readonly offer: SessionOffer;
  };
}

/** A stand-in app tool: the catalogued name, an empty input, a recorder. */
function standIn(sdk: OpenAIAgentsSdk, name: string, ran: string[]): AppTool {
  return appTool({
    name,
    description: `Stand-in for '${name}'`,
    input: sdk.object({}) as never,
    execute: () => {
      ran.push(name);
      return `${name} ran (tool-catalog verify: a stand-in)`;
    },
  });
}

/** An MCP server the app would connect for `channel`: its catalogued tools and one unknown, each a recorder. */
function channelServer(model: CatalogModel, channel: string, ran: string[]) {
  const wires = model.tools
    .filter((t) => t.kind === 'external' && t.channel === channel)
    .flatMap((t) => t.names.map((n) => n.slice(`mcp__${channel}__`.length)));
  const listed = [...new Set([...wires, UNCATALOGUED])];
  return {
    name: channel,
    cacheToolsList: false,
    connect: async () => {},
    close: async () => {},
    invalidateToolsCache: async () => {},
    listTools: async () =>
      listed.map((name) => ({
        name,
        description: `Stand-in for '${name}' on '${channel}'`,
        inputSchema: { type: 'object', properties: {}, required: [], additionalProperties: false },
      })),
    callTool: async (name: string) => {
      ran.push(name);
      return [{ type: 'text', text: `${name} ran (tool-catalog verify: a stand-in)` }];
    },
  };
}

/** The Agent for one caller (every catalogued tool, for a catalog without callers). */
export function verifyAgent(setup: AgentSetup, caller: string | undefined): VerifyAgent {
  const { model, sdk } = setup;
  const tables = policyTablesOf(model);
  const ran: string[] = [];
  const bindings = recordedBindings(
    {
      ...setup,
      target: 'openai-agents',
      standIns: (t) => t.names.map((n) => standIn(sdk, n.slice(`mcp__${t.server}__`.length), ran)),
    },
    ran,
  );
  const catalog = createToolCatalog<unknown, AppTool>(model.tools.map(toolEntry), {
    conditions: model.conditions.map((c) => ({ name: c.name, field: c.field })),
    bindings,
  });
  const include = caller === undefined ? undefined : (model.callers[caller] ?? []);
  const contextOf = (values: Readonly<Record<string, boolean>>) =>
    createToolContext({ predicates: { ...values }, factories: {}, data: setup.appCode.data() });
  // Built once, where every condition holds: each run enables what its own context allows.
  const everything = contextOf(Object.fromEntries(model.conditions.map((c) => [c.field, true])));
  const built =
    include === undefined
      ? ungrouped(model, bindings, everything)
      : catalog.buildServers(everything, { include });
  const tools: Record<string, AppTool[]> = {};
  for (const [server, list] of Object.entries(built)) tools[server] = [...list];
  for (const server of model.servers)
    tools[server] = [...(tools[server] ?? []), standIn(sdk, UNCATALOGUED, ran)];
  const mcpServers = Object.fromEntries(
    model.channels.map((channel) => [channel, channelServer(model, channel, ran)]),
  );
  const select =
    include === undefined
      ? undefined
      : (run: unknown) => ({
          keys: catalog.selectedKeys(run as ToolContext, { include }),
          // Channels are the app's to connect: verify's registry lists no mirrored names.
          names: catalog.toolNames(run as ToolContext, { include, channels: () => [] }),
        });
  const parent = sdk.scriptedModel();
  const nested = sdk.scriptedModel();
  let options = openAIAgentOptions({ tables }, sdk, {
    context: everything,
    tools,
    mcpServers: mcpServers as never,
    ...(select ? { select } : {}),
    model: nested.model,
  }) as unknown as Record<string, unknown>;
  if (setup.adjust) options = setup.adjust(options);
  const agent = new sdk.Agent({
    name: 'tool-catalog verify',
    instructions: 'tool-catalog verify',
    model: parent.model,
    ...options,
  } as never);
  return {
    agent,
    parent,
    nested,
    ran,
    script: () => ({ text: 'done' }),
    run: (runOptions) => sdk.run(agent, 'tool-catalog verify', { ...runOptions, maxTurns: 3 }),
    runOf(values) {
      const context = caller === undefined ? values : contextOf(values);
      const input: OfferInput = {
        agent: setup.agent,
        context,
        ...(setup.overlay.length > 0 ? { options: { overlay: setup.overlay } } : {}),
        ...(select ? { selection: select(context) } : {}),
      };
      const { ignoredOptOuts: _, ...run } = openAIRunOptions(tables, {
        context,
        agent: setup.agent,
        ...(input.options ? { options: input.options } : {}),
      });
      return { options: run, offer: computeOffer(tables, input) };
    },
  };
}
