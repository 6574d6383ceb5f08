// Kept evaluations never change an answer: whatever could change a result — a new file that takes
// over an import, the time limit — makes a warm run evaluate again, so it says exactly what a cold run
// says; a damaged, forged or hostile record is ignored; a cache that cannot be used costs one warning;
// and `generate --check` writes nothing anywhere, the cache included.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { runCli as runCommandLine } from '../../plugin/cli/main';
import { json, runCli, type CliRun } from '../support/cli';
import { fingerprint, removeTempDirs, tempDir, writeFiles } from '../support/files';

afterAll(removeTempDirs);
afterEach(() => vi.unstubAllEnvs());

const CACHE = 'node_modules/.cache/agent-tool-catalog';

function project(
  labelImport: string,
  extra: Record<string, string>,
  top = '',
): Record<string, string> {
  return {
    'tool-catalog.config.ts': `import { defineConfig } from 'agent-tool-catalog';\nexport default defineConfig({ catalogs: { demo: { include: ['catalog/*.catalog.ts'] } }${top} });\n`,
    'catalog/vocab.catalog.ts':
      "import { defineCatalog } from 'agent-tool-catalog';\nexport const demo = defineCatalog({ categories: ['file'] });\n",
    'catalog/tools.catalog.ts': `import { demo } from './vocab.catalog';\nimport { label } from ${JSON.stringify(labelImport)};\nexport default demo.tools({ Read: { kind: 'sdk', category: 'file', label } });\n`,
    ...extra,
  };
}

async function newProject(files: Record<string, string>): Promise<string> {
  const dir = await tempDir('cache');
  mkdirSync(path.join(dir, 'node_modules'));
  writeFiles(dir, files);
  return dir;
}

/** What a run says: its exit code, its diagnostics (located) and the files it would write. */
function answer(run: CliRun) {
  const result = json(run);
  return {
    code: run.code,
    diagnostics: result.diagnostics.map(
      (d: { code: string; position?: { file: string; line: number } }) =>
        `${d.code} ${d.position?.file}:${d.position?.line}`,
    ),
    changed: result.changed,
  };
}

/** `generate --check` with the kept evaluations, then without any: the two answers. */
async function warmAndCold(dir: string) {
  const warm = answer(await runCli(['generate', '--check', '--json'], dir));
  vi.stubEnv('TOOL_CATALOG_CACHE', '0');
  const cold = answer(await runCli(['generate', '--check', '--json'], dir));
  vi.unstubAllEnvs();
  return { warm, cold };
}

const label = (text: string) => `export const label = ${JSON.stringify(text)};\n`;

describe('a new file that takes over an import', () => {
  it.each([
    [
      'labels.ts beside labels/index.ts',
      './labels',
      'catalog/labels/index.ts',
      'catalog/labels.ts',
    ],
    ['x.js beside x.ts (imported as ./x.js)', './x.js', 'catalog/x.ts', 'catalog/x.js'],
    [
      'labels.mts beside labels/index.ts',
      './labels',
      'catalog/labels/index.ts',
      'catalog/labels.mts',
    ],
    ['a file y beside y.ts', './y', 'catalog/y.ts', 'catalog/y'],
    [
      'a file outside the catalog folder',
      '../shared/labels',
      'shared/labels/index.ts',
      'shared/labels.ts',
    ],
  ])(
    '%s: a warm run says what a cold run says, and generate writes the new label',
    async (_, specifier, first, takeover) => {
      const dir = await newProject(project(specifier, { [first]: label('Old label') }));
      expect((await runCli(['generate'], dir)).code).toBe(0);
      expect(readdirSync(path.join(dir, CACHE)).length).toBeGreaterThan(0);
      writeFiles(dir, { [takeover]: label('New label') });
      const { warm, cold } = await warmAndCold(dir);
      expect(cold.code).toBe(1);
      expect(warm).toEqual(cold);
      const run = await runCli(['generate'], dir);
      if (run.code === 0)
        expect(readFileSync(path.join(dir, 'generated/demo/i18n/en.json'), 'utf8')).toContain(
          'New label',
        );
      else expect(cold.diagnostics.length).toBeGreaterThan(0);
    },
  );
});

describe('generate --watch and a new file that takes over an import', () => {
  it('sees it, also outside the folders the include globs name, and writes the new label', async () => {
    const dir = await newProject(
      project('../shared/labels', { 'shared/labels/index.ts': label('Old label') }),
    );
    let stdout = '';
    const stop = new AbortController();
    const running = runCommandLine(['generate', '--watch'], {
      cwd: dir,
      stdout: (t) => (stdout += t),
      stderr: () => {},
      signal: stop.signal,
    });
    const en = path.join(dir, 'generated/demo/i18n/en.json');
    try {
      const deadline = Date.now() + 60_000;
      const until = async (check: () => boolean) => {
        while (!check()) {
          if (Date.now() > deadline) throw new Error(`timed out; output so far:\n${stdout}`);
          await new Promise((resolve) => setTimeout(resolve, 25));
        }
      };
      await until(() => /Watching \d+ paths/.test(stdout));
      expect(readFileSync(en, 'utf8')).toContain('Old label');
      writeFiles(dir, { 'shared/labels.ts': label('New label') });
      await until(() => readFileSync(en, 'utf8').includes('New label'));
    } finally {
      stop.abort();
      expect(await running).toBe(0);
    }
  }, 120_000);
});

