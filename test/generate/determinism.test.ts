// Output is a function of the catalog alone: the same bytes whatever order the source files are
// read in, and wherever the project sits on disk.
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { compileFromConfig } from '../../plugin/generate';
import { listCatalogFiles } from '../../plugin/load/load-catalog';
import { loadConfig } from '../../plugin/load/load-config';
import { copyFixture, fingerprint, FIXTURES, removeTempDirs, runCli } from './helpers';

afterAll(removeTempDirs);

const asEntries = (files: ReadonlyMap<string, { content: string }>) => [...files].map(([file, f]) => [file, f.content]);

describe('determinism', () => {
  it('renders the same files in the same order whatever order the sources are given in', async () => {
    const { catalogs } = await loadConfig({ cwd: path.join(FIXTURES, 'valid') });
    const config = catalogs[0]!;
    const files = await listCatalogFiles(config);
    expect(files.length).toBe(3);
    const sorted = [...files].sort();
    const orders = [sorted, [...sorted].reverse(), [sorted[1]!, sorted[2]!, sorted[0]!], [sorted[2]!, sorted[0]!, sorted[1]!]];
    const results = await Promise.all(orders.map((order) => compileFromConfig(config, order)));
    for (const r of results) expect(r.diagnostics).toEqual([]);
    const reference = asEntries(results[0]!.files);
    expect(reference.length).toBeGreaterThan(0);
    for (const r of results.slice(1)) expect(asEntries(r.files)).toEqual(reference);
    // Catalog order is the sorted file order: file.catalog.ts's tools come before shell.catalog.ts's.
    expect(results[1]!.model!.tools.map((t) => t.key).slice(0, 2)).toEqual(['Read', 'Edit']);
    expect(results[1]!.raw.files).toEqual(sorted);
  });

  it('writes byte-identical output from two copies of the project in different folders', async () => {
    const [a, b] = await Promise.all([copyFixture('valid'), copyFixture('valid')]);
    const runs = await Promise.all([runCli(['generate'], a), runCli(['generate'], b)]);
    expect(runs.map((r) => r.code)).toEqual([0, 0]);
    const [fa, fb] = await Promise.all([fingerprint(path.join(a, 'generated')), fingerprint(path.join(b, 'generated'))]);
    expect(Object.keys(fa).length).toBeGreaterThan(0);
    expect(fa).toEqual(fb);
  });
});
