// Type tests of the generated opt-out entry (generated/claude/opt-outs.ts), type-checked by
// scripts/typecheck.mjs with TypeScript 7, 6 and 5.9: keys, runtime names and server patterns compile,
// a misspelt entry does not, in the opt-out type and in the session's agent.
import type { AgentToolSettings } from '../../generated/claude';
import {
  type ClaudeAgentToolSettings,
  type ClaudeOptOut,
  migrateClaudeOptOuts,
  validateClaudeOptOuts,
} from '../../generated/claude/opt-outs';
import { claudeSessionOptions } from '../../generated/claude/session';

export const typed: ClaudeAgentToolSettings = {
  disabledTools: [
    'Bash',
    'mcp__cherry-tools__cron',
    'CherryNotify',
    'mcp__skills',
    'mcp__agent-memory__*',
    'mcp__*',
  ],
};
// @ts-expect-error — 'Bassh' is no key, runtime name or pattern of the catalog.
export const misspelt: ClaudeAgentToolSettings = { disabledTools: ['Bassh'] };
// @ts-expect-error — no such wire on cherry-tools.
export const wrongWire: ClaudeOptOut = 'mcp__cherry-tools__crons'; // tool-catalog-ignore-stale-ref: a wrong name on purpose
// @ts-expect-error — a server the catalog does not declare.
export const undeclaredServer: ClaudeOptOut = 'mcp__claw';
// @ts-expect-error — only whole servers take a pattern.
export const partialPattern: ClaudeOptOut = 'mcp__cherry-tools__c*'; // tool-catalog-ignore-stale-ref: a wrong pattern on purpose

// A typed list is what the resolvers take; stored lists (plain strings) are checked at run time.
export const asStored: AgentToolSettings = { ...typed };
export const problems: string[] = validateClaudeOptOuts(['Bassh']).map((p) => p.reason);
export const migrated: ClaudeOptOut[] = migrateClaudeOptOuts(['mcp__claw__cron']).optOuts;

// The session takes the typed list where users write it: a misspelt tool does not compile there either,
// and a stored list of unknown shape goes through migrateClaudeOptOuts first.
const context = { workspaceHasGit: true, agentHasChannel: false };
export function sessions(stored: unknown, fromDatabase: string[]) {
  // @ts-expect-error — 'Bassh' is no key, runtime name or pattern of the catalog.
  claudeSessionOptions({ context, agent: { disabledTools: ['Bassh'] } });
  // @ts-expect-error — plain strings are not opt-outs until they are read against the catalog.
  claudeSessionOptions({ context, agent: { disabledTools: fromDatabase } });
  // @ts-expect-error — neither is a value of unknown shape.
  claudeSessionOptions({ context, agent: { disabledTools: stored } });
  claudeSessionOptions({ context, agent: { disabledTools: ['Bash', 'mcp__agent-memory__*'] } });
  claudeSessionOptions({ context, agent: { disabledTools: migrateClaudeOptOuts(stored).optOuts } });
  return claudeSessionOptions({ context, agent: null });
}
