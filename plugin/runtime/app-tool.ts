// One app tool, written once for every target: a name, a description, an input schema (a zod object)
// and what the tool does. The object is also the Claude Agent SDK's tool definition (`name`,
// `description`, `inputSchema`, `handler`), so `createSdkMcpServer` takes it as it is; other targets
// adapt `input` and `execute` (the AI SDK's tool set, for example).

/** The runtime's brand on app tools, shared by every copy of the runtime. */
const APP_TOOL = Symbol.for('agent-tool-catalog.app-tool');

/**
 * What an app tool needs of its input schema: a zod object (zod 3.24+ or 4), or any Standard Schema
 * that also gives its fields as `shape`.
 */
export interface ObjectInputSchema<Input = unknown> {
  /** The object's fields: what the Claude Agent SDK's in-process server validates calls with. */
  readonly shape: object;
  /** Standard Schema: what other SDKs validate a call with, and the input's type. */
  readonly '~standard': {
    readonly version: 1;
    readonly vendor: string;
    readonly validate: (value: unknown) => unknown;
    readonly types?: { readonly input: unknown; readonly output: Input } | undefined;
  };
}

/** The input an app tool's `execute` receives: its schema's output type. */
export type AppToolInput<S extends ObjectInputSchema> = NonNullable<
  S['~standard']['types']
>['output'];

/** What a call gives `execute` besides the input, whichever SDK made it. */
export interface AppToolCall {
  /** The SDK's id of this call, when it has one. */
  readonly toolCallId?: string;
  /** Aborted when the caller gives up on the call. */
  readonly abortSignal?: AbortSignal;
}

/**
 * An MCP tool result in text (the Claude Agent SDK's `CallToolResult`): a type, not an interface, so
 * that it is assignable to the SDK's type, which has an index signature.
 */
export type TextToolResult = {
  content: { type: 'text'; text: string }[];
  isError?: boolean;
};

export interface AppToolDefinition<S extends ObjectInputSchema, O> {
  /** The tool's name on the wire: `cron` for the catalog's `mcp__cherry-tools__cron`. */
  readonly name: string;
  readonly description: string;
  readonly input: S;
  /**
   * What the tool does (a method, so that an app tool of any input is an `AppTool`). A string
   * answers as text; a `{ content: [...] }` result is handed to an MCP client as it is; anything
   * else as JSON text (and to SDKs that take values, as the value).
   */
  execute(input: AppToolInput<S>, call: AppToolCall): O | Promise<O>;
}

export interface AppTool<S extends ObjectInputSchema = ObjectInputSchema, O = unknown>
  extends AppToolDefinition<S, O> {
  /** The Claude Agent SDK's input schema: the fields of `input`. */
  readonly inputSchema: S['shape'];
  /** The Claude Agent SDK's handler: `execute`, its result as an MCP result. */
  handler(args: AppToolInput<S>, extra: unknown): Promise<TextToolResult>;
}

/** `execute`'s result as an MCP tool result. */
export function textToolResult(value: unknown): TextToolResult {
  if (typeof value === 'string') return { content: [{ type: 'text', text: value }] };
  if (
    typeof value === 'object' &&
    value !== null &&
    Array.isArray((value as { content?: unknown }).content)
  )
    return value as TextToolResult;
  if (value === undefined) return { content: [] };
  return { content: [{ type: 'text', text: JSON.stringify(value) }] };
}

/** An abort signal an MCP request handler's `extra` carries, if any. */
const signalOf = (extra: unknown): AbortSignal | undefined => {
  const signal = (extra as { signal?: unknown } | null | undefined)?.signal;
  return typeof AbortSignal !== 'undefined' && signal instanceof AbortSignal ? signal : undefined;
};

/** Declares an app tool: write it once; every target the catalog compiles for takes it. */
export function appTool<S extends ObjectInputSchema, O>(
  definition: AppToolDefinition<S, O>,
): AppTool<S, O> {
  const { name, description, input, execute } = definition;
  const tool = {
    name,
    description,
    input,
    execute,
    inputSchema: input.shape as S['shape'],
    handler: async (args: AppToolInput<S>, extra: unknown) => {
      const abortSignal = signalOf(extra);
      return textToolResult(await execute(args, abortSignal ? { abortSignal } : {}));
    },
  };
  Object.defineProperty(tool, APP_TOOL, { value: true, enumerable: true });
  return tool;
}

/** Whether `value` was made by `appTool` (by any copy of the runtime). */
export function isAppTool(value: unknown): value is AppTool {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as Record<symbol, unknown>)[APP_TOOL] === true
  );
}
