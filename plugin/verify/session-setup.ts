// The options one verify run hands to `query()`: the runtime's own `sessionOptions` over the catalog's
// policy tables, with a caller's selection computed as the generated `<p>SessionOptions` computes it,
// in-process servers built with the SDK's `createSdkMcpServer` from the app's builders (stand-ins with
// the catalogued wire names where a tool has none), and every handler and guard decision recorded.
import type { McpServerConfig, Options } from '@anthropic-ai/claude-agent-sdk';
import type { CatalogModel } from '../model/catalog-model.js';
import { guardFacts, toolEntry } from '../model/session-facts.js';
import { createToolContext, type ToolBuildOptions, type ToolContext } from '../runtime/context.js';
import type { GuardCallback, GuardHookInput } from '../runtime/hooks.js';
import { mcpToolName } from '../runtime/names.js';
import type { AgentToolSettings, ResolveOptions } from '../runtime/policy.js';
import type { PolicyTables } from '../runtime/policy-tables.js';
import { computeOffer, type SessionOffer } from '../runtime/offer.js';
import {
  sessionOptions,
  type NamedTool,
  type SdkFeatures,
  type SessionOptions,
} from '../runtime/session.js';
import type { ToolBinding } from '../runtime/tool-entries.js';
import { createToolCatalog } from '../runtime/tools.js';
import type { AppCode, ToolCode } from './app-code.js';
import type { ClaudeSdk } from './claude-runtime.js';
import { VerifySetupProblem } from './problems.js';
import type { ProjectSkill } from './project-skills.js';

/** A built in-process tool: what `tool(...)` returns. */
type BuiltTool = NamedTool & {
  readonly handler: (args: unknown, extra: unknown) => Promise<unknown>;
};

export interface SessionPlan {
  readonly model: CatalogModel;
  /** The policy tables with the runtime surfaces of the runtime version under test. */
  readonly tables: PolicyTables;
  /** What that SDK version supports (the session an app pinned to it builds). */
  readonly features: SdkFeatures;
  readonly sdk: ClaudeSdk;
  readonly appCode: AppCode;
  readonly agent: AgentToolSettings;
  readonly options: ResolveOptions;
  /** External MCP servers the app connects itself (`--mcp-config`), passed through as given. */
  readonly externalServers: Readonly<Record<string, McpServerConfig>>;
  /** The project's skills the session loads (copied into each run's project and run there). */
  readonly skills?: readonly ProjectSkill[];
  /**
   * Changes the session before the run (tests plant leaks with it: a server left unfiltered, no
   * `tools` option). `built` holds every tool built per server, before the policy removed any.
   */
  readonly adjust?: (
    session: SessionOptions<unknown, unknown>,
    built: Readonly<Record<string, readonly BuiltTool[]>>,
    createServer: (name: string, tools: readonly BuiltTool[]) => unknown,
  ) => SessionOptions<unknown, unknown>;
}

export interface RunSession {
  readonly options: Partial<Options>;
  /** Tool names whose (stand-in) handler ran, in call order. */
  readonly ran: string[];
  /** The guard's denials in this run: tool name → reason. */
  readonly denials: Map<string, string>;
  /** Every call the guard saw, with the agent its hook input named (none: the main thread). */
  readonly guardCalls: GuardCall[];
  /** Built tools the session left out of their server: not in the catalog, so the policy cannot allow them. */
  readonly dropped: readonly string[];
  /** The caller's selection, when the run has a caller. */
  readonly selection?: { readonly keys: readonly string[]; readonly names: readonly string[] };
  /** What the session offers, as the runtime's `computeOffer` says: the run is compared with it. */
  readonly offer: SessionOffer;
}

/** One call the PreToolUse guard saw, as its hook input named it, and its reason when it denied it. */
export interface GuardCall {
  readonly tool: string;
  readonly agentType?: string;
  readonly agentId?: string;
  readonly denied?: string;
}

const textResult = (text: string) => ({ content: [{ type: 'text' as const, text }] });

/** The run's in-process tools: the app's built tools with their handler replaced, or stand-ins. */
function toolMaker(plan: SessionPlan, ran: string[]) {
  const recorder = (name: string) => async () => {
    ran.push(name);
    return textResult(`${name} ran (tool-catalog verify: the app's handler is not called)`);
  };
  // Verify never runs an app's handler: the name, description and input schema are what the model is offered.
  const wrapBuilt = (built: unknown, key: string): BuiltTool[] => {
    const list = (Array.isArray(built) ? built : built == null ? [] : [built]) as BuiltTool[];
    return list.map((t) => {
      if (typeof t?.name !== 'string')
        throw new VerifySetupProblem(
          `The builder ${plan.appCode.exportOf(key, 'build')} of tool '${key}' ` +
            `returned something that is not an SDK tool (no name).`,
        );
      return { ...t, handler: recorder(mcpToolName(toolServer(plan.model, key), t.name)) };
    });
  };
  const standIn = (name: string, key: string): BuiltTool => {
    const wire = name.slice(`mcp__${toolServer(plan.model, key)}__`.length);
    return plan.sdk.tool(
      wire,
      `Stand-in for the catalog tool '${key}' (tool-catalog verify)`,
      {},
      recorder(name),
    ) as unknown as BuiltTool;
  };
  return { wrapBuilt, standIn };
}

