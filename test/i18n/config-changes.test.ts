// A translator's file survives every change of the config that stops `generate` writing it — a
// locale dropped from `locales`, the locale folder moved by `i18n.outDir` (out of the output folder,
// into it, renamed), the output folder moved with the locale folder in it — whatever it held: its
// translations are carried into the new locale file or set aside (the output says where), a change
// undone brings them back byte for byte, and only `--prune` drops them. A file that does not parse
// is never replaced or removed.
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { json, runCli } from '../support/cli';
import { removeTempDirs, tempDir, writeFiles } from '../support/files';

afterAll(removeTempDirs);

interface Settings {
  readonly locales: readonly string[];
  readonly outDir?: string;
  readonly i18nOutDir?: string;
}

function project(s: Settings): Record<string, string> {
  const i18n = [
    `locales: ${JSON.stringify(s.locales)}`,
    "missing: 'warn'",
    ...(s.i18nOutDir ? [`outDir: '${s.i18nOutDir}'`] : []),
  ].join(', ');
  const outDir = s.outDir ? `, outDir: '${s.outDir}'` : '';
  return {
    'tool-catalog.config.ts': `import { defineConfig } from 'agent-tool-catalog';\nexport default defineConfig({ catalogs: { demo: { include: ['catalog/*.catalog.ts']${outDir}, i18n: { ${i18n} } } } });\n`,
    'catalog/vocab.catalog.ts':
      "import { defineCatalog } from 'agent-tool-catalog';\nexport const demo = defineCatalog({ categories: ['file'] });\n",
    'catalog/tools.catalog.ts':
      "import { demo } from './vocab.catalog';\nexport default demo.tools({\n  Read: { kind: 'sdk', category: 'file', label: 'Read', description: 'Reads a file' },\n  Grep: { kind: 'sdk', category: 'file', label: 'Grep', description: 'Searches files' },\n});\n",
  };
}

const localeDir = (s: Settings) => s.i18nOutDir ?? `${s.outDir ?? 'generated/demo'}/i18n`;

const BEFORE: Settings = { locales: ['en', 'zh-CN', 'zh-TW'] };

/** Each change of the config that stops generate writing zh-TW.json where it wrote it. */
const CHANGES: Record<string, Settings> = {
  'zh-TW dropped from locales': { locales: ['en', 'zh-CN'] },
  'the locale folder moved out of the output folder': { ...BEFORE, i18nOutDir: 'src/locales' },
  'the locale folder renamed inside the output folder': {
    ...BEFORE,
    i18nOutDir: 'generated/demo/messages',
  },
  'the output folder moved, the locale folder in it': { ...BEFORE, outDir: 'src/generated' },
};

/** What zh-TW.json holds before the change. */
const HOLDINGS: Record<string, { text: string; translations: string[] }> = {
  'translations of every tool': {
    text: `${JSON.stringify(
      {
        agent: {
          tools: {
            Read: { label: '讀取', description: '讀取檔案' },
            Grep: { label: '搜尋', description: '搜尋檔案' },
            categories: { file: { label: '檔案' } },
          },
        },
      },
      null,
      2,
    )}\n`,
    translations: ['讀取', '讀取檔案', '搜尋', '搜尋檔案', '檔案'],
  },
  'one translation, and a key no longer in the catalog': {
    text: '{ "agent": { "tools": { "Read": { "label": "讀取" }, "Gone": { "label": "已刪除" } } } }\n',
    translations: ['讀取', '已刪除'],
  },
};

/** Every text value in every JSON file under `dir`. */
function textsIn(dir: string): string[] {
  const texts: string[] = [];
  const collect = (value: unknown): void => {
    if (typeof value === 'string') texts.push(value);
    else if (value && typeof value === 'object') Object.values(value).forEach(collect);
  };
  for (const entry of readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
    const file = path.join(dir, entry);
    if (entry.endsWith('.json') && statSync(file).isFile())
      collect(JSON.parse(readFileSync(file, 'utf8')));
  }
  return texts;
}

async function generated(dir: string, args: string[] = []) {
  const run = await runCli(['generate', ...args], dir);
  expect(run.code, `${run.stdout}\n${run.stderr}`).toBe(0);
  return run;
}

