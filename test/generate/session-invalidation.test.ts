// What a generate session redoes after a change, and that it never misses one: an edit re-checks and
// re-models the changed tool only and neither lists the catalog tree nor looks up the formatters
// again; a file added, removed or renamed under the include globs, a changed file a catalog imports,
// a changed config and a changed formatter config are each seen at the next run, which then writes
// what a cold `generate` writes. Counted by spying on the stages, never timed.
import {
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  toolSource,
  toolsFilePath,
  writeSyntheticCatalog,
} from '../../bench/synthetic-catalog.mjs';
import { DIAGNOSTIC_CODES } from '../../plugin/diagnostics/diagnostics';
import { generate } from '../../plugin/generate';
import { createGenerateSession, type GenerateSession } from '../../plugin/generate-session';
import { removeTempDirs, tempDir } from '../support/files';

/** How often each stage ran: tools checked, catalog trees listed, formatter lookups. */
const work = vi.hoisted(() => ({ checked: [] as string[], listed: 0, lookedUp: 0 }));
vi.mock('../../plugin/validate/check-tool', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../plugin/validate/check-tool')>();
  return {
    ...real,
    checkTool: (...args: Parameters<typeof real.checkTool>) => {
      work.checked.push(args[0].key);
      return real.checkTool(...args);
    },
  };
});
vi.mock('../../plugin/load/load-catalog', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../plugin/load/load-catalog')>();
  return {
    ...real,
    listCatalogFiles: (...args: Parameters<typeof real.listCatalogFiles>) => {
      work.listed++;
      return real.listCatalogFiles(...args);
    },
  };
});
vi.mock('../../plugin/load/formatter-config', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../plugin/load/formatter-config')>();
  return {
    ...real,
    formatterWarnings: (...args: Parameters<typeof real.formatterWarnings>) => {
      work.lookedUp++;
      return real.formatterWarnings(...args);
    },
  };
});

afterAll(removeTempDirs);
beforeEach(() => {
  work.checked.length = 0;
  work.listed = 0;
  work.lookedUp = 0;
});

/**
 * Sets every time under `dir` a minute back: a session trusts what it stamped only once file
 * system times are settled (a change within the same clock tick would not show).
 */
function settle(dir: string): void {
  const past = new Date(Date.now() - 60_000);
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true }))
    utimesSync(path.join(entry.parentPath, entry.name), past, past);
  utimesSync(dir, past, past);
}

/** A synthetic catalog in a repository of its own (the formatter search stops at its `.git`). */
async function project(label: string) {
  const dir = path.join(await tempDir(label), 'app');
  const catalog = writeSyntheticCatalog(dir, 120);
  mkdirSync(path.join(dir, '.git'));
  return catalog;
}

/** Runs the session and checks that it wrote what a cold generate emits. */
async function runAsCold(session: GenerateSession, dir: string) {
  const result = await session.run();
  // The cold run's own work is not the session's.
  const counted = { checked: [...work.checked], listed: work.listed, lookedUp: work.lookedUp };
  const cold = await generate({ cwd: dir });
  Object.assign(work, counted);
  const emitted = (r: typeof result) =>
    r.catalogs.flatMap((c) => [...c.files].map(([f, e]) => [f, e.content] as const));
  expect(emitted(result)).toEqual(emitted(cold));
  expect(result.diagnostics).toEqual(cold.diagnostics);
  return result;
}

const toolsFile = (tools: string[]) =>
  `import { bench } from '../bench.catalog';\n\nexport default bench.tools({\n${tools.join('\n')}\n});\n`;

const keysOf = (result: Awaited<ReturnType<GenerateSession['run']>>) =>
  result.catalogs[0]!.model!.tools.map((t) => t.key);

describe('a session after one edit', () => {
  it('checks and models the changed tool only, and neither lists the tree nor looks up formatters', async () => {
    const catalog = await project('one-edit');
    const session = createGenerateSession({ cwd: catalog.dir });
    try {
      await session.run();
      settle(catalog.dir);
      const before = await session.run();
      work.checked.length = 0;
      work.listed = 0;
      work.lookedUp = 0;
      // Tool 61 sits in the second tools file, with 49 others evaluated again with it.
      const file = toolsFilePath(catalog.dir, 1);
      const tools = Array.from({ length: 50 }, (_, i) => toolSource(50 + i, 120, i === 11 ? 1 : 0));
      writeFileSync(file, toolsFile(tools));
      const after = await runAsCold(session, catalog.dir);
      expect(work.checked).toEqual(['Tool00061']);
      expect(work.listed).toBe(0);
      expect(work.lookedUp).toBe(0);
      const [was, now] = [before, after].map((r) => r.catalogs[0]!.model!.tools);
      const remade = now!.filter((t, i) => t !== was![i]).map((t) => t.key);
      expect(remade).toEqual(['Tool00061']);
    } finally {
      await session.dispose();
    }
  });
});

