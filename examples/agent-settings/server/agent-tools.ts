// What every path of an agent reads of it — its sessions on the Claude Agent SDK (agent-session.ts),
// its chat on the Vercel AI SDK (chat.ts) and the settings dialog (api.ts): the one stored opt-out
// list (the `disabledTools` column, in catalog keys), the session's conditions and the app's tools.
import { migrateClaudeOptOuts, type ClaudeOptOut } from '../src/generated/claude/opt-outs';
import {
  resolveClaudeDisallowedTools,
  type ClaudeToolConditionContext,
} from '../src/generated/claude/policy';
import type { IgnoredOptOut } from '../src/generated/claude/runtime/index';
import { appTools, type ToolServices } from './app-tools';
import type { AgentStore } from './db';
import type { AgentRow } from './schema';

/** The session's conditions: the app resolves them per session (.git stat on cwd, channelService). */
export const SESSION_CONTEXT: ClaudeToolConditionContext = {
  workspaceHasGit: true,
  agentHasChannel: false,
};

export interface StoredOptOuts {
  /** The list in today's catalog keys: what both paths and the dialog read. */
  readonly disabledTools: readonly ClaudeOptOut[];
  /** Stored entries no name of the catalog explains, with why. */
  readonly unknown: readonly IgnoredOptOut[];
}

/**
 * The agent's opt-outs as stored, in today's catalog keys: a list saved under runtime names
 * (`mcp__cherry-tools__web_search`) or a tool's former name reads the same.
 */
export function storedOptOuts(row: Pick<AgentRow, 'disabledTools'>): StoredOptOuts {
  const migrated = migrateClaudeOptOuts(row.disabledTools);
  return { disabledTools: migrated.optOuts, unknown: migrated.unknown };
}

/** What a session or a chat call of the agent is built from. */
export interface AgentToolInput {
  readonly agent: { readonly disabledTools: readonly ClaudeOptOut[] };
  readonly context: ClaudeToolConditionContext;
  readonly tools: ReturnType<typeof appTools>;
  /**
   * What the policy disallows for the list as stored now, in runtime names, read again before every
   * step and on every call: a switch flipped mid-run counts, and an entry the user may not set
   * (a tampered row naming an internal tool) changes nothing here either.
   */
  readonly live: () => string[];
  readonly unknown: readonly IgnoredOptOut[];
}

/** The agent's stored settings and the app's tools, for either path; throws when there is no such agent. */
export function agentToolInput(
  store: Pick<AgentStore, 'get'>,
  agentId: string,
  record: ToolServices['record'],
  context: ClaudeToolConditionContext = SESSION_CONTEXT,
): AgentToolInput {
  const row = store.get(agentId);
  if (!row) throw new Error(`No agent '${agentId}'.`);
  const stored = storedOptOuts(row);
  let last = stored.disabledTools;
  return {
    agent: { disabledTools: stored.disabledTools },
    context,
    tools: appTools({ agent: row, record }),
    live: () => {
      // This app has no way to delete an agent while it runs; if one were, its last list would hold.
      const now = store.get(agentId);
      if (now) last = storedOptOuts(now).disabledTools;
      return resolveClaudeDisallowedTools({ disabledTools: last }, context);
    },
    unknown: stored.unknown,
  };
}
