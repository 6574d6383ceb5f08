// Evaluating catalog modules: an unchanged module is bundled once in a watch session (its memory keeps
// the result) and evaluates to the same plain data every time, and a throwing module is located every
// time, also where source maps are enabled (vitest).
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { listCatalogFiles } from '../../plugin/load/load-catalog';
import { loadConfig } from '../../plugin/load/load-config';
import { DEFAULT_EVALUATION_TIMEOUT_MS, evaluateModules } from '../../plugin/load/evaluate-modules';
import { runWithMemory, SessionMemory } from '../../plugin/session-memory';
import { removeTempDirs, tempDir, writeFiles } from '../support/files';
import { CATALOG_FIXTURES } from '../support/paths';

/** Counts module graphs compiled: the loader compiles the entries that must run. */
const compilations = vi.hoisted(() => ({ count: 0 }));
vi.mock('../../plugin/load/module-graph', async (importOriginal) => {
  const graphs = await importOriginal<typeof import('../../plugin/load/module-graph')>();
  return {
    ...graphs,
    moduleGraph: (...args: Parameters<typeof graphs.moduleGraph>) => {
      compilations.count++;
      return graphs.moduleGraph(...args);
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

afterAll(removeTempDirs);

describe('evaluating catalog modules', () => {
  it('follows require() of a literal name as an import: a module its namespace, a JSON file its value', async () => {
    const dir = await tempDir('require');
    writeFiles(dir, {
      'labels.json': '{ "read": "Read a file" }',
      'names.ts': 'export const tool = "Read";\nexport default "unused";\n',
      // A module may name something of its own `require`; it is then not the loader's.
      'own.ts':
        'const require = (name: string) => name.toUpperCase();\nexport const shout = require("read");\n',
      'entry.ts':
        'const labels = require("./labels.json");\nconst { tool } = require("./names");\n' +
        'import { shout } from "./own";\nexport const read = { tool, label: labels.read, shout };\n',
    });
    const result = await evaluateModules([path.join(dir, 'entry.ts')], {
      cwd: dir,
      timeoutMs: DEFAULT_EVALUATION_TIMEOUT_MS,
    });
    expect(result.diagnostics).toEqual([]);
    expect(result.modules[0]!.exports).toEqual({
      read: { tool: 'Read', label: 'Read a file', shout: 'READ' },
    });
  });

  it('evaluates to the same data each time (also concurrently); a session bundles an unchanged module once', async () => {
    const { files, options } = await catalogFiles('valid');
    const [a, b] = await Promise.all([
      evaluateModules(files, options),
      evaluateModules(files, options),
    ]);
    expect(a.diagnostics).toEqual([]);
    expect(a.modules.map((m) => m.file)).toEqual(files);
    expect(Object.keys(a.modules[0]!.exports).length).toBeGreaterThan(0);
    expect(b.modules).toEqual(a.modules);
    const session = new SessionMemory(true);
    try {
      const before = compilations.count;
      const c = await runWithMemory(session, () => evaluateModules(files, options));
      expect(compilations.count - before).toBe(1);
      const d = await runWithMemory(session, () => evaluateModules(files, options));
      expect(compilations.count - before).toBe(1);
      expect(c.modules).toEqual(a.modules);
      expect(d.modules).toEqual(a.modules);
      expect([...d.inputs].sort()).toEqual([...c.inputs].sort());
    } finally {
      await session.end();
    }
  });

  it('takes any positive time limit: a fraction of a millisecond, or more than a timer holds', async () => {
    const { files, options } = await catalogFiles('valid');
    for (const timeoutMs of [4_999.5, 1e12]) {
      const result = await evaluateModules(files, { ...options, timeoutMs });
      expect([timeoutMs, result.diagnostics]).toEqual([timeoutMs, []]);
      expect(result.modules).toHaveLength(files.length);
    }
  });

  it('points at the throwing line every time a throwing catalog is evaluated', async () => {
    const { files, options } = await catalogFiles('broken-evaluation');
    for (let round = 0; round < 2; round++) {
      const result = await evaluateModules(files, options);
      expect(result.modules).toEqual([]);
      expect(result.diagnostics.map((d) => [d.code, d.message.includes("reading 'text'")])).toEqual(
        [['TC101', true]],
      );
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
