// MessagingAgentConcern: Telegram / Teams (`MESSAGING_TOOL_GROUPS`). Replies go through the
// message queue, so enqueue_followup is available — even while the queue is still empty.
import { createThemisToolContext, THEMIS_CALLERS } from '../../generated/themis';
import { ChannelRegistry } from '../channel-registry';
import { themisPredicates } from '../context';
import type { MessageQueue, Space, User } from '../domain';
import { themisSession, type SessionSettings } from './session-options';

const MESSAGING_TOOL_GROUPS = THEMIS_CALLERS.MESSAGING;

export interface MessagingRequest {
  readonly space: Space;
  readonly user: User;
  readonly messageQueue: MessageQueue;
}

export function messagingSession(request: MessagingRequest, settings: Partial<SessionSettings> = {}) {
  const context = createThemisToolContext({ predicates: themisPredicates, data: request });
  // Messaging turns are headless: no one can answer a permission prompt.
  return {
    context,
    ...themisSession(context, MESSAGING_TOOL_GROUPS, {
      channels: new ChannelRegistry(request.space),
      headless: true,
      ...settings,
    }),
  };
}
