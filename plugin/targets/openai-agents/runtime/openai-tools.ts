// The catalog's tools as the OpenAI Agents SDK takes them: each app tool a function tool (`tool()`)
// enabled per run by the offer (`isEnabled`), asking for approval as the catalog says
// (`needsApproval`), and guarded by a tool input guardrail that refuses a call the offer no longer
// allows (switched off since the turn began) with the reason, without ending the run.
import { textToolResult, type AppTool } from '../../../runtime/index.js';
import type { AgentScope } from './openai-scope.js';

/** What the generated code hands over from `@openai/agents` (the runtime imports nothing). */
export interface OpenAIAgentsFunctions {
  readonly tool: (options: never) => unknown;
  readonly Agent: new (config: never) => { asTool(options: never): unknown };
}

/** What a tool input guardrail returns to the SDK. */
type GuardrailOutput =
  | { readonly behavior: { readonly type: 'allow' } }
  | { readonly behavior: { readonly type: 'rejectContent'; readonly message: string } };

/** What the SDK hands a tool input guardrail (the fields read here). */
export interface GuardrailData {
  readonly context: unknown;
  readonly toolCall: { readonly name: string };
}

/** The guardrail's name in the SDK's results. */
const GUARDRAIL = 'tool-catalog';

const ALLOW: GuardrailOutput = { behavior: { type: 'allow' } };

/** A tool input guardrail refusing what `refusal` says, with the reason (the run goes on). */
export function catalogGuardrail(refusal: (data: GuardrailData) => string | undefined) {
  return {
    type: 'tool_input' as const,
    name: GUARDRAIL,
    run: async (data: GuardrailData): Promise<GuardrailOutput> => {
      const why = refusal(data);
      return why === undefined
        ? ALLOW
        : {
            behavior: {
              type: 'rejectContent',
              message: `'${data.toolCall.name}' is refused: ${why}`,
            },
          };
    },
  };
}

/** `execute`'s result as the text the model reads (an MCP-style result's text parts joined). */
async function answer(app: AppTool, input: unknown, details: unknown): Promise<string> {
  const call = details as { toolCall?: { callId?: string }; signal?: AbortSignal } | undefined;
  const value = await app.execute(input as never, {
    ...(call?.toolCall?.callId !== undefined ? { toolCallId: call.toolCall.callId } : {}),
    ...(call?.signal !== undefined ? { abortSignal: call.signal } : {}),
  });
  return textToolResult(value)
    .content.filter((part) => part.type === 'text')
    .map((part) => part.text)
    .join('\n');
}

/** An app tool as a function tool of an Agent whose scope is `scope`; `runtimeName` is its catalog name. */
export function catalogTool(
  sdk: OpenAIAgentsFunctions,
  app: AppTool,
  runtimeName: string,
  scope: AgentScope,
): unknown {
  return sdk.tool({
    name: app.name,
    description: app.description,
    parameters: app.input,
    strict: true,
    execute: (input: unknown, _runContext: unknown, details: unknown) =>
      answer(app, input, details),
    isEnabled: ({ runContext }: { readonly runContext: unknown }) =>
      scope.refusal(runContext, runtimeName) === undefined,
    needsApproval: async (runContext: unknown) => scope.asks(runContext, runtimeName),
    inputGuardrails: [catalogGuardrail((data) => scope.refusal(data.context, runtimeName))],
  } as never);
}
