// Public authoring API: what catalog and config files import. It stays free of build-time
// dependencies so that type-checking an app never pulls the generator in.
export { defineCatalog, defineTool } from './language/catalog.js';
export type * from './language/catalog.js';
export { defineConfig } from './language/config.js';
export type * from './language/config.js';
export type * from './language/targets.js';
