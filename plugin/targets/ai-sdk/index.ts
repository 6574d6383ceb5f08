// The Vercel AI SDK target (`ai` 6 and 7): `ai-sdk.ts` gives one call's options — the tool set of the
// offered tools under their wire names, `activeTools`, approval in the installed major's form,
// `prepareStep` for tools switched off mid-run, subagents as tools running nested calls — built at
// run time by `runtime/` from the same offer as every other target; `verify --target ai-sdk` runs
// them on the SDK's own test model (`MockLanguageModelV4` in 7, `V3` in 6).
import { handedOver } from '../../runtime/offer.js';
import { targetRuntimeRenderer } from '../../render/renderers/runtime.js';
import type { Target } from '../target.js';
import { aiSdkRenderer } from './render.js';
import { aiSdkNameOf } from './runtime/ai-sdk-names.js';
import { offeredSubagents } from './runtime/ai-sdk-subagents.js';

const aiSdkRuntime = targetRuntimeRenderer('ai-sdk');

const LEFT_OUT = 'a Claude runtime built-in: the Vercel AI SDK has no such tool';

export const aiSdkTarget: Target = {
  name: 'ai-sdk',
  sdk: 'Vercel AI SDK',
  renderers: () => [aiSdkRenderer, aiSdkRuntime],
  offerOf: (model, tables, offer) => {
    const offered = new Set(offeredSubagents(tables, offer).map((a) => a.name));
    const builtIn = (index: number) => model.tools[index]!.kind === 'sdk';
    return {
      tools: offer.tools
        .filter((o) => !builtIn(o.index))
        .map((o) => ({
          key: o.key,
          names: o.names.flatMap((n) => aiSdkNameOf(n) ?? []),
          offered: handedOver(o),
          ...(!handedOver(o) && o.detail !== undefined ? { detail: o.detail } : {}),
        })),
      subagents: offer.agents.map((a) => ({
        name: a.name,
        offered: offered.has(a.name),
        tools: a.tools
          .filter((o) => handedOver(o) && !builtIn(o.index))
          .flatMap((o) => o.names.flatMap((n) => aiSdkNameOf(n) ?? [])),
      })),
      leftOut: offer.tools
        .filter((o) => builtIn(o.index))
        .map((o) => ({ key: o.key, why: LEFT_OUT })),
    };
  },
  loadVerifier: async () => (await import('./verify.js')).aiSdkVerifier,
};
