// Whether a new model of a catalog differs from the last one in copy only: the labels and
// descriptions of its tools and the labels of its categories, the text the locale files hold. An
// output that shows no copy is then the same as before, so a watch session need not render it again.
import type { CatalogModel, CategoryModel, ToolModel } from './catalog-model.js';
import { samePlainData } from './structural-sharing.js';

const withoutToolCopy = (t: ToolModel): ToolModel => ({ ...t, label: '', description: '' });
const withoutCategoryCopy = (c: CategoryModel): CategoryModel => ({ ...c, label: '' });

export function differsInCopyOnly(before: CatalogModel, after: CatalogModel): boolean {
  if (before === after) return true;
  if (before.tools.length !== after.tools.length) return false;
  // Unchanged tools keep their object from run to run: only the edited ones are compared field by field.
  for (let i = 0; i < after.tools.length; i++) {
    const a = before.tools[i]!;
    const b = after.tools[i]!;
    if (a !== b && !samePlainData(withoutToolCopy(a), withoutToolCopy(b))) return false;
  }
  return (
    samePlainData(
      before.categories.map(withoutCategoryCopy),
      after.categories.map(withoutCategoryCopy),
    ) &&
    samePlainData({ ...before, tools: [], categories: [] }, { ...after, tools: [], categories: [] })
  );
}
