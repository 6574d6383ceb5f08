// Evaluations kept on disk for the next process: a `generate` whose sources did not change neither
// compiles nor runs a module, and any change of a file or of what it imports runs the files evaluated
// with it again, together (one can change what another exports).
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  DEFAULT_EVALUATION_TIMEOUT_MS,
  evaluateModules,
  evaluationStore,
} from '../../plugin/load/evaluate-modules';
import { removeTempDirs, tempDir, writeFiles } from '../support/files';

afterAll(removeTempDirs);

/** The entry files of every graph evaluated, and how many graphs were compiled. */
const seen = vi.hoisted(() => ({ runs: [] as string[][], compiled: 0 }));
vi.mock('../../plugin/load/module-graph', async (importOriginal) => {
  const bundler = await importOriginal<typeof import('../../plugin/load/module-graph')>();
  return {
    ...bundler,
    moduleGraph: (...args: Parameters<typeof bundler.moduleGraph>) => {
      seen.compiled++;
      seen.runs.push(args[0].map((f) => path.basename(f)));
      return bundler.moduleGraph(...args);
    },
  };
});

const FILES = {
  'catalog/vocab.catalog.ts':
    "import { defineCatalog } from 'agent-tool-catalog';\nexport const demo = defineCatalog({ categories: ['file'] });\n",
  'catalog/a.catalog.ts':
    "import { demo } from './vocab.catalog';\nexport default demo.tools({ Read: { kind: 'sdk', category: 'file', label: 'Read' } });\n",
  'catalog/b.catalog.ts':
    "import { demo } from './vocab.catalog';\nexport default demo.tools({ Grep: { kind: 'sdk', category: 'file', label: 'Grep' } });\n",
};

async function project(withNodeModules = true) {
  const dir = await tempDir('store');
  writeFiles(dir, FILES);
  if (withNodeModules) mkdirSync(path.join(dir, 'node_modules'));
  const files = Object.keys(FILES)
    .map((f) => path.join(dir, f))
    .sort();
  const evaluate = () =>
    evaluateModules(files, {
      cwd: dir,
      timeoutMs: DEFAULT_EVALUATION_TIMEOUT_MS,
      store: evaluationStore(dir),
    });
  const records = () =>
    existsSync(path.join(dir, 'node_modules/.cache/agent-tool-catalog'))
      ? readdirSync(path.join(dir, 'node_modules/.cache/agent-tool-catalog'))
      : [];
  return { dir, evaluate, records };
}

const reset = () => {
  seen.runs.length = 0;
  seen.compiled = 0;
};

describe('the evaluation store', () => {
  beforeEach(reset);
  afterEach(() => vi.unstubAllEnvs());

  it('lets the next process skip compiling and running unchanged modules, with the same exports', async () => {
    const p = await project();
    const first = await p.evaluate();
    expect(seen.runs).toEqual([['a.catalog.ts', 'b.catalog.ts', 'vocab.catalog.ts']]);
    expect(p.records()).toHaveLength(3);
    reset();
    const second = await p.evaluate();
    expect(seen.runs).toEqual([]);
    expect(seen.compiled).toBe(0);
    expect(second.modules).toEqual(first.modules);
    expect([...second.inputs].sort()).toEqual([...first.inputs].sort());
  });

  it('runs every file evaluated together again, together, when one of them is edited', async () => {
    const p = await project();
    await p.evaluate();
    reset();
    writeFileSync(
      path.join(p.dir, 'catalog/a.catalog.ts'),
      FILES['catalog/a.catalog.ts'].replace("label: 'Read'", "label: 'Read a file'"),
    );
    const edited = await p.evaluate();
    expect(seen.runs).toEqual([['a.catalog.ts', 'b.catalog.ts', 'vocab.catalog.ts']]);
    expect(JSON.stringify(edited.modules)).toContain('Read a file');
    reset();
    writeFileSync(
      path.join(p.dir, 'catalog/vocab.catalog.ts'),
      FILES['catalog/vocab.catalog.ts'].replace("['file']", "['file', 'web']"),
    );
    await p.evaluate();
    expect(seen.runs).toEqual([['a.catalog.ts', 'b.catalog.ts', 'vocab.catalog.ts']]);
  });

  it('ignores a damaged record and writes it again', async () => {
    const p = await project();
    await p.evaluate();
    const dir = path.join(p.dir, 'node_modules/.cache/agent-tool-catalog');
    for (const name of p.records()) writeFileSync(path.join(dir, name), '{ not json');
    reset();
    const again = await p.evaluate();
    expect(seen.runs).toHaveLength(1);
    expect(again.modules).toHaveLength(3);
    // Each record: the hash of its body on the first line, then the body.
    for (const name of p.records()) {
      const [hash, body] = readFileSync(path.join(dir, name), 'utf8').split(/\n(.*)/s);
      expect(hash).toMatch(/^[0-9a-f]{40}$/);
      expect(() => JSON.parse(body!)).not.toThrow();
    }
  });

  it('keeps nothing without a node_modules folder, or with TOOL_CATALOG_CACHE=0', async () => {
    const bare = await project(false);
    await bare.evaluate();
    expect(existsSync(path.join(bare.dir, 'node_modules'))).toBe(false);
    vi.stubEnv('TOOL_CATALOG_CACHE', '0');
    const off = await project();
    await off.evaluate();
    expect(off.records()).toEqual([]);
  });

  it('keeps no record of a file that gave a diagnostic, so the next run reports it again', async () => {
    const p = await project();
    writeFileSync(
      path.join(p.dir, 'catalog/a.catalog.ts'),
      "import { demo } from './vocab.catalog';\nexport default demo.tools({ Read: { kind: 'sdk', category: 'file' }, Read: { kind: 'sdk', category: 'file' } });\n",
    );
    expect((await p.evaluate()).diagnostics.map((d) => d.code)).toEqual(['TC120']);
    expect((await p.evaluate()).diagnostics.map((d) => d.code)).toEqual(['TC120']);
  });
});
