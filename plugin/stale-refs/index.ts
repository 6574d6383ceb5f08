// `stale-refs` as a library: the catalog's current model plus its previous registry, searched
// for references to runtime names that are gone.
export { findStaleReferences, DEFAULT_INCLUDE } from './find-stale-refs.js';
export type { StaleReference, StaleRefsInput, StaleRefsResult } from './find-stale-refs.js';
export { previousRegistryNames, namesInRegistry } from './previous-names.js';
