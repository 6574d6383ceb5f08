// The agent path: one agent session's options for the Claude Agent SDK's `query()`, from the agent's
// stored opt-outs and the app's tools (agent-tools.ts), the same the chat path (chat.ts) reads.
import { createSdkMcpServer } from '@anthropic-ai/claude-agent-sdk';
import { claudeSessionOptions, type ClaudeRuntimeConfiguration } from '../src/generated/claude';
import { agentToolInput } from './agent-tools';
import type { ToolServices } from './app-tools';
import type { AgentStore } from './db';

export interface AgentSessionSettings {
  /** Where the app records each tool run. */
  readonly record: ToolServices['record'];
  /** The runtime configuration the session runs in (default: the desktop app, with a permission callback). */
  readonly runtime?: ClaudeRuntimeConfiguration;
}

/**
 * One session of the agent: spread it into `query({ prompt, options: { ...session, canUseTool, … } })`.
 * The guard reads the stored list again on every call, so a tool switched off in the settings
 * while the session runs is denied from its next call.
 */
export function agentSessionOptions(
  store: Pick<AgentStore, 'get'>,
  agentId: string,
  settings: AgentSessionSettings,
) {
  const input = agentToolInput(store, agentId, settings.record);
  const session = claudeSessionOptions({
    agent: input.agent,
    context: input.context,
    runtime: settings.runtime ?? 'desktop',
    servers: input.tools,
    createServer: createSdkMcpServer,
    guard: { disallowed: input.live },
  });
  // The stored entries that changed nothing, each with a reason, for the app to show.
  return { ...session, ignoredOptOuts: [...input.unknown, ...session.ignoredOptOuts] };
}
