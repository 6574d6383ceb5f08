// How generated files name the modules they import: the other generated files of the catalog,
// the runtime, and app modules referenced by the catalog — each written as an escaped literal.
import type { CatalogModel } from '../../model/catalog-model.js';
import { tsString } from '../../text/escape.js';

/** A module specifier as a string literal. */
export const moduleSpecifier = (specifier: string) => tsString(specifier);

/** Another generated file of the catalog (`registry`), as the importing file spells it. */
export const siblingModule = (_model: CatalogModel, name: string) => tsString(`./${name}`);
