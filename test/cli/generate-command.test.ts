// `tool-catalog generate` as a user runs it: write-if-changed, --check after an edit, orphan removal,
// concurrent runs, --json output, exit codes 0/1/2 and a missing or broken config.
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { generate, outputSets } from '../../plugin/generate';
import { withManifests } from '../../plugin/write/write-outputs';
import { json, runBin, runCli } from '../support/cli';
import {
  copyCatalogFixture,
  fingerprint,
  leftoverTempFiles,
  removeTempDirs,
  tempDir,
} from '../support/files';
import { relativePosix, REPO } from '../support/paths';

afterAll(removeTempDirs);

// Every test works in a folder of its own and mostly waits on the processes it starts: they run side
// by side (the describes below are concurrent).

const OUT = 'generated/demo';
const toolsFile = 'catalog/tools/shell.catalog.ts';

/** What the core renders for the fixture at `dir`, with the manifest the writer adds: relative path → content. */
async function expectedOutput(dir: string): Promise<Record<string, string>> {
  const result = await generate({ cwd: dir });
  expect(result.diagnostics).toEqual([]);
  return Object.fromEntries(
    [...withManifests(outputSets(result))].map(([file, f]) => [
      relativePosix(dir, file),
      f.content,
    ]),
  );
}

async function readOutput(dir: string, files: readonly string[]): Promise<Record<string, string>> {
  return Object.fromEntries(
    await Promise.all(
      files.map(async (f) => [f, await fs.readFile(path.join(dir, f), 'utf8')] as const),
    ),
  );
}

