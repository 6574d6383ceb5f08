// Prettier 3 and Biome 2, really run over an app (`prettier --write .`, `biome format --write .`),
// leave `tool-catalog generate --check` green once init has written its ignore entries; without
// them each formatter breaks the check, and generate warns about it once per formatter.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../support/cli';
import { fingerprint, removeTempDirs, tempDir, writeFiles } from '../support/files';
import { runNode } from '../support/packed';
import { repoPath } from '../support/paths';

const PRETTIER = repoPath('node_modules/prettier/bin/prettier.cjs');
const BIOME = repoPath('node_modules/@biomejs/biome/bin/biome');
const versionOf = (pkg: string) =>
  (
    JSON.parse(readFileSync(repoPath('node_modules', pkg, 'package.json'), 'utf8')) as {
      version: string;
    }
  ).version;

afterAll(removeTempDirs);

const UNFORMATTED = "export const settings = {a:1,\n      b:'two'}\n";

/** An app with a Prettier config, a Biome config and an unformatted source file. */
async function formattedApp(name: string): Promise<string> {
  const dir = await tempDir(`formatters-${name}`);
  writeFiles(dir, {
    'package.json': '{ "name": "formatted-app", "private": true, "type": "module" }\n',
    '.prettierrc.json': '{ "semi": false }\n',
    'biome.json': `{\n  "$schema": "https://biomejs.dev/schemas/${versionOf('@biomejs/biome')}/schema.json"\n}\n`,
    'src/settings.ts': UNFORMATTED,
  });
  return dir;
}

async function format(tool: 'prettier' | 'biome', dir: string): Promise<void> {
  const run =
    tool === 'prettier'
      ? await runNode([PRETTIER, '--write', '.'], dir)
      : await runNode([BIOME, 'format', '--write', '.'], dir);
  if (run.code !== 0)
    throw new Error(`${tool} failed (exit ${run.code}):\n${run.stdout}\n${run.stderr}`);
}

describe('formatting an app with Prettier and Biome', () => {
  it('uses Prettier 3 and Biome 2', () => {
    expect(versionOf('prettier')).toMatch(/^3\./);
    expect(versionOf('@biomejs/biome')).toMatch(/^2\./);
  });

  it('keeps generate --check green after init', async () => {
    const dir = await formattedApp('after-init');
    expect((await runCli(['init'], dir)).code).toBe(0);
    const generated = await fingerprint(path.join(dir, 'src/generated/agent'));
    await format('prettier', dir);
    await format('biome', dir);
    // Both tools did format the app's own code...
    expect(readFileSync(path.join(dir, 'src/settings.ts'), 'utf8')).not.toBe(UNFORMATTED);
    // ...and left every generated file byte for byte.
    expect(await fingerprint(path.join(dir, 'src/generated/agent'))).toEqual(generated);
    const check = await runCli(['generate', '--check'], dir);
    expect(check.stderr).toBe('');
    expect(check.code).toBe(0);
  });

  it.each(['prettier', 'biome'] as const)(
    'without the ignore entries, %s breaks generate --check, as generate warned',
    async (tool) => {
      const dir = await formattedApp(`without-${tool}`);
      expect((await runCli(['init'], dir)).code).toBe(0);
      rmSync(path.join(dir, '.prettierignore'));
      writeFileSync(path.join(dir, 'biome.json'), '{}\n');
      const generate = await runCli(['generate'], dir);
      expect(generate.stderr.match(/warning TC304/g)).toHaveLength(2);
      expect(generate.stderr).toContain(
        'Prettier (.prettierrc.json) would reformat the generated files in src/generated/agent/',
      );
      expect(generate.stderr).toContain('add /src/generated/agent/ to .prettierignore');
      expect(generate.stderr).toContain(
        'add "!src/generated/agent" to files.includes in biome.json',
      );
      await format(tool, dir);
      const check = await runCli(['generate', '--check'], dir);
      expect(check.code).toBe(1);
      expect(check.stderr).toMatch(/stale: src\/generated\/agent\/\S+/);
    },
  );
});
