// Nothing a translator wrote is removed by a regeneration: the translations of a tool that leaves the
// catalog move to `removed/<locale>.json` beside the locale files, come back when the tool returns
// (the locale files byte for byte as before), and go only with `generate --prune`.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { json, runCli } from '../support/cli';
import { fingerprint, removeTempDirs, tempDir, writeFiles } from '../support/files';

afterAll(removeTempDirs);

const TOOLS = {
  Read: "{ kind: 'sdk', category: 'file', label: 'Read', description: 'Reads a file' }",
  Grep: "{ kind: 'sdk', category: 'file', label: 'Grep', description: 'Searches files' }",
};

function project(tools: Record<string, string>, missing = 'warn'): Record<string, string> {
  return {
    'tool-catalog.config.ts': `import { defineConfig } from 'agent-tool-catalog';\nexport default defineConfig({ catalogs: { demo: { include: ['catalog/*.catalog.ts'], i18n: { locales: ['en', 'zh-CN', 'zh-TW'], missing: '${missing}' } } } });\n`,
    'catalog/vocab.catalog.ts':
      "import { defineCatalog } from 'agent-tool-catalog';\nexport const demo = defineCatalog({ categories: ['file'] });\n",
    'catalog/tools.catalog.ts': `import { demo } from './vocab.catalog';\nexport default demo.tools({\n${Object.entries(
      tools,
    )
      .map(([k, v]) => `  ${k}: ${v},`)
      .join('\n')}\n});\n`,
  };
}

const TRANSLATIONS: Record<string, Record<string, [string, string]>> = {
  'zh-CN': { Read: ['读取', '读取文件'], Grep: ['搜索', '搜索文件'] },
  'zh-TW': { Read: ['讀取', '讀取檔案'], Grep: ['搜尋', '搜尋檔案'] },
};

/** A project generated once, with every tool translated by hand into both Chinese locales. */
async function translatedProject(missing = 'warn') {
  const dir = await tempDir('set-aside');
  writeFiles(dir, project(TOOLS, missing));
  expect((await runCli(['generate'], dir)).code).toBe(0);
  for (const [locale, tools] of Object.entries(TRANSLATIONS)) {
    const tree = { agent: { tools: {} as Record<string, { label: string; description: string }> } };
    for (const [tool, [label, description]] of Object.entries(tools))
      tree.agent.tools[tool] = { label, description };
    writeFileSync(
      path.join(dir, `generated/demo/i18n/${locale}.json`),
      `${JSON.stringify(tree, null, 2)}\n`,
    );
  }
  const generate = await runCli(['generate'], dir);
  expect(generate.code, generate.stderr).toBe(0);
  const locales = () =>
    Object.fromEntries(
      ['zh-CN', 'zh-TW'].map((l) => [
        l,
        readFileSync(path.join(dir, `generated/demo/i18n/${l}.json`), 'utf8'),
      ]),
    );
  return { dir, translated: locales(), locales };
}

const aside = (dir: string, locale: string) =>
  path.join(dir, `generated/demo/i18n/removed/${locale}.json`);