describe.concurrent('generate', () => {
  it('writes every file once, then a second run writes 0 files and touches none', async () => {
    const dir = await copyCatalogFixture('valid');
    const first = json(await runBin(['generate', '--json'], dir));
    expect(first.ok).toBe(true);
    const expected = await expectedOutput(dir);
    expect(first.changed).toEqual(Object.keys(expected).sort());
    expect(await readOutput(dir, Object.keys(expected))).toEqual(expected);

    const past = new Date('2020-01-01T00:00:00Z');
    for (const f of Object.keys(expected)) await fs.utimes(path.join(dir, f), past, past);
    const second = await runBin(['generate', '--json'], dir);
    expect(second.code).toBe(0);
    expect(json(second)).toMatchObject({
      ok: true,
      check: false,
      changed: [],
      orphaned: [],
      unchanged: Object.keys(expected).length,
    });
    for (const f of Object.keys(expected))
      expect((await fs.stat(path.join(dir, f))).mtime).toEqual(past);

    const human = await runBin(['generate'], dir);
    expect(human.stdout).toMatch(/^demo: wrote 0 files, removed 0, \d+ unchanged \(\d+ ms\)\.\n$/);
  });

  it('--check exits 0 when up to date, and 1 naming the stale files after a catalog edit, writing nothing', async () => {
    const dir = await copyCatalogFixture('valid');
    expect((await runBin(['generate'], dir)).code).toBe(0);
    const ok = await runBin(['generate', '--check'], dir);
    expect(ok.code).toBe(0);
    expect(ok.stdout).toMatch(/^All \d+ generated files are up to date/);

    const source = path.join(dir, toolsFile);
    await fs.writeFile(
      source,
      (await fs.readFile(source, 'utf8')).replace(
        "Bash: { kind: 'sdk', category: 'shell', exposure: 'user'",
        "Bash: { kind: 'sdk', category: 'shell', exposure: 'disabled'",
      ),
    );
    const before = await fingerprint(path.join(dir, OUT));
    // Started by npm (no lock file or package.json here): npm's way to run the binary.
    const stale = await runBin(['generate', '--check'], dir, {
      npm_config_user_agent: 'npm/11.0.0 node/v20.19.0',
    });
    expect(stale.code).toBe(1);
    expect(stale.stderr).toContain(`stale: ${OUT}/registry.ts\n`);
    expect(stale.stderr).toMatch(
      /\d+ generated files? (is|are) out of date; run `npx tool-catalog generate`/,
    );
    expect(await fingerprint(path.join(dir, OUT))).toEqual(before);

    const staleJson = json(await runBin(['generate', '--check', '--json'], dir));
    expect(staleJson).toMatchObject({ ok: false, check: true, orphaned: [] });
    expect(staleJson.changed).toContain(`${OUT}/registry.ts`);

    expect((await runBin(['generate'], dir)).code).toBe(0);
    expect((await runBin(['generate', '--check'], dir)).code).toBe(0);
    expect(await fs.readFile(path.join(dir, OUT, 'registry.ts'), 'utf8')).toContain(
      "  Bash: {\n    key: 'Bash',\n    kind: 'sdk',\n    names: ['Bash'],\n    category: 'shell',\n    exposure: 'disabled',\n",
    );
  });

  it("--check names the app's own way to regenerate: its generate script, in its package manager", async () => {
    const dir = await copyCatalogFixture('valid');
    await fs.writeFile(path.join(dir, 'pnpm-lock.yaml'), "lockfileVersion: '9.0'\n");
    await fs.writeFile(
      path.join(dir, 'package.json'),
      '{ "scripts": { "generate": "tool-catalog generate" } }\n',
    );
    expect((await runCli(['generate', '--check'], dir)).stderr).toMatch(
      /out of date; run `pnpm generate` and commit/,
    );
    // With a flag the script does not have, the binary itself, with the flag.
    expect((await runCli(['generate', '--check', '--catalog', 'demo'], dir)).stderr).toMatch(
      /out of date; run `pnpm exec tool-catalog generate --catalog demo` and commit/,
    );
  });

  it('lists orphaned files under --check and removes them on generate, but never outside the output folder nor without the generated header', async () => {
    const dir = await copyCatalogFixture('valid');
    expect((await runBin(['generate'], dir)).code).toBe(0);
    const manifestFile = path.join(dir, OUT, '.tool-catalog-manifest.json');
    const manifest = JSON.parse(await fs.readFile(manifestFile, 'utf8')) as { files: string[] };
    // A renderer of an earlier version wrote old.ts and edited.ts, whose header someone removed
    // since; a corrupt entry points outside the folder.
    manifest.files.push('old.ts', 'edited.ts', '../../tool-catalog.config.ts');
    await fs.writeFile(manifestFile, JSON.stringify(manifest));
    await fs.writeFile(
      path.join(dir, OUT, 'old.ts'),
      '// @generated by agent-tool-catalog\nexport const OLD = 1;\n',
    );
    await fs.writeFile(path.join(dir, OUT, 'edited.ts'), 'export const MINE = 1;\n');

    const check = await runBin(['generate', '--check'], dir);
    expect(check.code).toBe(1);
    expect(check.stderr).toContain(`orphaned: ${OUT}/old.ts\n`);
    expect(check.stderr).not.toContain('orphaned: tool-catalog.config.ts');
    await fs.access(path.join(dir, OUT, 'old.ts'));

    const run = json(await runBin(['generate', '--json'], dir));
    expect(run.orphaned).toEqual([`${OUT}/old.ts`]);
    expect(run.leftAlone).toEqual([`${OUT}/edited.ts`]);
    await expect(fs.access(path.join(dir, OUT, 'old.ts'))).rejects.toThrow();
    await fs.access(path.join(dir, OUT, 'edited.ts'));
    await fs.access(path.join(dir, 'tool-catalog.config.ts'));
    expect((await runBin(['generate', '--check'], dir)).code).toBe(0);
  });

  it('two generate processes started at once leave valid, complete files (several rounds)', async () => {
    const dir = await copyCatalogFixture('valid');
    const expected = await expectedOutput(dir);
    for (let round = 0; round < 4; round++) {
      if (round % 2 === 0)
        await fs.rm(path.join(dir, 'generated'), { recursive: true, force: true });
      else
        for (const f of Object.keys(expected).filter((f) => f.endsWith('.ts')))
          await fs.writeFile(path.join(dir, f), `// stale ${round}\n`);
      const runs = await Promise.all([runBin(['generate'], dir), runBin(['generate'], dir)]);
      expect(
        runs.map((r) => r.code),
        runs.map((r) => r.stderr).join('\n'),
      ).toEqual([0, 0]);
      expect(await readOutput(dir, Object.keys(expected))).toEqual(expected);
      expect(await leftoverTempFiles(dir)).toEqual([]);
      const present = Object.keys(await fingerprint(path.join(dir, 'generated'))).map(
        (f) => `generated/${f}`,
      );
      expect(present.sort()).toEqual(Object.keys(expected).sort());
    }
  });
});

