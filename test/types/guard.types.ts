// Type tests of the generated guard's wiring (generated/claude/tools.ts), type-checked by
// scripts/typecheck.mjs with TypeScript 7, 6 and 5.9: a guard needs a source of truth for conditions —
// the session's offer, the context or a live disallowed list — and does not compile without one.
import {
  createClaudeToolContext,
  createClaudeToolGuard,
  resolveClaudeDisallowedTools,
} from '../../generated/claude';

export function guards(agent: { disabledTools: readonly string[] }) {
  const context = createClaudeToolContext({
    predicates: { workspaceHasGit: true, agentHasChannel: false },
  });
  // @ts-expect-error — allowedTools alone says nothing of the conditions: every conditional tool would be denied.
  createClaudeToolGuard({ allowedTools: ['Read'] });
  // @ts-expect-error — nor do the agent's opt-outs alone, or nothing at all.
  createClaudeToolGuard({ agent, headless: true });
  // @ts-expect-error — an options object is required.
  createClaudeToolGuard();
  // @ts-expect-error — an explicit undefined is no source either.
  createClaudeToolGuard({ context: undefined });
  return [
    createClaudeToolGuard({ context, agent, allowedTools: ['Read'] }),
    createClaudeToolGuard({ context: () => context }),
    createClaudeToolGuard({ disallowed: () => resolveClaudeDisallowedTools(agent, context) }),
    createClaudeToolGuard({ isOffered: () => ({ offered: true }) }),
  ];
}
