// Every target, and the ones a catalog compiles for: what `generate` renders for it, what `resolve`,
// `explain` and `verify` take as `--target`. Adding a target is a folder beside this file and a line
// in TARGETS (and its name in language/targets.ts); the policy core does not change.
import type { TargetName } from '../language/targets.js';
import type { CatalogModel } from '../model/catalog-model.js';
import { RENDERERS } from '../render/render-catalog.js';
import type { Renderer } from '../render/renderer.js';
import { aiSdkTarget } from './ai-sdk/index.js';
import { claudeAgentSdkTarget } from './claude-agent-sdk/index.js';
import { openAIAgentsTarget } from './openai-agents/index.js';
import type { Target } from './target.js';

export const TARGETS: Readonly<Record<TargetName, Target>> = {
  'claude-agent-sdk': claudeAgentSdkTarget,
  'ai-sdk': aiSdkTarget,
  'openai-agents': openAIAgentsTarget,
};

/** The targets a catalog compiles for, in the order its config names them. */
export const targetsOf = (model: CatalogModel): Target[] =>
  (model.config.targets ?? [{ name: 'claude-agent-sdk' as const }]).map((t) => TARGETS[t.name]);

/** Every renderer of a catalog: the outputs every catalog has, then each of its targets' own. */
export const renderersOf = (model: CatalogModel): Renderer[] => [
  ...RENDERERS,
  ...targetsOf(model).flatMap((t) => t.renderers(model)),
];
