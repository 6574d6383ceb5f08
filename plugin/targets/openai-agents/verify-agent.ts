// The Agent one verify run serves, and the run options of each context: the Agent's options are the
// runtime's `openAIAgentOptions` (what the generated `<p>OpenAIAgentOptions` computes), built once per
// caller from a context in which every condition holds, with the app's tools built by the catalog's
// builders — every `execute` replaced by a recorder, so no app code runs a tool — and stand-ins for
// the rest: every catalogued in-process tool without a builder, an MCP server per channel listing its
// catalogued tools, and on every server and channel one tool the catalog does not know.
import type { CatalogModel } from '../../model/catalog-model.js';
import { policyTablesOf } from '../../model/policy-tables.js';
import { toolEntry } from '../../model/session-facts.js';
import { appTool, isAppTool, type AppTool } from '../../runtime/app-tool.js';
import {
  createToolContext,
  type ToolBuildOptions,
  type ToolContext,
} from '../../runtime/context.js';
import { computeOffer, type OfferInput, type SessionOffer } from '../../runtime/offer.js';
import type { ToolBinding } from '../../runtime/tool-entries.js';
import { createToolCatalog } from '../../runtime/tools.js';
import type { AppCode } from '../../verify/app-code.js';
import { VerifySetupProblem } from '../../verify/problems.js';
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

/** The builder's tools with `execute` recording the call instead of running the app's code. */
function recorded(built: unknown, key: string, setup: AgentSetup, ran: string[]): AppTool[] {
  const list = Array.isArray(built) ? built : built == null ? [] : [built];
  return list.map((t) => {
    if (!isAppTool(t))
      throw new VerifySetupProblem(
        `The builder ${setup.appCode.exportOf(key, 'build')} of tool '${key}' returned ` +
          `${typeof t?.name === 'string' ? `'${t.name}', ` : ''}which is not an app tool: the openai-agents ` +
          'target takes tools written once with appTool({ name, description, input, execute }).',
      );
    return {
      ...t,
      execute: () => {
        ran.push(t.name);
        return `${t.name} ran (tool-catalog verify: the app's code is not called)`;
      },
    };
  });
}

/** The app code bound for the runs: builders wrapped to record, checks and resolvers as they are. */
function bindingsOf(setup: AgentSetup, ran: string[]) {
  const bindings: Record<string, ToolBinding<unknown, AppTool>> = {};
  for (const [key, code] of setup.appCode.tools)
    bindings[key] = {
      ...(code.build
        ? {
            build: (ctx: ToolContext, options: ToolBuildOptions) =>
              recorded(
                (code.build as (c: unknown, o: unknown) => unknown)(ctx, options),
                key,
                setup,
                ran,
              ),
          }
        : {}),
      ...(code.check ? { check: code.check as (c: ToolContext) => boolean | undefined } : {}),
      ...(code.resolveNames
        ? { resolveNames: code.resolveNames as (c: ToolContext) => Iterable<string> }
        : {}),
    };
  // A catalogued in-process tool without a builder gets stand-ins under its names.
  for (const t of setup.model.tools)
    if (t.kind === 'mcp' && !t.factory && !bindings[t.key]?.build)
      bindings[t.key] = {
        ...bindings[t.key],
        build: () =>
          t.names.map((n) => standIn(setup.sdk, n.slice(`mcp__${t.server}__`.length), ran)),
      };
  return bindings;
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
  const bindings = bindingsOf(setup, ran);
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

/** Without a caller: every catalogued in-process tool, built by its builder or as a stand-in. */
function ungrouped(
  model: CatalogModel,
  bindings: Readonly<Record<string, ToolBinding<unknown, AppTool>>>,
  context: ToolContext,
): Record<string, AppTool[]> {
  const out: Record<string, AppTool[]> = {};
  for (const t of model.tools) {
    const build = bindings[t.key]?.build;
    if (t.kind !== 'mcp' || t.server === undefined || build === undefined) continue;
    const made = build(context, { key: t.key });
    out[t.server] = [...(out[t.server] ?? []), ...(Array.isArray(made) ? made : [made])];
  }
  return out;
}