describe('translations of a tool that leaves the catalog', () => {
  it('are set aside, come back when the tool returns, and the locale files are as before', async () => {
    const { dir, translated, locales } = await translatedProject();
    writeFiles(dir, project({ Read: TOOLS.Read }));
    const removed = await runCli(['generate'], dir);
    expect(removed.code, removed.stderr).toBe(0);
    expect(removed.stdout).toContain('kept generated/demo/i18n/removed/zh-CN.json');
    expect(locales()['zh-CN']).not.toContain('搜索');
    expect(JSON.parse(readFileSync(aside(dir, 'zh-CN'), 'utf8'))).toEqual({
      'agent.tools.Grep.description': '搜索文件',
      'agent.tools.Grep.label': '搜索',
    });
    expect(JSON.parse(readFileSync(aside(dir, 'zh-TW'), 'utf8'))).toEqual({
      'agent.tools.Grep.description': '搜尋檔案',
      'agent.tools.Grep.label': '搜尋',
    });
    // The default locale's copy comes from the catalog: nothing of it is set aside.
    expect(existsSync(aside(dir, 'en'))).toBe(false);
    // Set aside, the project is up to date: the files are what generate writes.
    expect((await runCli(['generate', '--check'], dir)).code).toBe(0);

    writeFiles(dir, project(TOOLS));
    const back = await runCli(['generate', '--json'], dir);
    expect(back.code, back.stderr).toBe(0);
    expect(json(back).orphaned.sort()).toEqual([
      'generated/demo/i18n/removed/zh-CN.json',
      'generated/demo/i18n/removed/zh-TW.json',
    ]);
    expect(locales()).toEqual(translated);
    expect(existsSync(aside(dir, 'zh-CN'))).toBe(false);
  });

  it('stay set aside through any number of runs, and a renamed key keeps the old one aside', async () => {
    const { dir } = await translatedProject();
    writeFiles(dir, project({ Read: TOOLS.Read, Search: TOOLS.Grep }));
    expect((await runCli(['generate'], dir)).code).toBe(0);
    const first = readFileSync(aside(dir, 'zh-CN'), 'utf8');
    const again = await runCli(['generate', '--json'], dir);
    expect(json(again).changed).toEqual([]);
    expect(readFileSync(aside(dir, 'zh-CN'), 'utf8')).toBe(first);
    expect(first).toContain('agent.tools.Grep.label');
  });

  it('go only with generate --prune', async () => {
    const { dir } = await translatedProject();
    writeFiles(dir, project({ Read: TOOLS.Read }));
    expect((await runCli(['generate'], dir)).code).toBe(0);
    const check = await runCli(['generate', '--check', '--prune', '--json'], dir);
    expect(check.code).toBe(1);
    expect(json(check).orphaned).toContain('generated/demo/i18n/removed/zh-CN.json');
    expect(existsSync(aside(dir, 'zh-CN'))).toBe(true);
    const pruned = await runCli(['generate', '--prune'], dir);
    expect(pruned.code).toBe(0);
    expect(existsSync(aside(dir, 'zh-CN'))).toBe(false);
    writeFiles(dir, project(TOOLS));
    expect((await runCli(['generate'], dir)).code).toBe(0);
    expect(readFileSync(path.join(dir, 'generated/demo/i18n/zh-CN.json'), 'utf8')).not.toContain(
      '搜索',
    );
  });

  it('are not confused with the copies `missing: fallback` writes, which are not set aside', async () => {
    const dir = await tempDir('set-aside-fallback');
    writeFiles(dir, project(TOOLS, 'fallback'));
    expect((await runCli(['generate'], dir)).code).toBe(0);
    writeFiles(dir, project({ Read: TOOLS.Read }, 'fallback'));
    expect((await runCli(['generate'], dir)).code).toBe(0);
    expect(existsSync(aside(dir, 'zh-CN'))).toBe(false);
  });

  it('a set-aside file that does not parse blocks every write and is never replaced', async () => {
    const { dir } = await translatedProject();
    writeFiles(dir, project({ Read: TOOLS.Read }));
    expect((await runCli(['generate'], dir)).code).toBe(0);
    writeFileSync(aside(dir, 'zh-CN'), '{ "agent.tools.Grep.label": "搜索",, }\n');
    writeFiles(dir, project(TOOLS));
    const before = await fingerprint(dir);
    const run = await runCli(['generate', '--json'], dir);
    expect(run.code).toBe(1);
    const [error] = json(run).diagnostics;
    expect([error.code, error.position.file]).toEqual([
      'TC201',
      'generated/demo/i18n/removed/zh-CN.json',
    ]);
    expect(await fingerprint(dir)).toEqual(before);
  });
});
