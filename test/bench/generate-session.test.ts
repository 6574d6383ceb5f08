// The watch-mode session: every run returns exactly what a fresh `generateAndWrite` returns, through
// edits, added and removed files and a broken-then-fixed catalog, evaluating nothing while nothing
// changed.
import { mkdtempSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import {
  scenarioEdits,
  toolSource,
  toolsFilePath,
  writeSyntheticCatalog,
} from '../../bench/synthetic-catalog.mjs';
import { generate } from '../../plugin/generate';
import { createGenerateSession } from '../../plugin/generate-session';

/** The entry files of every graph evaluated, in order: what was evaluated again. */
const sandboxRuns = vi.hoisted(() => [] as string[][]);
vi.mock('../../plugin/load/module-graph', async (importOriginal) => {
  const bundler = await importOriginal<typeof import('../../plugin/load/module-graph')>();
  return {
    ...bundler,
    moduleGraph: (...args: Parameters<typeof bundler.moduleGraph>) => {
      sandboxRuns.push([...args[0]]);
      return bundler.moduleGraph(...args);
    },
  };
});

const temp = mkdtempSync(path.join(os.tmpdir(), 'tool-catalog-session-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

/** Every emitted file's content, from a fresh process-independent `generate`. */
async function freshOutput(cwd: string): Promise<Map<string, string>> {
  const result = await generate({ cwd });
  expect(result.ok).toBe(true);
  return new Map(
    result.catalogs.flatMap((c) => [...c.files].map(([f, e]) => [f, e.content] as const)),
  );
}

const onDisk = (files: Iterable<string>) =>
  new Map([...files].map((f) => [f, readFileSync(f, 'utf8')] as const));

describe('createGenerateSession', () => {
  it('writes what a fresh generate emits after every kind of change', async () => {
    const catalog = writeSyntheticCatalog(path.join(temp, 'changes'), 120);
    const edits = scenarioEdits(catalog);
    const session = createGenerateSession({ cwd: catalog.dir });
    try {
      const steps: [string, () => void][] = [
        ['first run', () => {}],
        ['edit', edits.edit],
        ['add a tool', edits.add],
        ['remove a tool', edits.remove],
        [
          'add a file',
          () =>
            writeFileSync(
              toolsFilePath(catalog.dir, 99),
              `import { bench } from '../bench.catalog';\n\nexport default bench.tools({\n${toolSource(500, 501)}\n});\n`,
            ),
        ],
        ['remove that file', () => unlinkSync(toolsFilePath(catalog.dir, 99))],
        ['restore', edits.restore],
      ];
      for (const [step, change] of steps) {
        change();
        const result = await session.run();
        expect(result.ok, step).toBe(true);
        const expected = await freshOutput(catalog.dir);
        expect(onDisk(expected.keys()), step).toEqual(expected);
      }
      // Nothing changed since the last run: nothing is written.
      const noop = await session.run();
      expect(noop.report?.changed).toEqual([]);
      expect(noop.report?.orphaned).toEqual([]);
    } finally {
      await session.dispose();
    }
  });

  it('reports a broken catalog with its location and recovers once it is fixed', async () => {
    const catalog = writeSyntheticCatalog(path.join(temp, 'broken'), 60);
    const file = toolsFilePath(catalog.dir, 1);
    const good = readFileSync(file, 'utf8');
    const session = createGenerateSession({ cwd: catalog.dir });
    try {
      expect((await session.run()).ok).toBe(true);
      writeFileSync(
        file,
        good.replace("kind: 'sdk', sdkTyped: false,", "kind: 'sdk', sdkTyped: false,,"),
      );
      const broken = await session.run();
      expect(broken.ok).toBe(false);
      expect(broken.report).toBeUndefined();
      expect(broken.diagnostics[0]?.position?.file).toBe('catalog/tools/part0001.catalog.ts');
      expect(broken.diagnostics[0]?.position?.line).toBeGreaterThan(1);
      writeFileSync(file, good);
      const fixed = await session.run();
      expect(fixed.ok).toBe(true);
      expect(fixed.diagnostics).toEqual([]);
    } finally {
      await session.dispose();
    }
    await expect(session.run()).rejects.toThrow(/disposed/);
  });
});

describe('what a session evaluates again', () => {
  it('an edit runs the catalog files again, together (one can change what another exports); no change nothing', async () => {
    const catalog = writeSyntheticCatalog(path.join(temp, 'evaluated'), 150);
    const edits = scenarioEdits(catalog);
    const session = createGenerateSession({ cwd: catalog.dir });
    const toolsFiles = [0, 1, 2].map((f) => toolsFilePath(catalog.dir, f));
    try {
      sandboxRuns.length = 0;
      await session.run();
      expect(
        sandboxRuns
          .flat()
          .filter((f) => f.includes('/tools/'))
          .sort(),
      ).toEqual(toolsFiles);
      sandboxRuns.length = 0;
      edits.edit();
      await session.run();
      expect(sandboxRuns).toHaveLength(1);
      expect(sandboxRuns[0]).toContain(edits.file);
      expect(sandboxRuns[0]!.filter((f) => f.includes('/tools/')).sort()).toEqual(toolsFiles);
      sandboxRuns.length = 0;
      await session.run();
      expect(sandboxRuns).toEqual([]);
      const definition = path.join(catalog.dir, 'catalog/bench.catalog.ts');
      writeFileSync(definition, `${readFileSync(definition, 'utf8')}\n// edited\n`);
      await session.run();
      expect(sandboxRuns.flat().sort()).toEqual([definition, ...toolsFiles].sort());
    } finally {
      edits.restore();
      await session.dispose();
    }
  });
});
