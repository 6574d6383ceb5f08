// The generate core a bundler plugin runs, in one module loaded at the first generation: a bundler
// config that imports the plugin loads none of the generator until a build starts.
export { generateAndWrite, outputSets } from '../generate.js';
export { createGenerateSession } from '../generate-session.js';
export { listCatalogFiles } from '../load/load-catalog.js';
