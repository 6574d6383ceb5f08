// `agent-tool-catalog/vite`: the vite entry of the bundler plugin; all logic lives in ./core.
import { toolCatalogUnplugin } from './core';

export type { GenerationEvent, ToolCatalogPluginOptions } from './options';
export default toolCatalogUnplugin.vite;
