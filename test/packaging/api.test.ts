// agent-tool-catalog/api from the packed tarball, driven by a plain Node script of an app: generate,
// a check, loadProject and a generate session agree with each other and with the files they write.
import { readdirSync, symlinkSync, writeFileSync, cpSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeTempDirs, tempDir } from '../support/files';
import { installedApp, PACKAGING_TIMEOUT_MS, runNode } from '../support/packed';
import { CONSUMER_FIXTURE } from './consumer-app';

/** Every file under `dir`, relative, sorted (dotfiles included). */
const filesUnder = (dir: string, prefix = ''): string[] =>
  readdirSync(path.join(dir, prefix), { withFileTypes: true })
    .flatMap((e) =>
      e.isDirectory()
        ? filesUnder(dir, path.posix.join(prefix, e.name))
        : [path.posix.join(prefix, e.name)],
    )
    .sort();

afterAll(removeTempDirs);

describe('agent-tool-catalog/api from the packed tarball', () => {
  let dir: string;
  let result: {
    project: { ok: boolean; catalogs: { name: string; tools: string[] }[] };
    generate: { ok: boolean; files: string[] };
    checkBefore: { ok: boolean; changed: string[]; unchanged: number };
    written: { ok: boolean; changed: string[]; unchanged: number };
    checkAfter: { ok: boolean; changed: string[]; unchanged: number };
    session: { ok: boolean; changed: string[]; unchanged: number }[];
  };

  beforeAll(async () => {
    const installed = await installedApp();
    dir = await tempDir('api-app');
    cpSync(CONSUMER_FIXTURE, dir, { recursive: true });
    symlinkSync(path.join(installed, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
    writeFileSync(
      path.join(dir, 'tsconfig.json'),
      JSON.stringify({ compilerOptions: { module: 'nodenext', strict: true }, include: ['src'] }),
    );
    const run = await runNode(['scripts/use-api.mjs'], dir);
    if (run.code !== 0)
      throw new Error(
        `scripts/use-api.mjs failed (exit ${run.code}):\n${run.stdout}\n${run.stderr}`,
      );
    result = JSON.parse(run.stdout);
  }, PACKAGING_TIMEOUT_MS);

  it('loadProject models the catalog', () => {
    expect(result.project).toEqual({
      ok: true,
      catalogs: [
        {
          name: 'assistant',
          tools: ['Read', 'EnterWorktree', 'ExitWorktree', 'NotebookEdit', 'Bash', 'Notes'],
        },
      ],
    });
  });

  it('generate renders every file, and generateAndWrite writes exactly those and its manifest', () => {
    const manifest = 'src/generated/assistant/.tool-catalog-manifest.json';
    expect(result.generate.ok).toBe(true);
    expect(result.generate.files).toContain('src/generated/assistant/registry.ts');
    expect(result.written.changed).toEqual([...result.generate.files, manifest].sort());
    expect(
      filesUnder(path.join(dir, 'src/generated/assistant')).map(
        (f) => `src/generated/assistant/${f}`,
      ),
    ).toEqual(result.written.changed);
  });

  it('generateAndWrite({ check: true }) lists every file before the write and none after', () => {
    expect(result.checkBefore).toEqual({ ok: true, changed: result.written.changed, unchanged: 0 });
    expect(result.checkAfter).toEqual({
      ok: true,
      changed: [],
      unchanged: result.written.changed.length,
    });
  });

  it('createGenerateSession reruns the same check', () => {
    expect(result.session).toEqual([result.checkAfter, result.checkAfter]);
  });
});
