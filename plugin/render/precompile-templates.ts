// The build's entry for precompiling `templates/`: scripts/build.mjs bundles this module and writes
// what it returns to dist/templates.precompiled.cjs, which the loader uses while the sources match.
import { precompiledTemplatesSource } from './template-compiler.js';
import { readTemplateSources } from './templates.js';

export const precompiledTemplatesModule = () => precompiledTemplatesSource(readTemplateSources());
