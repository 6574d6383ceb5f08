// Evaluating catalog modules: an unchanged module is compiled once per run or session (watch mode relies on it) and
// evaluates to the same plain data every time, and a throwing module is located every time, also
// where source maps are enabled (vitest).
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { listCatalogFiles } from '../../plugin/load/load-catalog';
import { loadConfig } from '../../plugin/load/load-config';
import { DEFAULT_EVALUATION_TIMEOUT_MS, evaluateModules } from '../../plugin/load/evaluate-modules';
import { runWithMemory, SessionMemory } from '../../plugin/session-memory';
import { CATALOG_FIXTURES } from '../support/paths';

/** Counts esbuild compilations: the loader compiles each module with `transform`. */
const compilations = vi.hoisted(() => ({ count: 0 }));
vi.mock('esbuild', async (importOriginal) => {
  const esbuild = await importOriginal<typeof import('esbuild')>();
  return {
    ...esbuild,
    transform: (...args: Parameters<typeof esbuild.transform>) => {
      compilations.count++;
      return esbuild.transform(...args);
    },
  };
});

async function catalogFiles(fixture: string) {
  const { catalogs } = await loadConfig({ cwd: path.join(CATALOG_FIXTURES, fixture) });
  const config = catalogs[0]!;
  return {
    files: (await listCatalogFiles(config)).sort(),
    options: { cwd: config.rootDir, timeoutMs: DEFAULT_EVALUATION_TIMEOUT_MS },
  };
}

describe('evaluating catalog modules', () => {
  it('compiles an unchanged module once in a session (also when loaded concurrently) and evaluates it to the same data each time', async () => {
    const { files, options } = await catalogFiles('valid');
    const before = compilations.count;
    const session = new SessionMemory(true);
    const [a, b] = await runWithMemory(session, () =>
      Promise.all([evaluateModules(files, options), evaluateModules(files, options)]),
    );
    const compiled = compilations.count - before;
    const c = await runWithMemory(session, () => evaluateModules(files, options));
    expect(a.diagnostics).toEqual([]);
    expect(a.modules.map((m) => m.file)).toEqual(files);
    expect(Object.keys(a.modules[0]!.exports).length).toBeGreaterThan(0);
    // Every catalog file was compiled once (the authoring API may already have been, for the config).
    expect(compiled).toBeGreaterThanOrEqual(files.length);
    expect(compiled).toBeLessThanOrEqual(a.inputs.length);
    expect(compilations.count - before).toBe(compiled);
    expect(b.modules).toEqual(a.modules);
    expect(c.modules).toEqual(a.modules);
  });

  it('points at the throwing line every time a throwing catalog is evaluated', async () => {
    const { files, options } = await catalogFiles('broken-evaluation');
    for (let round = 0; round < 2; round++) {
      const result = await evaluateModules(files, options);
      expect(result.modules).toEqual([]);
      expect(result.diagnostics.map((d) => [d.code, d.message.includes("reading 'text'")])).toEqual([['TC101', true]]);
      const at = result.diagnostics[0]!.at as { file: string; line: number; column: number };
      expect([round, path.relative(options.cwd, at.file), at.line, at.column]).toEqual([
        round,
        path.join('catalog', 'tools.catalog.ts'),
        5,
        92,
      ]);
    }
  });
});
