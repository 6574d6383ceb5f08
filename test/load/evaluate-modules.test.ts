// Evaluating the catalog bundle in process: an unchanged bundle is evaluated once (watch mode relies
// on it), and a throwing module is located every time, also where source maps are enabled (vitest).
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { listCatalogFiles } from '../../plugin/load/load-catalog';
import { loadConfig } from '../../plugin/load/load-config';
import { evaluateModules } from '../../plugin/load/evaluate-modules';
import { FIXTURES } from './helpers';

async function catalogFiles(fixture: string) {
  const { catalogs } = await loadConfig({ cwd: path.join(FIXTURES, fixture) });
  const config = catalogs[0]!;
  return { files: (await listCatalogFiles(config)).sort(), cwd: config.rootDir };
}

describe('evaluating the catalog bundle', () => {
  it('evaluates an unchanged bundle once (also when loaded concurrently)', async () => {
    const { files, cwd } = await catalogFiles('valid');
    const [a, b] = await Promise.all([evaluateModules(files, { cwd }), evaluateModules(files, { cwd })]);
    const c = await evaluateModules(files, { cwd });
    expect(a.diagnostics).toEqual([]);
    expect(a.modules.map((m) => m.file)).toEqual(files);
    expect(Object.keys(a.modules[0]!.exports).length).toBeGreaterThan(0);
    // The very same export objects: the module was evaluated once.
    a.modules.forEach((m, i) => {
      expect(b.modules[i]!.exports).toBe(m.exports);
      expect(c.modules[i]!.exports).toBe(m.exports);
    });
  });

  it('points at the throwing line every time a throwing catalog is evaluated', async () => {
    const { files, cwd } = await catalogFiles('broken-evaluation');
    for (let round = 0; round < 2; round++) {
      const result = await evaluateModules(files, { cwd });
      expect(result.modules).toEqual([]);
      expect(result.diagnostics.map((d) => [d.code, d.message.includes("reading 'text'")])).toEqual([['TC101', true]]);
      const at = result.diagnostics[0]!.at as { file: string; line: number; column: number };
      expect([round, path.relative(cwd, at.file), at.line, at.column]).toEqual([round, path.join('catalog', 'tools.catalog.ts'), 5, 92]);
    }
  });
});