describe('the options that decide an evaluation', () => {
  it('a lower evaluationTimeoutMs evaluates again (and times out as a cold run does)', async () => {
    const files = project('./labels', {
      'catalog/labels.ts': `let n = 0;\nfor (let i = 0; i < 30_000_000; i++) n += i % 7;\nexport const label = 'Computed ' + (n > 0);\n`,
    });
    const dir = await newProject(files);
    expect((await runCli(['generate'], dir)).code).toBe(0);
    writeFiles(dir, {
      'tool-catalog.config.ts': project('', {}, ', evaluationTimeoutMs: 1')[
        'tool-catalog.config.ts'
      ]!,
    });
    const { warm, cold } = await warmAndCold(dir);
    // Which module the limit stops depends on the machine's speed; that it stops one does not.
    const codes = (a: typeof warm) => [a.code, a.diagnostics.map((d: string) => d.split(' ')[0])];
    expect(codes(cold)).toEqual([1, ['TC103']]);
    expect(codes(warm)).toEqual(codes(cold));
  });
});

describe('records that cannot be trusted', () => {
  async function generated() {
    const dir = await newProject(project('./labels', { 'catalog/labels.ts': label('Real label') }));
    expect((await runCli(['generate'], dir)).code).toBe(0);
    const folder = path.join(dir, CACHE);
    return { dir, folder, records: readdirSync(folder).map((name) => path.join(folder, name)) };
  }

  /** A record's body (after its checksum line, if it has one), parsed. */
  const bodyOf = (file: string) =>
    JSON.parse(readFileSync(file, 'utf8').replace(/^[0-9a-f]{40}\n/, ''));
  const checksummed = (text: string) => `${createHash('sha1').update(text).digest('hex')}\n${text}`;
  const forgedSet = {
    default: { '\u0000tool-catalog': 'tool-set', id: 'x', catalog: 1, tools: { Forged: {} } },
  };

  it.each<[string, (file: string) => string]>([
    [
      'a forged record that claims no sources',
      (file) => JSON.stringify({ ...bodyOf(file), sources: [], exports: { default: 1 } }),
    ],
    [
      'a forged record that claims no sources, with a checksum',
      (file) =>
        checksummed(JSON.stringify({ ...bodyOf(file), sources: [], exports: { default: 1 } })),
    ],
    [
      'a record whose fields have the wrong types',
      (file) => JSON.stringify({ ...bodyOf(file), sources: [[1, 2]], paths: 7 }),
    ],
    [
      'a record with a checksum and forged marks',
      (file) => checksummed(JSON.stringify({ ...bodyOf(file), exports: forgedSet })),
    ],
    [
      'a record with a checksum and data nested 100,000 deep',
      (file) =>
        checksummed(
          JSON.stringify({ ...bodyOf(file), exports: { default: 0 } }).replace(
            '{"default":0}',
            `{"default":${'['.repeat(100_000)}${']'.repeat(100_000)}}`,
          ),
        ),
    ],
    ['a truncated record', (file) => readFileSync(file, 'utf8').slice(0, 120)],
    [
      'a record edited after it was written',
      (file) => readFileSync(file, 'utf8').replace('Real label', 'Fake label'),
    ],
  ])(
    '%s is ignored: the run says what a cold run says, and writes a sound record again',
    async (_, forge) => {
      const { dir, records } = await generated();
      for (const file of records) writeFileSync(file, forge(file));
      const { warm, cold } = await warmAndCold(dir);
      expect(warm).toEqual(cold);
      expect(warm.code).toBe(0);
      expect((await runCli(['generate', '--json'], dir)).code).toBe(0);
      for (const file of records) expect(readFileSync(file, 'utf8')).toMatch(/^[0-9a-f]{40}\n\{/);
    },
  );

  it.runIf(process.platform !== 'win32')(
    'a FIFO where a record goes is ignored, never waited on',
    async () => {
      const { dir, records } = await generated();
      for (const file of records) {
        rmSync(file);
        execFileSync('mkfifo', [file]);
      }
      const { warm, cold } = await warmAndCold(dir);
      expect(warm).toEqual(cold);
      expect(warm.code).toBe(0);
    },
    60_000,
  );
});

describe('a cache that cannot be used', () => {
  it.each([
    ['node_modules/.cache is a file', 'node_modules/.cache'],
    ['the cache folder is a file', CACHE],
  ])('%s: every run works, and says so in one warning', async (_, where) => {
    const dir = await newProject(project('./labels', { 'catalog/labels.ts': label('A label') }));
    writeFiles(dir, { [where]: 'not a folder\n' });
    const first = await runCli(['generate', '--json'], dir);
    expect(first.code, first.stderr).toBe(0);
    const warnings = json(first).diagnostics.filter((d: { code: string }) => d.code === 'TC305');
    expect(warnings).toHaveLength(1);
    expect(warnings[0].severity).toBe('warning');
    expect(warnings[0].message).toContain('cannot be used');
    expect(readFileSync(path.join(dir, where), 'utf8')).toBe('not a folder\n');
    const check = await runCli(['generate', '--check'], dir);
    expect(check.code, check.stderr).toBe(0);
  });
});

describe('generate --check', () => {
  it('writes nothing anywhere: no output and no cache record', async () => {
    const dir = await newProject(project('./labels', { 'catalog/labels.ts': label('A label') }));
    const before = await fingerprint(dir);
    expect((await runCli(['generate', '--check'], dir)).code).toBe(1);
    expect(existsSync(path.join(dir, 'node_modules/.cache'))).toBe(false);
    expect(await fingerprint(dir)).toEqual(before);
  });
});
