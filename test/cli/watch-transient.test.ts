// Watch mode takes a source that is briefly empty or missing for a save in progress, not for the
// deletion of everything it declared: through a two-step save, a delete-and-recreate, a `git stash`
// round trip (gaps of 60 ms) and a gap longer than the wait (where the translations are set aside
// and come back), every translation in zh-CN.json and zh-TW.json survives byte for byte. A binding
// file the session saw is never replaced by a skeleton, and outputs edited or deleted by hand are put back.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createGenerateSession } from '../../plugin/generate-session';
import { removeTempDirs, tempDir, writeFiles } from '../support/files';
import { until, watchCli } from '../support/watch-cli';

afterAll(removeTempDirs);

const B_TOOLS =
  "import { demo } from './vocab.catalog';\nexport default demo.tools({ Grep: { kind: 'sdk', category: 'file', label: 'Grep', description: 'Searches files' } });\n";

const PROJECT = {
  'tool-catalog.config.ts':
    "import { defineConfig } from 'agent-tool-catalog';\nexport default defineConfig({ catalogs: { demo: { include: ['catalog/*.catalog.ts'], i18n: { locales: ['en', 'zh-CN', 'zh-TW'], missing: 'warn' }, bindings: { file: 'src/toolBinding.ts' } } } });\n",
  'catalog/vocab.catalog.ts':
    "import { defineCatalog } from 'agent-tool-catalog';\nexport const demo = defineCatalog({ categories: ['file'] });\n",
  'catalog/a.catalog.ts':
    "import { demo } from './vocab.catalog';\nexport default demo.tools({ Read: { kind: 'sdk', category: 'file', label: 'Read', description: 'Reads a file' } });\n",
  'catalog/b.catalog.ts': B_TOOLS,
};

const TRANSLATED = {
  'zh-CN': {
    Read: { label: '读取', description: '读取文件' },
    Grep: { label: '搜索', description: '搜索文件' },
  },
  'zh-TW': {
    Read: { label: '讀取', description: '讀取檔案' },
    Grep: { label: '搜尋', description: '搜尋檔案' },
  },
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const git = (dir: string, ...args: string[]) =>
  execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', ...args], {
    cwd: dir,
    stdio: 'pipe',
  });

/** The translator's work: both tools translated by hand into both Chinese locales. */
function translate(dir: string): Record<string, string> {
  const texts: Record<string, string> = {};
  for (const [locale, tools] of Object.entries(TRANSLATED)) {
    texts[locale] = `${JSON.stringify({ agent: { tools } }, null, 2)}\n`;
    writeFileSync(path.join(dir, `generated/demo/i18n/${locale}.json`), texts[locale]!);
  }
  return texts;
}

const locales = (dir: string) =>
  Object.fromEntries(
    ['zh-CN', 'zh-TW'].map((l) => [
      l,
      readFileSync(path.join(dir, `generated/demo/i18n/${l}.json`), 'utf8'),
    ]),
  );
const setAside = (dir: string) => path.join(dir, 'generated/demo/i18n/removed/zh-CN.json');

