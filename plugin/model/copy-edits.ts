// What a new model of a catalog changed against the last one, when it changed copy only: the labels
// and descriptions of its tools, and the labels of its categories (the text the locale files hold).
// An output that shows none of the copy that changed is then the same as before, so a watch session
// need not render it again.
import type { CatalogModel, CategoryModel, ToolModel } from './catalog-model.js';
import { samePlainData } from './structural-sharing.js';

/**
 * 'tool copy' when at most tool labels and descriptions changed (or nothing did), 'copy' when
 * category labels changed too.
 */
export type CopyEdit = 'tool copy' | 'copy';

const withoutToolCopy = (t: ToolModel): ToolModel => ({ ...t, label: '', description: '' });
const withoutCategoryCopy = (c: CategoryModel): CategoryModel => ({ ...c, label: '' });

/** What changed from `before` to `after`, if copy only (else undefined). */
export function copyEditOf(before: CatalogModel, after: CatalogModel): CopyEdit | undefined {
  if (before === after) return 'tool copy';
  if (before.tools.length !== after.tools.length) return undefined;
  // Unchanged tools keep their object from run to run: only the edited ones are compared field by field.
  for (let i = 0; i < after.tools.length; i++) {
    const a = before.tools[i]!;
    const b = after.tools[i]!;
    if (a !== b && !samePlainData(withoutToolCopy(a), withoutToolCopy(b))) return undefined;
  }
  if (
    !samePlainData(
      { ...before, tools: [], categories: [] },
      { ...after, tools: [], categories: [] },
    )
  )
    return undefined;
  if (samePlainData(before.categories, after.categories)) return 'tool copy';
  return samePlainData(
    before.categories.map(withoutCategoryCopy),
    after.categories.map(withoutCategoryCopy),
  )
    ? 'copy'
    : undefined;
}
