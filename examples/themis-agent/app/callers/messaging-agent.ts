// MessagingAgentConcern: Telegram / Teams (caller `MESSAGING`). Replies go through the message
// queue, so enqueue_followup is available — even while the queue is still empty.
import { createSdkMcpServer, type Options } from '@anthropic-ai/claude-agent-sdk';
import { createThemisToolContext, themisSessionOptions } from '../../generated/themis';
import { ChannelRegistry } from '../channel-registry';
import { themisPredicates } from '../context';
import type { MessageQueue, Space, User } from '../domain';
import type { CallerSettings } from './caller-settings';

export interface MessagingRequest {
  readonly space: Space;
  readonly user: User;
  readonly messageQueue: MessageQueue;
}

export function messagingSession(request: MessagingRequest, settings: CallerSettings = {}) {
  // Messaging turns are headless unless told otherwise: no one can answer a permission prompt.
  const { headless = true, permissionMode, disabledTools } = settings;
  const context = createThemisToolContext({ predicates: themisPredicates, data: request });
  const session = themisSessionOptions({
    context,
    caller: 'MESSAGING',
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
