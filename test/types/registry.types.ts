// Type tests of the checked-in generated/claude/registry.ts, type-checked by scripts/typecheck.mjs
// with TypeScript 7, 6 and 5.9: literal types survive, and a wrong key or runtime name does not compile.
import {
  type CLAUDE_CALLERS,
  type CLAUDE_TOOL_CATEGORIES,
  type CLAUDE_TOOL_KEYS,
  CLAUDE_TOOL_REGISTRY,
  type CLAUDE_TOOLS_BY_CATEGORY,
  type CLAUDE_USER_TOOLS,
  type ClaudeToolCategory,
  type ClaudeToolCondition,
  type ClaudeToolDescriptor,
  type ClaudeToolKey,
  type ClaudeToolName,
  type ClaudeToolPairGroup,
  type ClaudeToolServer,
} from '../../generated/claude/registry';

/** Compiles only when A and B are the same type (both ways assignable, no `any` slipping through). */
type Equal<A, B> =
  (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
const assertType = <T extends true>(_proof?: T): void => undefined;

// Keys and runtime names: right ones compile, wrong ones do not.
export const bash: ClaudeToolKey = 'Bash';
// @ts-expect-error — 'Bsh' is not a tool key.
export const wrongKey: ClaudeToolKey = 'Bsh';
export const cron: ClaudeToolName = 'mcp__cherry-tools__cron';
// @ts-expect-error — no such wire on cherry-tools.
export const wrongName: ClaudeToolName = 'mcp__cherry-tools__crons'; // tool-catalog-ignore-stale-ref: a wrong name on purpose
// @ts-expect-error — a key is not a runtime name when they differ (CherryCron yields mcp__cherry-tools__cron).
export const keyIsNotName: ClaudeToolName = 'CherryCron';
// @ts-expect-error — registry lookups by an unknown key fail.
export const missing = CLAUDE_TOOL_REGISTRY.Bsh;

// Each entry keeps its literal types (`as const`, checked with `satisfies` but not widened to the descriptor type).
assertType<Equal<(typeof CLAUDE_TOOL_REGISTRY)['EnterWorktree']['exposure'], 'conditional'>>();
assertType<
  Equal<(typeof CLAUDE_TOOL_REGISTRY)['EnterWorktree']['condition'], 'workspace-has-git'>
>();
assertType<Equal<(typeof CLAUDE_TOOL_REGISTRY)['EnterWorktree']['pairGroup'], 'worktree'>>();
assertType<
  Equal<(typeof CLAUDE_TOOL_REGISTRY)['CherryCron']['names'], readonly ['mcp__cherry-tools__cron']>
>();
assertType<Equal<(typeof CLAUDE_TOOL_REGISTRY)['Edit']['sdkType'], 'FileEdit'>>();
assertType<Equal<(typeof CLAUDE_TOOL_REGISTRY)['SendMessage']['sdkTyped'], false>>();
assertType<
  Equal<(typeof CLAUDE_TOOL_REGISTRY)['InstallSkill']['dependsOn'], readonly ['SearchSkills']>
>();

// The written-out unions equal what the registry holds (no key or name missing from either side).
assertType<Equal<keyof typeof CLAUDE_TOOL_REGISTRY, ClaudeToolKey>>();
assertType<Equal<(typeof CLAUDE_TOOL_KEYS)[number], ClaudeToolKey>>();
assertType<Equal<(typeof CLAUDE_TOOL_REGISTRY)[ClaudeToolKey]['names'][number], ClaudeToolName>>();
assertType<Equal<(typeof CLAUDE_TOOL_CATEGORIES)[number], ClaudeToolCategory>>();
assertType<
  Equal<ClaudeToolCategory, 'shell' | 'file' | 'search' | 'orchestration' | 'media' | 'context'>
>();
assertType<Equal<ClaudeToolCondition, 'workspace-has-git' | 'agent-has-channel'>>();
assertType<
  Equal<ClaudeToolPairGroup, 'worktree' | 'planMode' | 'bash' | 'taskCluster' | 'mcpResource'>
>();
assertType<Equal<ClaudeToolServer, 'cherry-tools' | 'agent-memory' | 'skills'>>();
assertType<Equal<keyof typeof CLAUDE_TOOLS_BY_CATEGORY, ClaudeToolCategory>>();
assertType<Equal<keyof typeof CLAUDE_CALLERS, never>>();

// The ordered lists hold the literal tuples.
assertType<Equal<(typeof CLAUDE_TOOL_CATEGORIES)[0], 'shell'>>();
assertType<Equal<(typeof CLAUDE_USER_TOOLS)[0], 'Bash'>>();
// @ts-expect-error — a disabled tool is not in the user-facing list.
export const notUserFacing: (typeof CLAUDE_USER_TOOLS)[number] = 'NotebookEdit';

// A descriptor is what apps pass around; a wrong exposure does not fit it.
export const descriptor: ClaudeToolDescriptor = CLAUDE_TOOL_REGISTRY.Bash;
export const wrongExposure: ClaudeToolDescriptor = {
  ...CLAUDE_TOOL_REGISTRY.Bash,
  // @ts-expect-error — 'hidden' is not an exposure.
  exposure: 'hidden',
};
