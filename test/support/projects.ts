// Catalog models of real projects (the default catalog, the examples, fixtures) through the
// project's front door — load, validate, model — as every command gets them.
import { loadProject } from '../../plugin/project/load-project';
import type { CatalogModel } from '../../plugin/model/catalog-model';
import { policyTablesOf } from '../../plugin/model/policy-tables';
import type { PolicyTables } from '../../plugin/runtime/policy-tables';
import { REPO } from './paths';

/** The model of the project's catalog in `cwd` (its only one, or `catalog`); throws on any error. */
export async function loadModel(cwd: string, catalog?: string): Promise<CatalogModel> {
  const project = await loadProject({ cwd, catalog });
  const models = project.catalogs.map((c) => c.model);
  if (!project.ok || models.length !== 1 || !models[0]) {
    throw new Error(
      `expected one valid catalog in ${cwd}: ${project.diagnostics.map((d) => d.message).join('\n') || `${models.length} catalogs`}`,
    );
  }
  return models[0];
}

let defaultCatalog: Promise<{ model: CatalogModel; tables: Required<PolicyTables> }> | undefined;

/** The default catalog (catalog/ and tool-catalog.config.ts) and its policy tables, loaded once per test file. */
export function loadDefaultCatalog() {
  defaultCatalog ??= loadModel(REPO, 'claude').then((model) => ({
    model,
    tables: policyTablesOf(model),
  }));
  return defaultCatalog;
}
