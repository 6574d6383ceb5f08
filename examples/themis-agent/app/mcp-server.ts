// The in-process `themis` MCP server with every tool the app can serve switched on — every caller
// group, every predicate true, both trigger factories — which `tool-catalog drift --mcp themis` lists.
import { createSdkMcpServer } from '@anthropic-ai/claude-agent-sdk';
import {
  buildThemisTools,
  createThemisToolContext,
  THEMIS_CALLERS,
  type ThemisToolPredicates,
} from '../generated/themis';
import { MessageQueue } from './domain';
import { buildCodeGenerationTool, buildPrReviewTriggerTool } from './tools/triggers';

/** Typed as the catalog's predicates, so a predicate added to the catalog fails typecheck here until it is switched on too. */
const everyPredicate: ThemisToolPredicates = {
  canQueryThemis: true,
  sentryConfigured: true,
  linearConfigured: true,
  metabaseConfigured: true,
  skillsEnabled: true,
  automationsEnabled: true,
  googleDriveAvailable: true,
  hasMessageQueue: true,
};

const everyGroup = [...new Set(Object.values(THEMIS_CALLERS).flat())];

export function createThemisMcpServer() {
  const context = createThemisToolContext({
    predicates: everyPredicate,
    factories: {
      trigger_pr_review: () => buildPrReviewTriggerTool(() => {}),
      trigger_code_generation: (_context, { schema }) => buildCodeGenerationTool(schema, () => {}),
    },
    data: {
      space: {
        id: 'drift-check',
        personal: true,
        features: { skills: true, automations: true },
        channels: ['linear', 'sentry', 'metabase'],
      },
      user: {
        id: 'drift-check',
        roles: ['analyst'],
        googleDriveConnected: true,
        driveFolders: ['specs'],
      },
      conversation: { id: 'drift-check' },
      messageQueue: new MessageQueue(),
    },
  });
  return createSdkMcpServer({
    name: 'themis',
    version: '1.0.0',
    tools: buildThemisTools(context, { include: everyGroup }),
  });
}
