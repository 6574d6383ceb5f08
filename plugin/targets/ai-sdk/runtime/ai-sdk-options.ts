// The options of one Vercel AI SDK call (`generateText` / `streamText`), from the catalog's offer: the
// tool set holds only the tools the session offers (the app's app tools adapted, an MCP client's
// tools filtered to the allowed ones, under their wire names), `activeTools` names them, approval
// takes the installed major's form (`toolApproval` in 7, each tool's `needsApproval` in 6),
// `prepareStep` narrows the tools before every step when the app can switch tools off mid-run, and
// each offered subagent is a tool that runs a nested call with its own offer.
import {
  computeOffer,
  DuplicateToolError,
  isAppTool,
  mcpToolName,
  type AgentToolSettings,
  type AppTool,
  type IgnoredOptOut,
  type OfferInput,
  type OfferSelection,
  type PolicyContext,
  type PolicyTables,
  type ResolveOptions,
} from '../../../runtime/index.js';
import {
  callControls,
  guarded,
  type AiSdkApproval,
  type AiSdkFunctions,
  type AiSdkTool,
  type CallScope,
} from './ai-sdk-call.js';
import { liveOffer, refusalIn, type CallTool } from './ai-sdk-names.js';
import { subagentTools, type SubagentSettings } from './ai-sdk-subagents.js';

/** The catalog facts the options need, from the generated code. */
export interface AiSdkCatalog {
  readonly tables: PolicyTables;
  /** The major version of `ai` the options are for: 7 approves through `toolApproval`, 6 through `needsApproval`. */
  readonly major: 6 | 7;
}

/** The app's tools of one in-process server or external channel. */
type AiSdkToolSource<T> = readonly AppTool[] | Readonly<Record<string, T>>;

export interface AiSdkInput<T> extends SubagentSettings {
  /** The agent's stored opt-outs (catalog keys; one list for every target). */
  readonly agent?: AgentToolSettings | null;
  /** The per-invocation context, or plain booleans by condition field. */
  readonly context?: PolicyContext;
  readonly options?: ResolveOptions;
  /** A caller's selection (what the generated code computes for `caller`). */
  readonly selection?: OfferSelection;
  /** The runtime names each bundle entry (`fullNames: []`) built, by key: they stand for the entry. */
  readonly builtNames?: OfferInput['builtNames'];
  /**
   * The app's tools by in-process server or external channel: app tools, or an AI SDK tool set keyed
   * by wire name (what `@ai-sdk/mcp`'s client `tools()` gives). Only the ones the session offers
   * are kept; a server the catalog does not declare offers nothing.
   */
  readonly tools?: Readonly<Record<string, AiSdkToolSource<T>>>;
  /**
   * `ask` (default): a tool that follows the permission mode needs the user's approval; `allow`: no
   * tool does. The catalog's `approval: 'auto'` tools never do.
   */
  readonly approval?: 'ask' | 'allow';
  /**
   * A live snapshot of names switched off since the call started (catalog keys, runtime names, AI SDK
   * names, server patterns), read before every step and every tool call: a tool switched off
   * mid-run leaves `activeTools` at the next step, and a call to it is refused with the reason.
   */
  readonly disallowed?: () => readonly string[];
}

export interface AiSdkOptions<T> {
  readonly tools: Record<string, T>;
  readonly activeTools: string[];
  /** Present when the app passed a live `disallowed` snapshot. */
  readonly prepareStep?: (options: { readonly stepNumber: number }) => {
    activeTools: string[];
  };
  /** ai 7 only. */
  readonly toolApproval?: (options: {
    readonly toolCall: { readonly toolName: string };
  }) => AiSdkApproval;
  /** Stored opt-outs that changed nothing, with why: for the app to show. Not an SDK option. */
  readonly ignoredOptOuts: readonly IgnoredOptOut[];
}

