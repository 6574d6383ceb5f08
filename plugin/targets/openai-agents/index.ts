// The OpenAI Agents SDK target (`@openai/agents`): `openai-agents.ts` gives an Agent's options — each
// app tool a function tool enabled per run (`isEnabled`) with `needsApproval` and a guardrail, the
// app's MCP servers filtered per run, each subagent an Agent offered as a tool — and each run's
// options, which carry the context and opt-outs the tools are enabled by; built at run time by
// `runtime/` from the same offer as every other target. `verify --target openai-agents` runs them on
// the SDK's own test model (`ScriptedModel` from `@openai/agents/testing`).
import { handedOver } from '../../runtime/offer.js';
import { targetRuntimeRenderer } from '../../render/renderers/runtime.js';
import type { Target } from '../target.js';
import { openAIAgentsRenderer } from './render.js';
import { openAINameOf } from './runtime/openai-names.js';
import { offeredSubagents } from './runtime/openai-scope.js';

const openAIAgentsRuntime = targetRuntimeRenderer('openai-agents');

const LEFT_OUT = 'a Claude runtime built-in: the OpenAI Agents SDK has no such tool';

export const openAIAgentsTarget: Target = {
  name: 'openai-agents',
  sdk: 'OpenAI Agents SDK',
  renderers: () => [openAIAgentsRenderer, openAIAgentsRuntime],
  offerOf: (model, tables, offer) => {
    const offered = new Set(offeredSubagents(tables, offer).map((a) => a.name));
    const builtIn = (index: number) => model.tools[index]!.kind === 'sdk';
    const namesOf = (names: readonly string[]) => names.flatMap((n) => openAINameOf(n) ?? []);
    return {
      tools: offer.tools
        .filter((o) => !builtIn(o.index))
        .map((o) => ({
          key: o.key,
          names: namesOf(o.names),
          offered: handedOver(o),
          ...(!handedOver(o) && o.detail !== undefined ? { detail: o.detail } : {}),
        })),
      subagents: offer.agents.map((a) => ({
        name: a.name,
        offered: offered.has(a.name),
        tools: namesOf(
          a.tools.filter((o) => handedOver(o) && !builtIn(o.index)).flatMap((o) => o.names),
        ),
      })),
      leftOut: offer.tools
        .filter((o) => builtIn(o.index))
        .map((o) => ({ key: o.key, why: LEFT_OUT })),
    };
  },
  loadVerifier: async () => (await import('./verify.js')).openAIAgentsVerifier,
};
