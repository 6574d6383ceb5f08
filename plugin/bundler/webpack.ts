// `agent-tool-catalog/webpack`: the webpack entry of the bundler plugin; all logic lives in ./core.
import { toolCatalogUnplugin } from './core.js';

export type { GenerationEvent, ToolCatalogPluginOptions } from './options.js';
export default toolCatalogUnplugin.webpack;