describe('a change of the config that stops generate writing a locale file', () => {
  for (const [change, after] of Object.entries(CHANGES))
    describe(change, () => {
      it.each(Object.keys(HOLDINGS))(
        'holding %s: nothing is lost, the output says where it went, and undoing the change brings it back',
        async (holding) => {
          const { text, translations } = HOLDINGS[holding]!;
          const dir = await tempDir('locale-change');
          writeFiles(dir, project(BEFORE));
          await generated(dir, ['--json']);
          const file = path.join(dir, localeDir(BEFORE), 'zh-TW.json');
          writeFileSync(file, text);
          await generated(dir);
          const translated = readFileSync(file, 'utf8');

          writeFiles(dir, project(after));
          const run = await generated(dir);
          for (const t of translations) expect(textsIn(dir), t).toContain(t);
          const rel = path.relative(dir, file).replaceAll('.', '\\.');
          const moved = new RegExp(
            `(?:moved|copied) the translations in (${rel}) to (\\S+?)(?: and (\\S+?))?[.;]\n`,
          ).exec(run.stdout);
          if (existsSync(file)) expect(readFileSync(file, 'utf8')).toBe(translated);
          else {
            expect(moved?.[1]).toBe(path.relative(dir, file));
            const into = [moved![2]!, moved![3]].filter((f) => f !== undefined);
            const there = into.flatMap((f) => textsIn(path.dirname(path.join(dir, f))));
            for (const t of translations) expect(there, t).toContain(t);
          }
          const check = await runCli(['generate', '--check', '--json'], dir);
          expect([...json(check).changed, ...json(check).orphaned]).toEqual([]);

          writeFiles(dir, project(BEFORE));
          await generated(dir);
          expect(readFileSync(file, 'utf8')).toBe(translated);
        },
        60_000,
      );

      it('holding what does not parse: it is neither replaced nor removed, and is reported', async () => {
        const dir = await tempDir('locale-change-broken');
        writeFiles(dir, project(BEFORE));
        await generated(dir);
        const file = path.join(dir, localeDir(BEFORE), 'zh-TW.json');
        const broken = '{ "agent": { "tools": { "Read": { "label": "讀取",, } } } }\n';
        writeFileSync(file, broken);
        writeFiles(dir, project(after));
        const run = await runCli(['generate', '--json'], dir);
        expect(readFileSync(file, 'utf8')).toBe(broken);
        if (run.code !== 0)
          expect(json(run).diagnostics.map((d: { code: string }) => d.code)).toContain('TC201');
        await runCli(['generate', '--prune'], dir);
        expect(readFileSync(file, 'utf8')).toBe(broken);
      }, 60_000);
    });

  it('with --prune, the translations of a dropped locale go', async () => {
    const dir = await tempDir('locale-prune');
    writeFiles(dir, project(BEFORE));
    await generated(dir);
    const file = path.join(dir, 'generated/demo/i18n/zh-TW.json');
    writeFileSync(file, HOLDINGS['translations of every tool']!.text);
    writeFiles(dir, project(CHANGES['zh-TW dropped from locales']!));
    await generated(dir);
    expect(existsSync(path.join(dir, 'generated/demo/i18n/removed/zh-TW.json'))).toBe(true);
    await generated(dir, ['--prune']);
    expect(textsIn(dir)).not.toContain('讀取檔案');
    expect(existsSync(file)).toBe(false);
  }, 60_000);

  it('fallback copies of the default text are no translations: they are not kept', async () => {
    const dir = await tempDir('locale-fallback');
    const fallback = (s: Settings) => {
      const files = project(s);
      files['tool-catalog.config.ts'] = files['tool-catalog.config.ts']!.replace(
        "missing: 'warn'",
        "missing: 'fallback'",
      );
      return files;
    };
    writeFiles(dir, fallback(BEFORE));
    await generated(dir);
    writeFiles(dir, fallback(CHANGES['zh-TW dropped from locales']!));
    await generated(dir);
    expect(existsSync(path.join(dir, 'generated/demo/i18n/zh-TW.json'))).toBe(false);
    expect(existsSync(path.join(dir, 'generated/demo/i18n/removed/zh-TW.json'))).toBe(false);
  }, 60_000);
});