describe.concurrent('the default catalog, copied to a fresh folder', () => {
  it('is up to date, and a syntax error appended to a catalog file exits 1 at file:line:col leaving generated/ byte-identical', async () => {
    const dir = await tempDir('default');
    for (const entry of ['tool-catalog.config.ts', 'catalog', 'generated'])
      await fs.cp(path.join(REPO, entry), path.join(dir, entry), { recursive: true });
    const check = await runBin(['generate', '--check'], dir);
    expect(check.code, check.stderr).toBe(0);

    const before = await fingerprint(path.join(dir, 'generated'));
    const file = path.join(dir, 'catalog/tools/shell.catalog.ts');
    const original = await fs.readFile(file, 'utf8');
    await fs.writeFile(file, `${original}export const broken = ;\n`);
    const run = await runBin(['generate'], dir);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(
      `catalog/tools/shell.catalog.ts:${original.split('\n').length}:23: error TC100: Unexpected ";".`,
    );
    expect(await fingerprint(path.join(dir, 'generated'))).toEqual(before);
  });
});

describe.concurrent('command line', () => {
  it('--json gives ok, check, changed, orphaned, left alone, leftovers, unchanged, policy changes, hand-edited runtime copies and located diagnostics without frames', async () => {
    const ok = json(await runBin(['generate', '--json'], await copyCatalogFixture('valid')));
    expect(Object.keys(ok)).toEqual([
      'ok',
      'check',
      'changed',
      'orphaned',
      'leftAlone',
      'leftovers',
      'unchanged',
      'policyChanges',
      'handEdited',
      'diagnostics',
    ]);
    expect(ok).toMatchObject({
      ok: true,
      check: false,
      orphaned: [],
      leftAlone: [],
      leftovers: [],
      unchanged: 0,
      policyChanges: [],
      handEdited: [],
      diagnostics: [],
    });

    const failed = json(
      await runBin(['generate', '--json'], await copyCatalogFixture('broken-unknown-field')),
    );
    expect(failed.ok).toBe(false);
    expect(failed.diagnostics).toEqual([
      {
        code: 'TC170',
        severity: 'error',
        message: "Tool 'Read' has an unknown field 'lable'. Did you mean 'label'?",
        position: { file: 'catalog/tools.catalog.ts', line: 5, column: 60 },
      },
    ]);
  });

  it.each([
    [['generate', '--chek'], "'generate' has no option --chek. Did you mean --check?"],
    [['generat'], "Unknown command 'generat'. Did you mean 'generate'?"],
    [['generate', 'now'], "generate takes no arguments, got 'now'"],
    [
      ['generate', '--catalog', 'nope'],
      "The config has no catalog named 'nope'; use one of: demo.",
    ],
    [[], 'Usage: tool-catalog <command> [options]'],
  ])('exits 2 on bad usage: %j', async (args, says) => {
    const run = await runBin(args, await copyCatalogFixture('valid'));
    expect(run.code).toBe(2);
    expect(run.stdout + run.stderr).toContain(says);
  });

  it('exits 1 with TC001 when no config is found upwards, and when --config names a missing file', async () => {
    const empty = await tempDir('no-config');
    const run = await runBin(['generate'], empty);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('error TC001: No tool-catalog.config.ts was found in');
    expect(run.stderr).toContain('tool-catalog init');
    const explicit = json(
      await runBin(['generate', '--json', '--config', 'missing.config.ts'], empty),
    );
    expect(explicit.diagnostics).toEqual([
      {
        code: 'TC001',
        severity: 'error',
        message: `The config file ${path.join(empty, 'missing.config.ts')} does not exist; check the --config path.`,
      },
    ]);
    expect(await fs.readdir(empty)).toEqual([]);
  });

  it('--config and --catalog select the catalog from another folder', async () => {
    const dir = await copyCatalogFixture('valid');
    const elsewhere = await tempDir('elsewhere');
    const run = json(
      await runBin(
        [
          'generate',
          '--json',
          '--config',
          path.join(dir, 'tool-catalog.config.ts'),
          '--catalog',
          'demo',
        ],
        elsewhere,
      ),
    );
    expect(run.ok).toBe(true);
    expect(run.changed).toContain(path.relative(elsewhere, path.join(dir, OUT, 'registry.ts')));
  });
});
