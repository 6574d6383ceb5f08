// AgentService: the full agent path (`FULL_AGENT_GROUPS`).
import { createThemisToolContext, THEMIS_CALLERS } from '../../generated/themis';
import { ChannelRegistry } from '../channel-registry';
import { themisPredicates } from '../context';
import type { Conversation, Space, User } from '../domain';
import { themisSession, type SessionSettings } from './session-options';

const FULL_AGENT_GROUPS = THEMIS_CALLERS.FULL_AGENT;

export interface AgentRequest {
  readonly space: Space;
  readonly user: User;
  readonly conversation?: Conversation;
}

export function agentSession(request: AgentRequest, settings: Partial<SessionSettings> = {}) {
  const context = createThemisToolContext({ predicates: themisPredicates, data: request });
  return {
    context,
    ...themisSession(context, FULL_AGENT_GROUPS, { channels: new ChannelRegistry(request.space), ...settings }),
  };
}
