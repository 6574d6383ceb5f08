// ChannelMentionWorkflow (caller `CHANNEL_MENTION`): the full agent groups plus `triggers`, whose
// factories capture the request on the workflow instead of enqueueing a job, and whose
// code-generation tool requires a `project` argument only here (a per-caller schema extension the
// session passes to the builders). Mentions run headless: no one answers a permission prompt.
import { createSdkMcpServer, type Options } from '@anthropic-ai/claude-agent-sdk';
import { createThemisToolContext, themisSessionOptions } from '../../generated/themis';
import { ChannelRegistry } from '../channel-registry';
import { themisPredicates } from '../context';
import type { Space, User } from '../domain';
import {
  buildCodeGenerationTool,
  buildPrReviewTriggerTool,
  type PrReviewRequest,
} from '../tools/triggers';
import type { CallerSettings } from './caller-settings';

export class ChannelMentionWorkflow {
  prReviewRequest: PrReviewRequest | undefined;
  codeGenerationRequest: Record<string, unknown> | undefined;

  constructor(
    private readonly space: Space,
    private readonly user: User,
  ) {}

  session(settings: CallerSettings = {}) {
    const { headless = true, permissionMode, disabledTools } = settings;
    const context = createThemisToolContext({
      predicates: themisPredicates,
      factories: {
        trigger_pr_review: () =>
          buildPrReviewTriggerTool((request) => (this.prReviewRequest = request)),
        trigger_code_generation: (_context, { schema }) =>
          buildCodeGenerationTool(schema, (args) => (this.codeGenerationRequest = args)),
      },
      data: { space: this.space, user: this.user },
    });
    const session = themisSessionOptions({
      context,
      caller: 'CHANNEL_MENTION',
      channels: new ChannelRegistry(this.space),
      createServer: createSdkMcpServer,
      schema: {
        trigger_code_generation: {
          extraProperties: {
            project: { type: 'string', description: 'The project to generate code in' },
          },
          extraRequired: ['project'],
        },
      },
      options: { overlay: disabledTools?.() ?? [] },
      guard: { headless, permissionMode, ...(disabledTools && { disallowed: disabledTools }) },
    });
    const options = {
      ...session,
      ...(permissionMode && { permissionMode }),
    } satisfies Partial<Options>;
    return { context, options };
  }
}
