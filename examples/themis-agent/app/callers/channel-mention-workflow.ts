// ChannelMentionWorkflow: the full agent groups plus `triggers`, whose factories capture the
// request on the workflow instead of enqueueing a job, and whose code-generation tool requires
// a `project` argument only here (a per-caller schema extension passed through the builder).
import { createThemisToolContext, THEMIS_CALLERS } from '../../generated/themis';
import { ChannelRegistry } from '../channel-registry';
import { themisPredicates } from '../context';
import type { Space, User } from '../domain';
import { buildCodeGenerationTool, buildPrReviewTriggerTool, type PrReviewRequest } from '../tools/triggers';
import { themisSession, type SessionSettings } from './session-options';

const CHANNEL_MENTION_GROUPS = THEMIS_CALLERS.CHANNEL_MENTION;

export class ChannelMentionWorkflow {
  prReviewRequest: PrReviewRequest | undefined;
  codeGenerationRequest: Record<string, unknown> | undefined;

  constructor(
    private readonly space: Space,
    private readonly user: User,
  ) {}

  session(settings: Partial<SessionSettings> = {}) {
    const context = createThemisToolContext({
      predicates: themisPredicates,
      factories: {
        trigger_pr_review: () => buildPrReviewTriggerTool((request) => (this.prReviewRequest = request)),
        trigger_code_generation: (_context, { schema }) =>
          buildCodeGenerationTool(schema, (args) => (this.codeGenerationRequest = args)),
      },
      data: { space: this.space, user: this.user },
    });
    const schema = {
      trigger_code_generation: {
        extraProperties: { project: { type: 'string', description: 'The project to generate code in' } },
        extraRequired: ['project'],
      },
    };
    return {
      context,
      ...themisSession(context, CHANNEL_MENTION_GROUPS, {
        channels: new ChannelRegistry(this.space),
        headless: true,
        schema,
        ...settings,
      }),
    };
  }
}