const toolServer = (model: CatalogModel, key: string) =>
  model.tools.find((t) => t.key === key)?.server ?? '';

/** Runs one piece of app code, turning a throw into a message that names the tool, the export and the likely cause. */
function guarded<F extends (...args: never[]) => unknown>(
  plan: SessionPlan,
  key: string,
  role: keyof ToolCode,
  fn: F,
): F {
  return ((...args: Parameters<F>) => {
    try {
      return fn(...args);
    } catch (error) {
      if (error instanceof VerifySetupProblem) throw error;
      const what =
        role === 'build' ? 'builder' : role === 'check' ? 'availability check' : 'name resolver';
      const hint = plan.appCode.hasData
        ? ''
        : "; verify runs app code with the data that 'verify.data' in the config names, and none is set";
      throw new VerifySetupProblem(
        `The ${what} ${plan.appCode.exportOf(key, role)} of tool '${key}' threw "` +
          `${error instanceof Error ? error.message : String(error)}"${hint}.`,
      );
    }
  }) as F;
}

/** The session for one context (plain booleans by field) and, for catalogs with callers, one caller. */
export function buildRunSession(
  plan: SessionPlan,
  context: Readonly<Record<string, boolean>>,
  caller: string | undefined,
  runtime: string,
): RunSession {
  const { model, tables, sdk } = plan;
  const ran: string[] = [];
  const denials = new Map<string, string>();
  const guardCalls: GuardCall[] = [];
  const make = toolMaker(plan, ran);
  const bindings: Record<string, ToolBinding<unknown, BuiltTool>> = {};
  for (const [key, code] of plan.appCode.tools) {
    bindings[key] = {
      ...(code.build
        ? {
            build: guarded(plan, key, 'build', (ctx: ToolContext, options: ToolBuildOptions) =>
              make.wrapBuilt(
                (code.build as (c: unknown, o: unknown) => unknown)(ctx, options),
                key,
              ),
            ),
          }
        : {}),
      ...(code.check
        ? {
            check: guarded(
              plan,
              key,
              'check',
              code.check as (c: ToolContext) => boolean | undefined,
            ),
          }
        : {}),
      ...(code.resolveNames
        ? {
            resolveNames: guarded(
              plan,
              key,
              'resolveNames',
              code.resolveNames as (c: ToolContext) => Iterable<string>,
            ),
          }
        : {}),
    };
  }
  const toolContext = createToolContext({
    predicates: { ...context },
    factories: {},
    data: plan.appCode.data(),
  });
  const built: Record<string, BuiltTool[]> = {};
  // What the builders of entries without declared names (`fullNames: []`) built, as the app hands it on.
  let builtNames: Record<string, string[]> = {};
  let selection: RunSession['selection'];
  if (caller === undefined) {
    // Without a caller the app builds its servers itself: every catalogued in-process tool, by its
    // builder or a stand-in.
    for (const t of model.tools) {
      if (t.kind !== 'mcp' || t.server === undefined) continue;
      const code = bindings[t.key]?.build;
      const tools = (
        code ? code(toolContext, { key: t.key }) : t.names.map((name) => make.standIn(name, t.key))
      ) as BuiltTool[];
      built[t.server] ??= [];
      built[t.server]!.push(...tools);
      if (code && t.names.length === 0 && t.nameSource.kind === 'static')
        builtNames[t.key] = tools.map((tool) => mcpToolName(t.server!, tool.name));
    }
  } else {
    // What the generated <p>SessionOptions does for a caller: build its servers, select its keys and names.
    const include = model.callers[caller] ?? [];
    const withStandIns: Record<string, ToolBinding<unknown, BuiltTool>> = { ...bindings };
    for (const t of model.tools)
      if (t.kind === 'mcp' && !t.factory && !bindings[t.key]?.build)
        withStandIns[t.key] = {
          ...bindings[t.key],
          build: () => t.names.map((name) => make.standIn(name, t.key)),
        };
    const catalog = createToolCatalog<unknown, BuiltTool>(model.tools.map(toolEntry), {
      conditions: model.conditions.map((c) => ({ name: c.name, field: c.field })),
      bindings: withStandIns,
    });
    const fromCatalog = catalog.buildServerTools(toolContext, { include });
    Object.assign(built, fromCatalog.servers);
    builtNames = fromCatalog.builtNames as Record<string, string[]>;
    // Channels are the app's to connect: verify's registry lists no mirrored names.
    selection = {
      keys: catalog.selectedKeys(toolContext, { include }),
      names: catalog.toolNames(toolContext, { include, channels: () => [] }),
    };
  }
  const createServer = (name: string, tools: readonly BuiltTool[]) =>
    sdk.createSdkMcpServer({ name, tools: [...tools] as never });
  const input = {
    agent: plan.agent,
    context: caller === undefined ? context : toolContext,
    options: plan.options,
    runtime,
    // The servers the app connects itself take opt-out entries as written, as the session does.
    otherServers: Object.keys(plan.externalServers),
    ...(selection ? { selection } : {}),
    builtNames,
  };
  let session = sessionOptions<BuiltTool, unknown, unknown>(
    { tables, channels: model.channels, guard: guardFacts(model), features: plan.features },
    {
      ...input,
      servers: built,
      createServer: ({ name, tools }) => createServer(name, tools),
      externalServers: plan.externalServers,
    },
  );
  // The same computation the session made, kept to compare the run with.
  const offer = computeOffer(tables, input);
  // Built tools no catalog tool names: the session leaves them out because the policy cannot allow them.
  const dropped = Object.entries(built).flatMap(([server, tools]) =>
    tools
      .map((t) => mcpToolName(server, t.name))
      .filter(
        (name) =>
          !offer.tools.some((o) => o.names.includes(name)) &&
          !offer.extraNames.some((e) => e.name === name),
      ),
  );
  if (plan.adjust) session = plan.adjust(session, built, createServer);
  return {
    options: withRecordedGuard(session, denials, guardCalls),
    ran,
    denials,
    guardCalls,
    dropped,
    offer,
    ...(selection ? { selection } : {}),
  };
}

