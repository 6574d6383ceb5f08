// How generated files name the modules they import — the other generated files of the catalog, the
// runtime, app modules the catalog references — with the extension the app's TypeScript setup needs.
import type { CatalogModel } from '../../model/catalog-model.js';
import { tsString } from '../../text/escape.js';

/** A module specifier as a string literal. */
export const moduleSpecifier = (specifier: string) => tsString(specifier);

/** Another generated file of the catalog (`registry`), as the importing file spells it. */
export const siblingModule = (model: CatalogModel, name: string) =>
  tsString(`./${name}${model.config.imports.extension}`);

/** The runtime: the copy written into the output folder, or the module the config names. */
export const runtimeModule = (model: CatalogModel) =>
  tsString(model.config.runtimeModule ?? `./runtime/index${model.config.imports.extension}`);
