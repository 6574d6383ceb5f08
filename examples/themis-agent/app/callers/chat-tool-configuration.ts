// ChatToolConfiguration: web/API chat (`CHAT_TOOL_GROUPS`). Its trigger factories enqueue
// jobs; the public API path passes no factories and so simply gets no trigger tools.
import { createThemisToolContext, THEMIS_CALLERS, type ThemisToolFactories } from '../../generated/themis';
import { ChannelRegistry } from '../channel-registry';
import { themisPredicates } from '../context';
import type { Conversation, Space, User } from '../domain';
import { buildCodeGenerationTool, buildPrReviewTriggerTool } from '../tools/triggers';
import { themisSession, type SessionSettings } from './session-options';

const CHAT_TOOL_GROUPS = THEMIS_CALLERS.CHAT;

export interface ChatJob {
  readonly kind: 'pr_review' | 'code_generation';
  readonly args: unknown;
}

export interface ChatRequest {
  readonly space: Space;
  readonly user: User;
  readonly conversation: Conversation;
  /** Where trigger tools enqueue their jobs; absent on the public API path. */
  readonly jobs?: ChatJob[];
}

export function chatSession(request: ChatRequest, settings: Partial<SessionSettings> = {}) {
  const { jobs } = request;
  const factories: ThemisToolFactories | undefined = jobs && {
    trigger_pr_review: () => buildPrReviewTriggerTool((args) => jobs.push({ kind: 'pr_review', args })),
    trigger_code_generation: (_context, { schema }) =>
      buildCodeGenerationTool(schema, (args) => jobs.push({ kind: 'code_generation', args })),
  };
  const context = createThemisToolContext({
    predicates: themisPredicates,
    factories,
    data: { space: request.space, user: request.user, conversation: request.conversation },
  });
  return {
    context,
    ...themisSession(context, CHAT_TOOL_GROUPS, { channels: new ChannelRegistry(request.space), ...settings }),
  };
}