describe('generate --watch and a source that is briefly empty or missing', () => {
  it('keeps every translation through a two-step save, a delete-and-recreate, a git stash round trip and a long gap', async () => {
    const dir = await tempDir('watch-transient');
    writeFiles(dir, PROJECT);
    const watch = watchCli(dir);
    const { log } = watch;
    const runs = () =>
      watch
        .stdout()
        .split('\n')
        .filter((l) => l.startsWith('demo: ')).length;
    try {
      await watch.started();
      const b = path.join(dir, 'catalog/b.catalog.ts');
      const translated = translate(dir);
      let seen = runs();
      await until(() => runs() > seen, 'the run after the translation', log);
      expect(locales(dir), log()).toEqual(translated);
      git(dir, 'init', '-q');
      git(dir, 'add', '-A', '--', '.', ':!catalog/b.catalog.ts');
      git(dir, 'commit', '-qm', 'all but b');

      const scenarios: Record<string, () => Promise<void>> = {
        'a two-step save': async () => {
          writeFileSync(b, '');
          await sleep(60);
          writeFileSync(b, B_TOOLS);
        },
        'a delete and recreate': async () => {
          unlinkSync(b);
          await sleep(60);
          writeFileSync(b, B_TOOLS);
        },
        'a git stash round trip': async () => {
          git(dir, 'stash', 'push', '-q', '-u', '--', 'catalog/b.catalog.ts');
          expect(existsSync(b)).toBe(false);
          await sleep(60);
          git(dir, 'stash', 'pop', '-q');
        },
      };
      // The session waits for the file (so usually nothing is written at all); a machine too busy to
      // recreate it in time gets the translations set aside and back. Either way none is lost.
      const settled = () =>
        !existsSync(setAside(dir)) && JSON.stringify(locales(dir)) === JSON.stringify(translated);
      for (const [name, scenario] of Object.entries(scenarios)) {
        seen = runs();
        await scenario();
        await until(() => runs() > seen && settled(), `the translations after ${name}`, log);
      }

      // Missing for longer than the session waits: a deletion. The translations are set aside, and come back.
      unlinkSync(b);
      await until(() => existsSync(setAside(dir)), 'the translations set aside', log);
      expect(readFileSync(setAside(dir), 'utf8')).toContain('搜索文件');
      writeFileSync(b, B_TOOLS);
      await until(() => !existsSync(setAside(dir)), 'the translations back', log);
      expect(locales(dir), log()).toEqual(translated);
    } finally {
      expect(await watch.stop()).toBe(0);
    }
  }, 240_000);

  it('reports a catalog that rejects a promise or loops, and keeps watching', async () => {
    const dir = await tempDir('watch-rejects');
    writeFiles(dir, PROJECT);
    const watch = watchCli(dir);
    const { log } = watch;
    try {
      await watch.started();
      const b = path.join(dir, 'catalog/b.catalog.ts');
      writeFileSync(b, `Promise.reject(new Error('rejected later'));\n${B_TOOLS}`);
      await until(
        () => /catalog\/b\.catalog\.ts:1:\d+: error TC101: .*rejected later/.test(watch.stderr()),
        'the rejection',
        log,
      );
      writeFileSync(b, `for (;;) {}\n${B_TOOLS}`);
      await until(
        () => /catalog\/b\.catalog\.ts:1:1: error TC103/.test(watch.stderr()),
        'the endless loop',
        log,
      );
      writeFileSync(b, B_TOOLS.replace("label: 'Grep'", "label: 'Search'"));
      const en = path.join(dir, 'generated/demo/i18n/en.json');
      await until(() => readFileSync(en, 'utf8').includes('"Search"'), 'the fix', log);
    } finally {
      expect(await watch.stop()).toBe(0);
    }
  }, 120_000);

  it('puts back an output edited or deleted by hand, with no other change', async () => {
    const dir = await tempDir('watch-outputs');
    writeFiles(dir, PROJECT);
    const watch = watchCli(dir);
    try {
      await watch.started();
      const registry = path.join(dir, 'generated/demo/registry.ts');
      const policy = path.join(dir, 'generated/demo/policy.md');
      const original = [readFileSync(registry, 'utf8'), readFileSync(policy, 'utf8')];
      writeFileSync(registry, `${original[0]}\n// edited by hand\n`);
      await until(
        () => readFileSync(registry, 'utf8') === original[0],
        'the edited output put back',
        watch.log,
      );
      rmSync(policy);
      await until(
        () => existsSync(policy) && readFileSync(policy, 'utf8') === original[1],
        'the deleted output put back',
      );
    } finally {
      expect(await watch.stop()).toBe(0);
    }
  }, 120_000);
});

describe('a generate session and a file that is briefly missing', () => {
  it('waits for it (nothing written), and once it is gone for longer, sets its translations aside until it returns', async () => {
    const dir = await tempDir('session-transient');
    writeFiles(dir, PROJECT);
    const b = path.join(dir, 'catalog/b.catalog.ts');
    // Waits as long as it takes here: the file is back after 100 ms, however busy the machine.
    const session = createGenerateSession({ cwd: dir, transientMs: 600_000 });
    const quick = createGenerateSession({ cwd: dir, transientMs: 0 });
    try {
      expect((await session.run()).ok).toBe(true);
      const translated = translate(dir);
      expect((await session.run()).report?.changed).toEqual([]);
      expect((await quick.run()).report?.changed).toEqual([]);

      unlinkSync(b);
      setTimeout(() => writeFileSync(b, B_TOOLS), 100);
      const waited = await session.run();
      expect(waited.report?.changed).toEqual([]);
      expect(locales(dir)).toEqual(translated);

      writeFileSync(b, '');
      const gone = await quick.run();
      expect(gone.ok).toBe(true);
      expect(existsSync(setAside(dir))).toBe(true);
      writeFileSync(b, B_TOOLS);
      const back = await quick.run();
      expect(back.report?.orphaned.map((f) => path.relative(dir, f)).sort()).toEqual([
        'generated/demo/i18n/removed/zh-CN.json',
        'generated/demo/i18n/removed/zh-TW.json',
      ]);
      expect(locales(dir)).toEqual(translated);
    } finally {
      await session.dispose();
      await quick.dispose();
    }
  }, 120_000);

  it('never replaces the app’s binding file with a skeleton while it is missing', async () => {
    const dir = await tempDir('session-bindings');
    writeFiles(dir, PROJECT);
    const session = createGenerateSession({ cwd: dir, transientMs: 0 });
    try {
      expect((await session.run()).ok).toBe(true);
      const bindings = path.join(dir, 'src/toolBinding.ts');
      expect(readFileSync(bindings, 'utf8')).toContain('satisfies DemoUiBindings');
      unlinkSync(bindings);
      const run = await session.run();
      expect(run.ok).toBe(true);
      expect(existsSync(bindings)).toBe(false);
    } finally {
      await session.dispose();
    }
  }, 60_000);
});