/** An app tool as an AI SDK tool. */
const fromAppTool = (t: AppTool): AiSdkTool => ({
  description: t.description,
  inputSchema: t.input,
  execute: (input: unknown, options: { toolCallId?: string; abortSignal?: AbortSignal }) =>
    t.execute(input, {
      ...(options?.toolCallId !== undefined ? { toolCallId: options.toolCallId } : {}),
      ...(options?.abortSignal !== undefined ? { abortSignal: options.abortSignal } : {}),
    }),
});

function entriesOf<T>(source: AiSdkToolSource<T>): [string, T | AppTool][] {
  if (Array.isArray(source)) return (source as AppTool[]).map((t) => [t.name, t]);
  return Object.entries(source as Readonly<Record<string, T>>);
}

/** One call's options; see the module comment. */
export function aiSdkOptions<T extends AiSdkTool>(
  catalog: AiSdkCatalog,
  sdk: AiSdkFunctions,
  input: AiSdkInput<T>,
): AiSdkOptions<T> {
  const { tables } = catalog;
  const start: OfferInput = {
    ...(input.agent !== undefined ? { agent: input.agent } : {}),
    ...(input.context !== undefined ? { context: input.context } : {}),
    ...(input.options !== undefined ? { options: input.options } : {}),
    ...(input.selection !== undefined ? { selection: input.selection } : {}),
    ...(input.builtNames !== undefined ? { builtNames: input.builtNames } : {}),
  };
  const offer = computeOffer(tables, start);
  const callTools = new Map<string, CallTool>();
  const runtimeNameOf = (name: string) => callTools.get(name)?.runtimeName;
  const live = input.disallowed;
  const scope: CallScope = {
    major: catalog.major,
    current: () => (live ? liveOffer(tables, start, live, runtimeNameOf) : offer),
    toolOf: (name) => callTools.get(name),
    refusal: (name) => {
      const tool = callTools.get(name);
      if (tool === undefined) return `'${name}' is not a tool of this call`;
      const current = scope.current();
      return typeof current === 'string' ? current : refusalIn(current, tool);
    },
    approvalOf: (name) => {
      const runtimeName = runtimeNameOf(name);
      const o = offer.tools.find((t) => runtimeName !== undefined && t.names.includes(runtimeName));
      const follows = o !== undefined && tables.tools[o.index]!.approval === 'permission-mode';
      return follows && input.approval !== 'allow' ? 'user-approval' : 'not-applicable';
    },
  };
  // Each offered tool as the app gave it (adapted), before the scope of a call wraps it.
  const made = new Map<string, AiSdkTool>();
  const add = (name: string, tool: CallTool, adapted: AiSdkTool) => {
    const first = callTools.get(name);
    if (first !== undefined)
      throw new DuplicateToolError(
        `Two tools of this AI SDK call are named '${name}' (${describe(first)} and ` +
          `${describe(tool)}): the AI SDK names a tool by its wire name alone; rename one of them.`,
      );
    callTools.set(name, tool);
    made.set(name, adapted);
  };
  for (const [namespace, source] of Object.entries(input.tools ?? {}))
    for (const [wire, tool] of entriesOf(source)) {
      const runtimeName = mcpToolName(namespace, wire);
      // A tool the catalog does not know, or one the session leaves out, is not offered at all.
      if (offer.stateOf(runtimeName) === 'absent') continue;
      add(wire, { runtimeName }, isAppTool(tool) ? fromAppTool(tool) : tool);
    }
  const nested = subagentTools(tables, offer, sdk, input, scope, made);
  for (const [name, tool] of Object.entries(nested)) add(name, { subagent: name }, tool);
  const tools: Record<string, T> = {};
  for (const [name, tool] of made) tools[name] = guarded(tool, name, scope) as T;
  return {
    tools,
    ...callControls(scope, [...made.keys()], live !== undefined),
    ignoredOptOuts: offer.ignoredOptOuts,
  };
}

const describe = (tool: CallTool) => tool.runtimeName ?? `the subagent '${tool.subagent}'`;
