// Tools grouped under their category's label, in output order, for the Markdown and HTML tables:
// one section per declared category that has tools, then one for tools without a category.
import type { CatalogModel, ToolModel } from '../../model/catalog-model.js';

export interface ToolSection {
  readonly title: string;
  readonly tools: readonly ToolModel[];
}

export function toolSections(model: CatalogModel): ToolSection[] {
  const byCategory = new Map<string | undefined, ToolModel[]>();
  for (const t of model.tools) {
    const bucket = byCategory.get(t.category);
    if (bucket) bucket.push(t);
    else byCategory.set(t.category, [t]);
  }
  const sections = model.categories.flatMap((c) =>
    byCategory.has(c.name) ? [{ title: c.label, tools: byCategory.get(c.name)! }] : [],
  );
  const rest = byCategory.get(undefined);
  if (rest)
    sections.push({ title: model.categories.length > 0 ? 'Uncategorized' : 'Tools', tools: rest });
  return sections;
}
