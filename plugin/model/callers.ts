// The catalog's declared callers as commands name them: whether a name is one, and if not, a message
// that lists the ones there are.
import type { CatalogModel } from './catalog-model.js';

/** Why `caller` cannot be used with this catalog, naming the declared callers; undefined when it can. */
export function unknownCallerProblem(model: CatalogModel, caller: string): string | undefined {
  if (Object.hasOwn(model.callers, caller)) return undefined;
  const declared = Object.keys(model.callers);
  if (declared.length === 0)
    return (
      `catalog '${model.name}' declares no callers; add callers: { ${caller}: ` +
      `['<group>', …] } to its defineCatalog({...}) or leave out --caller.`
    );
  return `catalog '${model.name}' has no caller '${caller}'; its callers are: ${declared.join(', ')}.`;
}
