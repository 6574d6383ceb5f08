// What the OpenAI Agents SDK is offered, from the one offer every target shares: Claude runtime
// built-ins are left out (the SDK has no such tools), the rest named as the SDK names them. Its own
// module so the target and its verifier (loaded lazily) both use it without importing each other.
import { handedOver } from '../../runtime/offer.js';
import { openAINameOf } from './runtime/openai-names.js';
import { offeredSubagents } from './runtime/openai-scope.js';
import type { Target } from '../target.js';

const LEFT_OUT = 'a Claude runtime built-in: the OpenAI Agents SDK has no such tool';

export const openAIAgentsOfferOf: Target['offerOf'] = (model, tables, offer) => {
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
};
