// Type-level tests of generated/claude/policy.ts, run by `node scripts/typecheck.mjs` under
// TypeScript 7, 6 and 5.9: what an app may pass compiles, and each mistake below must not.
import { createToolContext } from 'agent-tool-catalog/runtime';
import {
  explainClaudeTool,
  resolveClaudeDisallowedTools,
  resolveClaudeToolPolicy,
  type ClaudeToolConditionContext,
} from '../../generated/claude/policy';

const ctx: ClaudeToolConditionContext = { workspaceHasGit: true, agentHasChannel: false };
export const fromBooleans: string[] = resolveClaudeDisallowedTools(
  { disabledTools: ['Bash'] },
  ctx,
);
export const fromContext: string[] = resolveClaudeDisallowedTools(
  { disabledTools: [] },
  createToolContext({ predicates: { workspaceHasGit: () => true }, data: { userId: 7 } }),
);
export const withOverlay: string = resolveClaudeToolPolicy(null, ctx, {
  overlay: ['AskUserQuestion'],
  missingConditions: 'disallow',
}).signature;
export const byKey = explainClaudeTool('ExitWorktree', undefined, ctx).summary;
export const byName = explainClaudeTool('mcp__cherry-tools__cron', undefined, ctx).allowed;

// @ts-expect-error every condition of the catalog must be given (agentHasChannel is missing)
resolveClaudeDisallowedTools({ disabledTools: [] }, { workspaceHasGit: true });
resolveClaudeDisallowedTools(null, {
  // @ts-expect-error the context uses field names, not the catalog's condition names
  'workspace-has-git': true,
  workspaceHasGit: true,
  agentHasChannel: true,
});
// @ts-expect-error condition values are booleans
resolveClaudeDisallowedTools(null, { workspaceHasGit: 'yes', agentHasChannel: true });
// @ts-expect-error explain takes a tool key or runtime name of this catalog
explainClaudeTool('ExitWorktre', null, ctx);
// @ts-expect-error missingConditions is 'disallow' or 'allow'
resolveClaudeToolPolicy(null, ctx, { missingConditions: 'ignore' });