/**
 * The session of a surface run: every catalog tool offered (all built-ins in `tools`, every in-process
 * tool as a stand-in, as the catalog says it should be loaded), nothing disallowed — what the runtime
 * then leaves out or defers is its own decision, recorded in the runtime-surface lock.
 */
export function buildSurfaceSession(plan: SessionPlan): {
  options: Partial<Options>;
  asked: ReadonlySet<string>;
} {
  const { model, sdk } = plan;
  const make = toolMaker(plan, []);
  const servers: Record<string, unknown> = {};
  const asked = new Set<string>();
  const tools: string[] = [];
  for (const t of model.tools) {
    if (t.kind === 'sdk') tools.push(...t.names);
    for (const name of t.names) asked.add(name);
  }
  for (const server of model.servers) {
    const hosted = model.tools.filter((t) => t.kind === 'mcp' && t.server === server);
    const instances = hosted.flatMap((t) =>
      t.names.map((name) => {
        const standIn = make.standIn(name, t.key) as BuiltTool & {
          _meta?: Record<string, unknown>;
        };
        return t.offer === undefined
          ? standIn
          : { ...standIn, _meta: { 'anthropic/alwaysLoad': t.offer === 'direct' } };
      }),
    );
    if (instances.length > 0)
      servers[server] = sdk.createSdkMcpServer({ name: server, tools: instances as never });
  }
  return {
    options: {
      tools,
      mcpServers: servers as Record<string, McpServerConfig>,
      allowedTools: [],
      disallowedTools: [],
    },
    asked,
  };
}

/** The session's options with each PreToolUse callback wrapped to record its denials; its decisions are unchanged. */
function withRecordedGuard(
  session: SessionOptions<unknown, unknown>,
  denials: Map<string, string>,
  calls: GuardCall[],
): Partial<Options> {
  const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
  const record =
    (callback: GuardCallback): GuardCallback =>
    async (input, id, options) => {
      const decision = await callback(input, id, options);
      const hook = input as GuardHookInput;
      const tool = String(hook.tool_name);
      const denied =
        'hookSpecificOutput' in decision
          ? decision.hookSpecificOutput.permissionDecisionReason
          : undefined;
      if (denied !== undefined) denials.set(tool, denied);
      const agentType = text(hook.agent_type);
      const agentId = text(hook.agent_id);
      calls.push({
        tool,
        ...(agentType !== undefined ? { agentType } : {}),
        ...(agentId !== undefined ? { agentId } : {}),
        ...(denied !== undefined ? { denied } : {}),
      });
      return decision;
    };
  const hooks = {
    PreToolUse: session.hooks.PreToolUse.map((m) => ({ ...m, hooks: m.hooks.map(record) })),
  };
  return {
    ...session,
    hooks,
    mcpServers: session.mcpServers as Record<string, McpServerConfig>,
  } as unknown as Partial<Options>;
}
