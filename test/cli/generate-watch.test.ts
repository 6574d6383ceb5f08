// `generate --watch` for apps without a bundler: it regenerates after an edit, a new catalog file, a
// broken file (reported, then recovered from) and a translator's edit, and stops cleanly.
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli as runCommandLine } from '../../plugin/cli/main';
import { globBase } from '../../plugin/cli/watch-generate';
import { removeTempDirs, tempDir, writeFiles } from '../support/files';
import { BIN } from '../support/paths';

afterAll(removeTempDirs);

const PROJECT = {
  'tool-catalog.config.ts':
    "import { defineConfig } from 'agent-tool-catalog';\nexport default defineConfig({ catalogs: { demo: { include: ['catalog/**/*.catalog.ts'], i18n: { locales: ['en', 'zh-CN'], missing: 'fallback' } } } });\n",
  'catalog/vocab.catalog.ts':
    "import { defineCatalog } from 'agent-tool-catalog';\nexport const demo = defineCatalog({ categories: ['file'] });\n",
  'catalog/tools.catalog.ts':
    "import { demo } from './vocab.catalog';\nexport default demo.tools({ Read: { kind: 'sdk', category: 'file', exposure: 'user', label: 'Read' } });\n",
};

/** Resolves once `read()` matches `pattern` (polling the output the command has printed so far). */
async function until(
  read: () => string,
  pattern: RegExp,
  what: string,
  log: () => string = () => '',
): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (!pattern.test(read())) {
    if (Date.now() > deadline)
      throw new Error(`timed out waiting for ${what}; output so far:\n${read()}\n${log()}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe('generate --watch', () => {
  it('regenerates on an edit, a new file, a broken and fixed file and a translation, then stops', async () => {
    const dir = await tempDir('watch');
    writeFiles(dir, PROJECT);
    let stdout = '';
    let stderr = '';
    const stop = new AbortController();
    const running = runCommandLine(['generate', '--watch'], {
      cwd: dir,
      stdout: (t) => (stdout += t),
      stderr: (t) => (stderr += t),
      signal: stop.signal,
    });
    const out = () => stdout;
    await until(out, /Watching \d+ paths/, 'the first run');
    expect(stdout).toMatch(/^demo: wrote .*registry\.ts/m);
    const en = path.join(dir, 'generated/demo/i18n/en.json');

    // An edit of a label: only what changed is written.
    writeFileSync(
      path.join(dir, 'catalog/tools.catalog.ts'),
      PROJECT['catalog/tools.catalog.ts'].replace("label: 'Read'", "label: 'Read a file'"),
    );
    await until(
      out,
      /demo: wrote generated\/demo\/i18n\/en\.json(, generated\/demo\/i18n\/zh-CN\.json)? \(/,
      'the edit',
    );
    expect(JSON.parse(readFileSync(en, 'utf8')).agent.tools.Read.label).toBe('Read a file');

    // A new file the include globs match.
    writeFileSync(
      path.join(dir, 'catalog/more/web.catalog.ts'.replace('/more', '')),
      "import { demo } from './vocab.catalog';\nexport default demo.tools({ WebFetch: { kind: 'sdk', category: 'file' } });\n",
    );
    await until(
      () => readFileSync(path.join(dir, 'generated/demo/registry.ts'), 'utf8'),
      /WebFetch/,
      'the new file',
    );

    // A syntax error is reported where it is, nothing is written; the fix is picked up.
    writeFileSync(
      path.join(dir, 'catalog/web.catalog.ts'),
      "import { demo } from './vocab.catalog';\nexport default demo.tools({ WebFetch: { kind: 'sdk', category: 'file',, } });\n",
    );
    await until(
      () => stderr,
      /catalog\/web\.catalog\.ts:2:\d+: error TC100[\s\S]*watching for a fix/,
      'the syntax error',
    );
    writeFileSync(
      path.join(dir, 'catalog/web.catalog.ts'),
      "import { demo } from './vocab.catalog';\nexport default demo.tools({ WebFetch: { kind: 'sdk', category: 'file', label: 'Fetch' } });\n",
    );
    await until(
      () => readFileSync(en, 'utf8'),
      /"Fetch"/,
      'the fixed label',
      () => `stdout:\n${stdout}\nstderr:\n${stderr}`,
    );

    // A translator's edit of a locale file is kept.
    const zh = path.join(dir, 'generated/demo/i18n/zh-CN.json');
    const translated = readFileSync(zh, 'utf8').replace('"label": "Fetch"', '"label": "抓取"');
    writeFileSync(zh, translated);
    const runs = stdout.split('\n').length;
    await until(
      () => String(stdout.split('\n').length > runs),
      /true/,
      'a run after the translation',
    );
    expect(readFileSync(zh, 'utf8')).toBe(translated);

    stop.abort();
    expect(await running).toBe(0);
  }, 60_000);

  it('runs from the command line and exits 0 on Ctrl-C', async () => {
    const dir = await tempDir('watch-bin');
    writeFiles(dir, PROJECT);
    const child = spawn(process.execPath, [BIN, 'generate', '--watch'], {
      cwd: dir,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    child.stdout.on('data', (d) => (stdout += d));
    const exited = new Promise<number | null>((resolve) =>
      child.on('close', (code) => resolve(code)),
    );
    await until(() => stdout, /Watching \d+ paths/, 'the first run');
    child.kill('SIGINT');
    expect(await exited).toBe(0);
  }, 30_000);

  it('stops when asked, also when the catalog it names does not exist (nothing to be ready for)', async () => {
    const dir = await tempDir('watch-nope');
    writeFiles(dir, PROJECT);
    let stderr = '';
    const code = await runCommandLine(['generate', '--watch', '--catalog', 'nope'], {
      cwd: dir,
      stdout: () => {},
      stderr: (t) => (stderr += t),
      signal: AbortSignal.abort(),
    });
    expect(code).toBe(0);
    expect(stderr).toContain("The config has no catalog named 'nope'");
  });

  it('refuses --check and --json alongside', async () => {
    const dir = await tempDir('watch-usage');
    writeFiles(dir, PROJECT);
    let stderr = '';
    const code = await runCommandLine(['generate', '--watch', '--check'], {
      cwd: dir,
      stdout: () => {},
      stderr: (t) => (stderr += t),
    });
    expect(code).toBe(2);
    expect(stderr).toContain('cannot be combined with --check');
  });

  it('watches the folder each include glob starts in', () => {
    expect(globBase('/app', 'catalog/**/*.catalog.ts')).toBe('/app/catalog');
    expect(globBase('/app', 'src/agent/tools.catalog.ts')).toBe('/app/src/agent');
    expect(globBase('/app', '*.catalog.ts')).toBe('/app');
  });
});
