// The chat path: one Vercel AI SDK call's options (`generateText` / `streamText`), from the agent's
// stored opt-outs and the app's tools (agent-tools.ts), the same the agent path (agent-session.ts)
// reads: a tool switched off in the settings leaves both.
import { generateText, stepCountIs, type LanguageModel } from 'ai';
import { claudeAiSdkOptions, type ClaudeAiSdkInput } from '../src/generated/claude';
import { agentToolInput } from './agent-tools';
import type { ToolServices } from './app-tools';
import type { AgentStore } from './db';

export interface ChatSettings {
  /** The model the chat runs on (the user's provider); the research subagent's nested calls run on it too. */
  readonly model: LanguageModel;
  /** Where the app records each tool run. */
  readonly record: ToolServices['record'];
}

/**
 * What the generated options are computed from (`input`): the stored opt-outs as the call starts (a
 * tool switched off is not in the tool set at all), read again before every step and every tool
 * call (a tool switched off mid-chat leaves the next step, and a call to it is refused with the
 * reason); `unknown`, the stored entries no name of the catalog explains.
 */
export function chatCall(store: Pick<AgentStore, 'get'>, agentId: string, settings: ChatSettings) {
  const { agent, context, tools, live, unknown } = agentToolInput(store, agentId, settings.record);
  const input: ClaudeAiSdkInput = {
    agent,
    context,
    tools,
    model: settings.model,
    disallowed: live,
  };
  return { input, unknown };
}

/** One chat call's options: `generateText({ model, ...options, prompt })`. */
export function chatOptions(
  store: Pick<AgentStore, 'get'>,
  agentId: string,
  settings: ChatSettings,
) {
  const { input, unknown } = chatCall(store, agentId, settings);
  const options = claudeAiSdkOptions(input);
  // The stored entries that changed nothing, each with a reason, for the app to show.
  return { ...options, ignoredOptOuts: [...unknown, ...options.ignoredOptOuts] };
}

/** One chat turn: the user's prompt, at most `steps` model steps (tool calls and their results). */
export function chatTurn(
  store: Pick<AgentStore, 'get'>,
  agentId: string,
  prompt: string,
  settings: ChatSettings & { readonly steps?: number },
) {
  const options = chatOptions(store, agentId, settings);
  return generateText({
    model: settings.model,
    ...options,
    prompt,
    stopWhen: stepCountIs(settings.steps ?? 5),
  });
}
