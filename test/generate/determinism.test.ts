// Output is a function of the catalog alone: the same bytes whatever order the source files are
// read in, and wherever the project sits on disk.
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { renderModel } from '../../plugin/generate';
import { listCatalogFiles } from '../../plugin/load/load-catalog';
import { loadConfig } from '../../plugin/load/load-config';
import { loadProjectCatalog } from '../../plugin/project/load-project';
import { runBin } from '../support/cli';
import { copyCatalogFixture, fingerprint, removeTempDirs } from '../support/files';
import { CATALOG_FIXTURES } from '../support/paths';

afterAll(removeTempDirs);

const asEntries = (files: ReadonlyMap<string, { content: string }>) =>
  [...files].map(([file, f]) => [file, f.content]);

/** Loads the catalog from `files` in the order given (instead of its include globs), then renders it. */
async function renderFrom(
  config: Parameters<typeof loadProjectCatalog>[0],
  files: readonly string[],
) {
  const { catalog, pending } = await loadProjectCatalog(config, files);
  const rendered = catalog.model ? await renderModel(catalog.model) : undefined;
  return {
    raw: catalog.raw,
    model: catalog.model,
    files: rendered?.files ?? new Map(),
    diagnostics: [...pending, ...(rendered?.diagnostics ?? [])],
  };
}

describe('determinism', () => {
  it('renders the same files in the same order whatever order the sources are given in', async () => {
    const { catalogs } = await loadConfig({ cwd: path.join(CATALOG_FIXTURES, 'valid') });
    const config = catalogs[0]!;
    const files = await listCatalogFiles(config);
    expect(files.length).toBe(3);
    const sorted = [...files].sort();
    const orders = [
      sorted,
      [...sorted].reverse(),
      [sorted[1]!, sorted[2]!, sorted[0]!],
      [sorted[2]!, sorted[0]!, sorted[1]!],
    ];
    const results = await Promise.all(orders.map((order) => renderFrom(config, order)));
    for (const r of results) expect(r.diagnostics).toEqual([]);
    const reference = asEntries(results[0]!.files);
    expect(reference.length).toBeGreaterThan(0);
    for (const r of results.slice(1)) expect(asEntries(r.files)).toEqual(reference);
    // Output order: the declared categories (file, then shell), each in declaration order; the files
    // are read in sorted order whatever order they were given in.
    expect(results[1]!.model!.tools.map((t) => t.key)).toEqual([
      'Read',
      'Edit',
      'EnterWorktree',
      'ExitWorktree',
      'SendMessage',
      'Bash',
      'QueryData',
      'PrInfo',
      'SkillsBundle',
      'TriggerReview',
      'SentryMessaging',
      'SentryFull',
    ]);
    expect(results[1]!.raw.files).toEqual(sorted);
  });

  it('writes byte-identical output from two copies of the project in different folders', async () => {
    const [a, b] = await Promise.all([copyCatalogFixture('valid'), copyCatalogFixture('valid')]);
    const runs = await Promise.all([runBin(['generate'], a), runBin(['generate'], b)]);
    expect(runs.map((r) => r.code)).toEqual([0, 0]);
    const [fa, fb] = await Promise.all([
      fingerprint(path.join(a, 'generated')),
      fingerprint(path.join(b, 'generated')),
    ]);
    expect(Object.keys(fa).length).toBeGreaterThan(0);
    expect(fa).toEqual(fb);
  });
});
