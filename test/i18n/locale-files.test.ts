// The locale files on the fixture app through the real CLI: default locale from the catalog,
// translations kept byte for byte, keys of removed tools dropped, missing translations per policy
// (error fails `generate --check` naming locale, key and file:line:col), flat layout, broken files.
import { afterEach, describe, expect, it } from 'vitest';
import { copyFixtureApp, type FixtureApp } from '../bindings/fixture-app';

const I18N_CONFIG = "i18n: { locales: ['en', 'zh-CN', 'zh-TW'], outDir: 'locales' }";
const withI18n = (app: FixtureApp, extra: string) =>
  app.edit('tool-catalog.config.ts', I18N_CONFIG, I18N_CONFIG.replace(' }', `, ${extra} }`));
const NOTES_LABEL_ZH_TW = '        "label": "筆記",\n';

let app: FixtureApp | undefined;
afterEach(async () => {
  await app?.remove();
  app = undefined;
});

async function fresh(): Promise<FixtureApp> {
  app = await copyFixtureApp('i18n');
  return app;
}

describe('locale files', () => {
  it('fills the default locale from the catalog, nested for i18next, and keeps every translation byte for byte', async () => {
    const a = await fresh();
    const zhCn = await a.read('locales/zh-CN.json');
    expect((await a.cli('generate')).code).toBe(0);
    expect(JSON.parse(await a.read('locales/en.json'))).toEqual({
      agent: {
        tools: {
          Bash: { label: 'Bash', description: 'Runs shell commands' },
          WebSearch: { label: 'Web search', description: 'Searches the web' },
          Notes: { label: 'Notes', description: "Reads and writes the user's notes" },
          categories: { shell: { label: 'Shell' }, context: { label: 'Context' } },
        },
      },
    });
    expect(await a.read('locales/zh-CN.json')).toBe(zhCn);

    // A translator's edit survives regeneration, also when the catalog's English copy changes.
    const edited = zhCn.replace(
      '"description": "运行 shell 命令"',
      '"description": "在工作区中运行 shell 命令（已校对）"',
    );
    await a.write('locales/zh-CN.json', edited);
    await a.edit(
      'catalog/tools.catalog.ts',
      "description: 'Runs shell commands'",
      "description: 'Runs shell commands in the workspace'",
    );
    expect((await a.cli('generate')).code).toBe(0);
    expect(await a.read('locales/zh-CN.json')).toBe(edited);
    expect(JSON.parse(await a.read('locales/en.json')).agent.tools.Bash.description).toBe(
      'Runs shell commands in the workspace',
    );
    expect((await a.cli('generate', '--check')).code).toBe(0);
  });

  it('removes the keys of a removed tool from every locale and adds a new tool to the default one', async () => {
    const a = await fresh();
    await a.edit('catalog/tools.catalog.ts', '  Notes: {', '  Memo: {');
    await withI18n(a, "missing: 'warn'");
    const result = await a.cli('generate');
    expect(result.code, result.stderr).toBe(0);
    for (const locale of ['en', 'zh-CN', 'zh-TW'])
      expect(JSON.parse(await a.read(`locales/${locale}.json`)).agent.tools).not.toHaveProperty(
        'Notes',
      );
    expect(JSON.parse(await a.read('locales/en.json')).agent.tools.Memo.label).toBe('Notes');
    expect(JSON.parse(await a.read('locales/zh-CN.json')).agent.tools.Memo).toBeUndefined();
    expect(result.stderr).toContain(
      "warning TC200: Locale 'zh-CN' has no translation for 'agent.tools.Memo.label'",
    );
  });

  it('fails generate --check on a missing zh-TW translation, naming locale, key and where', async () => {
    const a = await fresh();
    expect((await a.cli('generate')).code).toBe(0);
    await a.edit('locales/zh-TW.json', NOTES_LABEL_ZH_TW, '');
    const before = await a.read('locales/zh-TW.json');

    const check = await a.cli('generate', '--check');
    expect(check.code).toBe(1);
    expect(check.stderr).toContain(
      `locales/zh-TW.json:12:7: error TC200: Locale 'zh-TW' has no translation for 'agent.tools.Notes.label' (en: "Notes")`,
    );
    expect(check.stderr).not.toContain("'zh-CN'");
    const json = JSON.parse((await a.cli('generate', '--check', '--json')).stdout);
    expect(json.ok).toBe(false);
    expect(json.diagnostics).toEqual([
      expect.objectContaining({
        code: 'TC200',
        severity: 'error',
        position: { file: 'locales/zh-TW.json', line: 12, column: 7 },
      }),
    ]);

    // Plain generate reports the same and fails, but a missing translation is no catalog error:
    // it still writes what is right (here: nothing changed, so the file is left as it is).
    expect((await a.cli('generate')).code).toBe(1);
    expect(await a.read('locales/zh-TW.json')).toBe(before);
  });

  it('writes a new tool into the default locale even while its translations are missing, and fails until they exist', async () => {
    const a = await fresh();
    await a.edit('catalog/tools.catalog.ts', '  Notes: {', '  Memo: {');
    const result = await a.cli('generate');
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(
      "error TC200: Locale 'zh-TW' has no translation for 'agent.tools.Memo.label'",
    );
    expect(JSON.parse(await a.read('locales/en.json')).agent.tools.Memo.label).toBe('Notes');
    expect(await a.read('generated/app/registry.ts')).toContain("'Memo'");
    expect((await a.cli('generate', '--check')).code).toBe(1);
  });

  it("passes the check with a warning under missing: 'warn'", async () => {
    const a = await fresh();
    await a.edit('locales/zh-TW.json', NOTES_LABEL_ZH_TW, '');
    await withI18n(a, "missing: 'warn'");
    expect((await a.cli('generate')).code).toBe(0);
    const check = await a.cli('generate', '--check');
    expect(check.code).toBe(0);
    expect(check.stderr).toContain(
      "warning TC200: Locale 'zh-TW' has no translation for 'agent.tools.Notes.label'",
    );
    expect(JSON.parse(await a.read('locales/zh-TW.json')).agent.tools.Notes).toEqual({
      description: '讀取和寫入使用者的筆記',
    });
  });

  it("writes the default locale's copy for a missing translation under missing: 'fallback'", async () => {
    const a = await fresh();
    await a.edit('locales/zh-TW.json', NOTES_LABEL_ZH_TW, '');
    await withI18n(a, "missing: 'fallback'");
    const result = await a.cli('generate');
    expect(result.code).toBe(0);
    expect(result.stderr).toBe('');
    expect(JSON.parse(await a.read('locales/zh-TW.json')).agent.tools.Notes.label).toBe('Notes');
  });

  it('writes flat dotted keys with layout: flat, keeping the translations of a nested file', async () => {
    const a = await fresh();
    await withI18n(a, "layout: 'flat'");
    expect((await a.cli('generate')).code).toBe(0);
    const zhTw = JSON.parse(await a.read('locales/zh-TW.json'));
    expect(Object.keys(zhTw)).toEqual([
      'agent.tools.Bash.label',
      'agent.tools.Bash.description',
      'agent.tools.WebSearch.label',
      'agent.tools.WebSearch.description',
      'agent.tools.Notes.label',
      'agent.tools.Notes.description',
      'agent.tools.categories.shell.label',
      'agent.tools.categories.context.label',
    ]);
    expect(zhTw['agent.tools.Notes.label']).toBe('筆記');
  });

  it('refuses to overwrite a locale file that is not valid JSON', async () => {
    const a = await fresh();
    const broken = (await a.read('locales/zh-CN.json')).replace('"Bash",', '"Bash"');
    await a.write('locales/zh-CN.json', broken);
    const result = await a.cli('generate');
    expect(result.code).toBe(1);
    // Located where the parse fails: the line after the missing comma.
    expect(result.stderr).toContain(
      'locales/zh-CN.json:6:9: error TC201: zh-CN.json is not valid JSON',
    );
    expect(await a.read('locales/zh-CN.json')).toBe(broken);
  });

  it('reports an i18n key that a nested file cannot hold at the catalog declaration', async () => {
    const a = await fresh();
    await a.edit(
      'catalog/tools.catalog.ts',
      "icon: 'notebook',",
      "icon: 'notebook', labelKey: 'agent.tools.Bash',",
    );
    const result = await a.cli('generate');
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(
      /catalog\/tools\.catalog\.ts:\d+:\d+: error TC171: The i18n key 'agent\.tools\.Bash\.label' of tool 'Bash' lies under 'agent\.tools\.Bash', the labelKey of tool 'Notes'/,
    );
  });
});
