// The OpenAI Agents SDK's names for a catalog and a session's offer in them (../wire-names.ts): each
// MCP tool by its wire name (an in-process one and one of an MCP server the app connects alike), each
// subagent by its own name, both with every character other than a letter or digit sent as `_`; an
// Agent's tools are found by name alone. Its own module so the target and its verifier (loaded
// lazily) both use it without importing each other.
import type { CatalogModel } from '../../model/catalog-model.js';
import type { Target } from '../target.js';
import { wireNamedOffer, wireNames, type WireNaming } from '../wire-names.js';
import { openAINameOf, openAIToolName } from './runtime/openai-names.js';
import { offeredSubagents } from './runtime/openai-scope.js';

export const OPENAI_NAMING: WireNaming = {
  target: 'openai-agents',
  sdk: 'OpenAI Agents SDK',
  nameOf: openAINameOf,
  agentName: openAIToolName,
  rewrites: ", with every character other than a letter or digit sent as '_'",
  offeredSubagents,
};

export const openAINames = (model: CatalogModel) => wireNames(model, OPENAI_NAMING);

export const openAIAgentsOfferOf: Target['offerOf'] = (model, tables, offer) =>
  wireNamedOffer(OPENAI_NAMING, model, tables, offer);
