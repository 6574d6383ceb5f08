// One AI SDK call's controls over its tool set, shared by the parent call and each subagent's nested
// call: every tool's call checked against the offer as it stands now (refused with the reason),
// approval in the installed major's form, and `activeTools` narrowed before every step.
import type { SessionOffer } from '../../../runtime/index.js';
import type { CallTool } from './ai-sdk-names.js';

/** What the generated code hands over from the `ai` package itself (the runtime imports nothing). */
export interface AiSdkFunctions {
  readonly generateText: (options: never) => PromiseLike<{ readonly text: string }>;
  readonly jsonSchema: (schema: never) => unknown;
}

/** An AI SDK tool, as far as the options read and wrap it. */
export interface AiSdkTool {
  readonly description?: unknown;
  readonly inputSchema?: unknown;
  readonly execute?: (input: never, options: never) => unknown;
}

/** An approval status of `toolApproval` (ai 7). */
export type AiSdkApproval =
  | 'not-applicable'
  | 'user-approval'
  | { readonly type: 'denied'; readonly reason: string };

/** What a call refuses, asked of the offer as it stands now. */
export interface CallScope {
  readonly major: 6 | 7;
  /** The session's offer now: the start offer narrowed by the live snapshot, or why everything is refused. */
  current(): SessionOffer | string;
  /** What the tool named `name` in this call is. */
  toolOf(name: string): CallTool | undefined;
  /** Why `name` is refused now, or undefined. */
  refusal(name: string): string | undefined;
  /** The approval status of an offered tool. */
  approvalOf(name: string): 'not-applicable' | 'user-approval';
}

/** Thrown into the tool result when a call is refused: the model reads the reason. */
class ToolCallRefused extends Error {
  override name = 'ToolCallRefused';
}

/** The tool with its call checked against the live offer first (and, in ai 6, its approval). */
export function guarded<T extends AiSdkTool>(tool: T, name: string, scope: CallScope): T {
  const execute = tool.execute as ((input: unknown, options: unknown) => unknown) | undefined;
  const wrapped = {
    ...tool,
    ...(execute
      ? {
          execute: (input: unknown, options: unknown) => {
            const why = scope.refusal(name);
            if (why !== undefined) throw new ToolCallRefused(`'${name}' is refused: ${why}`);
            return execute(input, options);
          },
        }
      : {}),
  };
  if (scope.major === 6 && scope.approvalOf(name) === 'user-approval')
    return { ...wrapped, needsApproval: true };
  return wrapped;
}

/** `activeTools`, `prepareStep` and `toolApproval` of a call whose tool set holds `names`. */
export function callControls(scope: CallScope, names: readonly string[], live: boolean) {
  const active = () => names.filter((n) => scope.refusal(n) === undefined);
  return {
    activeTools: [...names],
    ...(live ? { prepareStep: () => ({ activeTools: active() }) } : {}),
    ...(scope.major >= 7
      ? {
          toolApproval: ({
            toolCall,
          }: {
            readonly toolCall: { readonly toolName: string };
          }): AiSdkApproval => {
            const why = scope.refusal(toolCall.toolName);
            if (why !== undefined) return { type: 'denied' as const, reason: why };
            return scope.approvalOf(toolCall.toolName);
          },
        }
      : {}),
  };
}
