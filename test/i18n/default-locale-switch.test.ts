// Switching `i18n.defaultLocale` to a locale that has translations: its file is written with the
// catalog's copy, and the translator's work moves to `removed/<locale>.json` beside it (the output
// says so), stays there on later runs, and comes back byte for byte when the switch is undone. An
// edit of the catalog's copy sets nothing aside, nor does a run killed between two locale files
// (the manifest records which locale was the default).
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../support/cli';
import { removeTempDirs, tempDir, writeFiles } from '../support/files';

afterAll(removeTempDirs);

const TOOLS =
  "import { demo } from './vocab.catalog';\nexport default demo.tools({\n  Read: { kind: 'sdk', category: 'file', label: 'Read', description: 'Reads a file' },\n  Grep: { kind: 'sdk', category: 'file', label: 'Grep', description: 'Searches files' },\n});\n";

function project(defaultLocale?: string, missing = 'warn'): Record<string, string> {
  const chosen = defaultLocale ? `, defaultLocale: '${defaultLocale}'` : '';
  return {
    'tool-catalog.config.ts': `import { defineConfig } from 'agent-tool-catalog';\nexport default defineConfig({ catalogs: { demo: { include: ['catalog/*.catalog.ts'], i18n: { locales: ['en', 'de'], missing: '${missing}'${chosen} } } } });\n`,
    'catalog/vocab.catalog.ts':
      "import { defineCatalog } from 'agent-tool-catalog';\nexport const demo = defineCatalog({ categories: ['file'] });\n",
    'catalog/tools.catalog.ts': TOOLS,
  };
}

const GERMAN = {
  agent: {
    tools: {
      Read: { label: 'Lesen', description: 'Liest eine Datei' },
      Grep: { label: 'Suchen', description: 'Durchsucht Dateien' },
      categories: { file: { label: 'Datei' } },
    },
  },
};

const I18N = 'generated/demo/i18n';

async function generated(dir: string, args: string[] = []) {
  const run = await runCli(['generate', ...args], dir);
  expect(run.code, `${run.stdout}\n${run.stderr}`).toBe(0);
  return run;
}

const read = (dir: string, file: string) => readFileSync(path.join(dir, file), 'utf8');

describe('switching i18n.defaultLocale', () => {
  it('sets the new default locale’s translations aside, keeps them there, and brings them back', async () => {
    const dir = await tempDir('default-locale');
    writeFiles(dir, project());
    await generated(dir);
    writeFileSync(path.join(dir, I18N, 'de.json'), `${JSON.stringify(GERMAN, null, 2)}\n`);
    await generated(dir);
    const translated = read(dir, `${I18N}/de.json`);

    writeFiles(dir, project('de'));
    const run = await generated(dir);
    expect(run.stdout).toContain(
      `set aside the translations in ${I18N}/de.json in ${I18N}/removed/de.json: ` +
        `${I18N}/de.json is the default locale's file now and holds the catalog's copy.\n`,
    );
    // The default locale's file holds the catalog's copy; the translations are beside it.
    expect(JSON.parse(read(dir, `${I18N}/de.json`)).agent.tools.Read.label).toBe('Read');
    expect(JSON.parse(read(dir, `${I18N}/removed/de.json`))).toEqual({
      'agent.tools.Grep.description': 'Durchsucht Dateien',
      'agent.tools.Grep.label': 'Suchen',
      'agent.tools.Read.description': 'Liest eine Datei',
      'agent.tools.Read.label': 'Lesen',
      'agent.tools.categories.file.label': 'Datei',
    });

    // Later runs keep them aside, and the output is up to date.
    const aside = read(dir, `${I18N}/removed/de.json`);
    await generated(dir);
    expect(read(dir, `${I18N}/removed/de.json`)).toBe(aside);
    await generated(dir, ['--check']);

    // Switched back, the translations return byte for byte, and nothing is left aside.
    writeFiles(dir, project());
    const back = await generated(dir);
    expect(back.stdout).toContain(
      `moved the translations in ${I18N}/removed/de.json to ${I18N}/de.json.\n`,
    );
    expect(read(dir, `${I18N}/de.json`)).toBe(translated);
    expect(existsSync(path.join(dir, I18N, 'removed/de.json'))).toBe(false);
  });

  it('sets nothing aside when the catalog’s copy is edited', async () => {
    const dir = await tempDir('default-locale-copy');
    writeFiles(dir, project());
    await generated(dir);
    writeFiles(dir, {
      'catalog/tools.catalog.ts': TOOLS.replace("'Reads a file'", "'Reads one file'"),
    });
    const run = await generated(dir);
    expect(run.stdout).not.toContain('set aside');
    expect(JSON.parse(read(dir, `${I18N}/en.json`)).agent.tools.Read.description).toBe(
      'Reads one file',
    );
    expect(existsSync(path.join(dir, I18N, 'removed'))).toBe(false);
  });

  it('sets nothing aside after a run killed between two locale files', async () => {
    // Untranslated keys fall back to the copy, so the other locale's file agrees with the copy.
    const dir = await tempDir('default-locale-killed');
    writeFiles(dir, project(undefined, 'fallback'));
    await generated(dir);
    const lagging = read(dir, `${I18N}/de.json`);
    const edited = TOOLS.replace("'Reads a file'", "'Reads one file'");
    writeFiles(dir, { 'catalog/tools.catalog.ts': edited });
    await generated(dir);
    // Killed after en.json took the edit, before de.json did; then the edit is undone.
    writeFileSync(path.join(dir, I18N, 'de.json'), lagging);
    writeFiles(dir, { 'catalog/tools.catalog.ts': TOOLS });
    const run = await generated(dir);
    expect(run.stdout).not.toContain('set aside');
    expect(existsSync(path.join(dir, I18N, 'removed'))).toBe(false);
    expect(read(dir, `${I18N}/de.json`)).toBe(lagging);
  });
});
