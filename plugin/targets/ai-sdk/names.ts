// The Vercel AI SDK's names for a catalog and a session's offer in them (../wire-names.ts): each MCP
// tool by its wire name (an in-process one and an external channel's alike), each subagent by its own
// name; its tool set is keyed by name alone. Its own module so the target and its verifier (loaded
// lazily) both use it without importing each other.
import type { CatalogModel } from '../../model/catalog-model.js';
import type { Target } from '../target.js';
import { wireNamedOffer, wireNames, type WireNaming } from '../wire-names.js';
import { aiSdkNameOf } from './runtime/ai-sdk-names.js';
import { offeredSubagents } from './runtime/ai-sdk-subagents.js';

export const AI_SDK_NAMING: WireNaming = {
  target: 'ai-sdk',
  sdk: 'Vercel AI SDK',
  nameOf: aiSdkNameOf,
  agentName: (name) => name,
  rewrites: '',
  offeredSubagents,
};

export const aiSdkNames = (model: CatalogModel) => wireNames(model, AI_SDK_NAMING);

export const aiSdkOfferOf: Target['offerOf'] = (model, tables, offer) =>
  wireNamedOffer(AI_SDK_NAMING, model, tables, offer);
