// The agent SDKs a catalog compiles for (`targets` in the config): every target turns the one offer
// the policy computes into its SDK's options. A target whose options depend on the SDK's major
// version names the package that tells it, and the majors it supports.

/** Every target, as the config names it. */
export const TARGET_NAMES = ['claude-agent-sdk', 'ai-sdk', 'openai-agents'] as const;

export type TargetName = (typeof TARGET_NAMES)[number];

/** A target as the config writes it: its name, or its name pinned to a major version (`ai-sdk@6`). */
export type TargetSpec = TargetName | 'ai-sdk@6' | 'ai-sdk@7';

/** What a catalog compiles for when its config names no targets. */
export const DEFAULT_TARGETS: readonly TargetName[] = ['claude-agent-sdk'];

/** Targets whose generated code depends on the major version of an installed package. */
export const VERSIONED_TARGETS: Readonly<
  Partial<Record<TargetName, { readonly package: string; readonly majors: readonly number[] }>>
> = {
  'ai-sdk': { package: 'ai', majors: [6, 7] },
};