describe('a session sees', () => {
  it('a catalog file added, renamed and removed under the include globs', async () => {
    const catalog = await project('tree');
    const session = createGenerateSession({ cwd: catalog.dir });
    try {
      await session.run();
      settle(catalog.dir);
      await session.run();
      work.listed = 0;
      await session.run();
      expect(work.listed).toBe(0);
      const added = toolsFilePath(catalog.dir, 7);
      writeFileSync(added, toolsFile([toolSource(500, 501)]));
      expect(keysOf(await runAsCold(session, catalog.dir))).toContain('Tool00500');
      expect(work.listed).toBe(1);
      settle(catalog.dir);
      const nested = path.join(catalog.dir, 'catalog/tools/more/renamed.catalog.ts');
      mkdirSync(path.dirname(nested));
      settle(catalog.dir);
      await session.run();
      work.listed = 0;
      // Into a folder that was empty when the tree was last listed.
      renameSync(added, nested);
      writeFileSync(nested, toolsFile([toolSource(500, 501)]).replace("'../", "'../../"));
      expect(keysOf(await runAsCold(session, catalog.dir))).toContain('Tool00500');
      expect(work.listed).toBe(1);
      settle(catalog.dir);
      rmSync(nested);
      expect(keysOf(await runAsCold(session, catalog.dir))).not.toContain('Tool00500');
    } finally {
      await session.dispose();
    }
  });

  it('a changed file that a catalog file imports, outside the include globs', async () => {
    const catalog = await project('imported');
    const shared = path.join(catalog.dir, 'shared/labels.ts');
    mkdirSync(path.dirname(shared));
    writeFileSync(shared, `export const label = 'First label';\n`);
    const file = toolsFilePath(catalog.dir, 0);
    writeFileSync(
      file,
      `import { label } from '../../shared/labels';\n${toolsFile([
        toolSource(0, 120).replace(/label: '[^']*'/, 'label'),
        ...Array.from({ length: 49 }, (_, i) => toolSource(i + 1, 120)),
      ])}`,
    );
    const session = createGenerateSession({ cwd: catalog.dir });
    try {
      await session.run();
      settle(catalog.dir);
      await session.run();
      writeFileSync(shared, `export const label = 'Second label';\n`);
      const result = await runAsCold(session, catalog.dir);
      expect(result.catalogs[0]!.model!.tools.find((t) => t.key === 'Bash')?.label).toBe(
        'Second label',
      );
    } finally {
      await session.dispose();
    }
  });

  it('a changed config: other include globs are listed again', async () => {
    const catalog = await project('config');
    const session = createGenerateSession({ cwd: catalog.dir });
    try {
      await session.run();
      settle(catalog.dir);
      await session.run();
      const other = path.join(catalog.dir, 'other/extra.tools.ts');
      mkdirSync(path.dirname(other));
      writeFileSync(
        other,
        `import { bench } from '../catalog/bench.catalog';\n\nexport default bench.tools({\n${toolSource(701, 702)}\n});\n`,
      );
      settle(catalog.dir);
      await session.run();
      expect(keysOf(await session.run())).not.toContain('Tool00701');
      writeFileSync(
        catalog.config,
        readFileSync(catalog.config, 'utf8').replace(
          "include: ['catalog/**/*.catalog.ts']",
          "include: ['catalog/**/*.catalog.ts', 'other/*.tools.ts']",
        ),
      );
      expect(keysOf(await runAsCold(session, catalog.dir))).toContain('Tool00701');
    } finally {
      await session.dispose();
    }
  });

  it('a formatter config edited, added or made to skip the output', async () => {
    const catalog = await project('formatters');
    writeFileSync(path.join(catalog.dir, '.prettierrc'), '{}\n');
    const session = createGenerateSession({ cwd: catalog.dir });
    const warned = (r: Awaited<ReturnType<GenerateSession['run']>>) =>
      r.diagnostics
        .filter((d) => d.code === DIAGNOSTIC_CODES.formatterRewritesOutput)
        .map((d) => d.message);
    /** A run once every time is settled: what it looked up is kept. */
    const settledRun = async () => {
      settle(catalog.dir);
      await session.run();
      work.lookedUp = 0;
    };
    try {
      const first = await session.run();
      expect(warned(first).join()).toMatch(/Prettier \(\.prettierrc\)/);
      settle(catalog.dir);
      await session.run();
      work.lookedUp = 0;
      await session.run();
      expect(work.lookedUp).toBe(0);
      // Edited (its content decides nothing today, but it is what the search found).
      writeFileSync(path.join(catalog.dir, '.prettierrc'), '{ "semi": false }\n');
      await runAsCold(session, catalog.dir);
      expect(work.lookedUp).toBe(1);
      await settledRun();
      writeFileSync(path.join(catalog.dir, 'biome.json'), '{}\n');
      expect(warned(await runAsCold(session, catalog.dir)).join()).toMatch(/Biome \(biome\.json\)/);
      await settledRun();
      writeFileSync(path.join(catalog.dir, '.prettierignore'), '/generated/\n');
      expect(warned(await runAsCold(session, catalog.dir)).join()).not.toMatch(/Prettier/);
      await settledRun();
      writeFileSync(
        path.join(catalog.dir, 'biome.json'),
        '{ "files": { "includes": ["**", "!generated"] } }\n',
      );
      expect(warned(await runAsCold(session, catalog.dir))).toEqual([]);
    } finally {
      await session.dispose();
    }
  });
});
