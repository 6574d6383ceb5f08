// Shared helpers of the policy tests: the default catalog compiled in memory (through the same
// `generate` core as the CLI) and its policy tables.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { generate } from '../../plugin/generate';
import type { CatalogModel } from '../../plugin/model/catalog-model';
import { policyTablesOf } from '../../plugin/model/policy-tables';
import type { PolicyTables } from '../../plugin/runtime/policy-tables';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

let defaultCatalog: Promise<{ model: CatalogModel; tables: Required<PolicyTables>; files: ReadonlyMap<string, { content: string }> }> | undefined;

/** Seed 1's default catalog (catalog/ + tool-catalog.config.ts), compiled once per test file. */
export function loadDefaultCatalog() {
  defaultCatalog ??= generate({ cwd: repoRoot }).then((result) => {
    const catalog = result.catalogs.find((c) => c.config.name === 'claude');
    if (!result.ok || !catalog?.model) throw new Error(`default catalog failed to compile: ${result.diagnostics.map((d) => d.message).join('\n')}`);
    return { model: catalog.model, tables: policyTablesOf(catalog.model), files: catalog.files };
  });
  return defaultCatalog;
}
