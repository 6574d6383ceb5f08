// AgentService: the full agent path (caller `FULL_AGENT`), with the external channels the space has
// connected mirrored into allowedTools and the catalog's subagents.
import { createSdkMcpServer, type Options } from '@anthropic-ai/claude-agent-sdk';
import { createThemisToolContext, themisSessionOptions } from '../../generated/themis';
import { ChannelRegistry } from '../channel-registry';
import { themisPredicates } from '../context';
import type { Conversation, Space, User } from '../domain';
import type { CallerSettings } from './caller-settings';

export interface AgentRequest {
  readonly space: Space;
  readonly user: User;
  readonly conversation?: Conversation;
}

export function agentSession(request: AgentRequest, settings: CallerSettings = {}) {
  const { headless = false, permissionMode, disabledTools } = settings;
  const context = createThemisToolContext({ predicates: themisPredicates, data: request });
  const session = themisSessionOptions({
    context,
    caller: 'FULL_AGENT',
    channels: new ChannelRegistry(request.space),
    createServer: createSdkMcpServer,
    options: { overlay: disabledTools?.() ?? [] },
    guard: { headless, permissionMode, ...(disabledTools && { disallowed: disabledTools }) },
  });
  const options = {
    ...session,
    ...(permissionMode && { permissionMode }),
  } satisfies Partial<Options>;
  return { context, options };
}
