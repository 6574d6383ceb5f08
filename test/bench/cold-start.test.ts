// The cold `generate` process loads only what generating needs: no ts-morph or TypeScript (the
// error path and other commands load them), no Handlebars compiler (templates are precompiled).
// These are the regressions that cost seconds per run; the bench measures the rest. Loading the Vite
// plugin leaves out the Node built-ins it does not need.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeSyntheticCatalog } from '../../bench/synthetic-catalog.mjs';
import { precompiledTemplatesSource } from '../../plugin/render/template-compiler';
import { readTemplateSources } from '../../plugin/render/templates';
import { BIN, REPO } from '../support/paths';
const temp = mkdtempSync(path.join(os.tmpdir(), 'tool-catalog-cold-start-'));
const preload = path.join(temp, 'list-modules.mjs');
afterAll(() => rmSync(temp, { recursive: true, force: true }));

/** Runs the real binary with a preload that prints every CommonJS module the process loaded. */
function loadedModules(args: string[], cwd: string): { modules: string[]; stdout: string } {
  const out = execFileSync(process.execPath, ['--import', preload, BIN, ...args], {
    cwd,
    encoding: 'utf8',
  });
  const [stdout, list = ''] = out.split('\n@@modules@@\n');
  return { modules: list.split('\n').filter(Boolean), stdout: stdout! };
}

const packagesOf = (modules: string[]) =>
  [
    ...new Set(
      modules
        .map((m) => /node_modules[\\/]((?:@[^\\/]+[\\/])?[^\\/]+)/.exec(m)?.[1])
        .filter(Boolean),
    ),
  ].sort();

describe('cold generate', () => {
  let catalogDir: string;
  beforeAll(() => {
    writeFileSync(
      preload,
      [
        "import { createRequire } from 'node:module';",
        'const cache = createRequire(import.meta.url).cache;',
        // biome-ignore lint/suspicious/noTemplateCurlyInString: the preload's own source, a template literal.
        "process.on('exit', () => process.stdout.write(`\\n@@modules@@\\n${Object.keys(cache).join('\\n')}\\n`));",
      ].join('\n'),
    );
    catalogDir = writeSyntheticCatalog(path.join(temp, 'catalog'), 120).dir;
  });

  it('is run from a build whose precompiled templates match templates/ (run `npm run build` otherwise)', () => {
    const built = path.join(REPO, 'dist/templates.precompiled.cjs');
    expect(existsSync(built)).toBe(true);
    expect(readFileSync(built, 'utf8')).toBe(precompiledTemplatesSource(readTemplateSources()));
  });

  it('writes the catalog without loading ts-morph, TypeScript or the Handlebars compiler', () => {
    const { modules, stdout } = loadedModules(['generate'], catalogDir);
    expect(stdout).toMatch(/bench: wrote \d+ files/);
    expect(existsSync(path.join(catalogDir, 'generated/bench/registry.ts'))).toBe(true);
    const packages = packagesOf(modules);
    // The preload sees real loads: rolldown compiles the catalog (its native binding is the CommonJS
    // part), the Handlebars runtime renders it.
    expect(packages.filter((p) => p!.startsWith('@rolldown/'))).toEqual([
      expect.stringMatching(/^@rolldown\/binding-/),
    ]);
    expect(packages).not.toContain('esbuild');
    expect(packages).toContain('handlebars');
    expect(packages).not.toContain('ts-morph');
    expect(packages).not.toContain('@ts-morph/common');
    expect(packages).not.toContain('typescript');
    expect(
      modules.filter((m) => /handlebars[\\/]dist[\\/]cjs[\\/]handlebars[\\/]compiler[\\/]/.test(m)),
    ).toEqual([]);
  });

  it('loads the same little for a no-op --check run', () => {
    const { modules } = loadedModules(['generate', '--check'], catalogDir);
    expect(packagesOf(modules).filter((p) => /ts-morph|typescript/.test(p!))).toEqual([]);
  });
});

describe('loading the Vite plugin', () => {
  it('loads no Node built-in its start-up does not need: not node:crypto', () => {
    // A bundler loads the plugin on every start; node:crypto alone costs about 9 ms of it.
    const vite = JSON.stringify(path.join(REPO, 'dist/vite.js'));
    const loaded = execFileSync(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `await import(${vite}); console.log(JSON.stringify(process.moduleLoadList));`,
      ],
      { encoding: 'utf8' },
    );
    const builtIns = (JSON.parse(loaded) as string[]).filter((m) => m.startsWith('NativeModule '));
    expect(builtIns.length).toBeGreaterThan(0);
    expect(builtIns.filter((m) => /crypto/.test(m))).toEqual([]);
  });
});
