// The OpenAI Agents SDK target (`@openai/agents`): `openai-agents.ts` gives an Agent's options — each
// app tool a function tool enabled per run (`isEnabled`) with `needsApproval` and a guardrail, the
// app's MCP servers filtered per run, each subagent an Agent offered as a tool — and each run's
// options, which carry the context and opt-outs the tools are enabled by; built at run time by
// `runtime/` from the same offer as every other target. `verify --target openai-agents` runs them on
// the SDK's own test model (`ScriptedModel` from `@openai/agents/testing`).
import { targetRuntimeRenderer } from '../../render/renderers/runtime.js';
import type { Target } from '../target.js';
import { openAIAgentsRenderer } from './render.js';
import { openAIAgentsOfferOf } from './names.js';

const openAIAgentsRuntime = targetRuntimeRenderer('openai-agents');

export const openAIAgentsTarget: Target = {
  name: 'openai-agents',
  sdk: 'OpenAI Agents SDK',
  renderers: () => [openAIAgentsRenderer, openAIAgentsRuntime],
  offerOf: openAIAgentsOfferOf,
  loadVerifier: async () => (await import('./verify.js')).openAIAgentsVerifier,
};
