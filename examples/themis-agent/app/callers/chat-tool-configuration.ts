// ChatToolConfiguration: web/API chat (caller `CHAT`). Its trigger factories enqueue jobs; the
// public API path passes no factories and so simply gets no trigger tools.
import { createSdkMcpServer, type Options } from '@anthropic-ai/claude-agent-sdk';
import {
  createThemisToolContext,
  themisSessionOptions,
  type ThemisToolFactories,
} from '../../generated/themis';
import { ChannelRegistry } from '../channel-registry';
import { themisPredicates } from '../context';
import type { Conversation, Space, User } from '../domain';
import { buildCodeGenerationTool, buildPrReviewTriggerTool } from '../tools/triggers';
import type { CallerSettings } from './caller-settings';

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

export function chatSession(request: ChatRequest, settings: CallerSettings = {}) {
  const { headless = false, permissionMode, disabledTools } = settings;
  const { jobs } = request;
  const factories: ThemisToolFactories | undefined = jobs && {
    trigger_pr_review: () =>
      buildPrReviewTriggerTool((args) => jobs.push({ kind: 'pr_review', args })),
    trigger_code_generation: (_context, { schema }) =>
      buildCodeGenerationTool(schema, (args) => jobs.push({ kind: 'code_generation', args })),
  };
  const context = createThemisToolContext({
    predicates: themisPredicates,
    factories,
    data: { space: request.space, user: request.user, conversation: request.conversation },
  });
  const session = themisSessionOptions({
    context,
    caller: 'CHAT',
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
