// The Vercel AI SDK target (`ai` 6 and 7): `ai-sdk.ts` gives one call's options — the tool set of the
// offered tools under their wire names, `activeTools`, approval in the installed major's form,
// `prepareStep` for tools switched off mid-run, subagents as tools running nested calls — built at
// run time by `runtime/` from the same offer as every other target; `verify --target ai-sdk` runs
// them on the SDK's own test model (`MockLanguageModelV4` in 7, `V3` in 6).
import { targetRuntimeRenderer } from '../../render/renderers/runtime.js';
import type { Target } from '../target.js';
import { aiSdkRenderer } from './render.js';
import { aiSdkOfferOf } from './names.js';

const aiSdkRuntime = targetRuntimeRenderer('ai-sdk');

export const aiSdkTarget: Target = {
  name: 'ai-sdk',
  sdk: 'Vercel AI SDK',
  renderers: () => [aiSdkRenderer, aiSdkRuntime],
  offerOf: aiSdkOfferOf,
  loadVerifier: async () => (await import('./verify.js')).aiSdkVerifier,
};
