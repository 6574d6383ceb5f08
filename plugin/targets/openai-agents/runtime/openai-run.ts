// What one run of an OpenAI Agents SDK agent carries for the catalog: the per-invocation context, the
// stored opt-outs, the approval setting and the live snapshot of tools switched off — put in the run
// context by `openAIRunOptions`, so one Agent serves every run. The run options also turn a call to a
// tool the run does not offer into the catalog's reason for the model, instead of ending the run.
import {
  computeOffer,
  type AgentToolSettings,
  type ChannelRegistry,
  type IgnoredOptOut,
  type PolicyContext,
  type PolicyTables,
  type ResolveOptions,
} from '../../../runtime/index.js';

export interface OpenAIRunInput {
  /** This run's per-invocation context; default: the one the Agent's options were built with. */
  readonly context?: PolicyContext;
  /** The agent's stored opt-outs (catalog keys; one list for every target). */
  readonly agent?: AgentToolSettings | null;
  readonly options?: ResolveOptions;
  /**
   * `ask` (default): a tool that follows the permission mode needs the user's approval; `allow`: no
   * tool does. The catalog's `approval: 'auto'` tools never do.
   */
  readonly approval?: 'ask' | 'allow';
  /**
   * A live snapshot of names switched off since the run started (catalog keys, runtime names, the
   * SDK's names, server patterns), read before every turn and every call: a tool switched off
   * mid-run is not offered at the next turn, and a call to it is refused with the reason.
   */
  readonly disallowed?: () => readonly string[];
  /** The app's channel registry, for tools whose names mirror an MCP server the app connects. */
  readonly channels?: ChannelRegistry;
}

/** Marks a session made by `openAIRunOptions` (by any copy of the runtime). */
const RUN_SESSION = Symbol.for('agent-tool-catalog.openai-agents.run');

export interface OpenAIRunSession {
  readonly input: OpenAIRunInput;
  /** Why the run's first agent does not offer a tool, by the SDK's name (set by that agent). */
  explain?: (name: string) => string;
}

/** The run context the options give: spread the app's own fields beside `toolCatalog`. */
interface OpenAIRunContext {
  readonly toolCatalog: OpenAIRunSession;
}

/** The session a run context carries, or undefined (a run without the run options). */
export function sessionOf(runContext: unknown): OpenAIRunSession | undefined {
  const context = (runContext as { context?: unknown } | null | undefined)?.context;
  const session = (context as { toolCatalog?: unknown } | null | undefined)?.toolCatalog;
  return typeof session === 'object' &&
    session !== null &&
    (session as Record<symbol, unknown>)[RUN_SESSION] === true
    ? (session as OpenAIRunSession)
    : undefined;
}

/** What the SDK's `toolErrorFormatter` receives (the fields read here). */
interface ToolErrorArgs {
  readonly kind: string;
  readonly toolName: string;
  readonly runContext: unknown;
}

/** A tool error formatter that answers a call to a tool not offered with the catalog's reason. */
export function notOfferedFormatter(
  explain: (name: string, runContext: unknown) => string | undefined,
) {
  return (args: ToolErrorArgs): string | undefined =>
    args.kind === 'tool_not_found'
      ? `Tool '${args.toolName}' is not offered: ${explain(args.toolName, args.runContext) ?? 'it is not a tool of this agent'}`
      : undefined;
}

export interface OpenAIRunOptions {
  readonly context: OpenAIRunContext;
  /** A call to a tool the run does not offer is answered, and the run goes on (the SDK's default ends it). */
  readonly toolNotFoundBehavior: 'return_error_to_model';
  readonly toolErrorFormatter: ReturnType<typeof notOfferedFormatter>;
  /** Stored opt-outs that changed nothing, with why: for the app to show. Not an SDK option. */
  readonly ignoredOptOuts: readonly IgnoredOptOut[];
}

/** One run's options: spread them into `run(agent, input, { … })`. */
export function openAIRunOptions(tables: PolicyTables, input: OpenAIRunInput): OpenAIRunOptions {
  const session: OpenAIRunSession = { input };
  Object.defineProperty(session, RUN_SESSION, { value: true });
  const settings = input.agent === undefined ? {} : { agent: input.agent };
  return {
    context: { toolCatalog: session },
    toolNotFoundBehavior: 'return_error_to_model',
    toolErrorFormatter: notOfferedFormatter((name) => session.explain?.(name)),
    ignoredOptOuts: computeOffer(tables, settings).ignoredOptOuts,
  };
}
