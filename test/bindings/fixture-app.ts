// Test helpers for the bindings-app fixture: a fresh copy per test inside the repository (so
// `react`, the SDK and `agent-tool-catalog` resolve from its node_modules), the CLI, and real tsc runs.
import { spawn } from 'node:child_process';
import { cp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runCli } from '../../plugin/cli/main';
import { loadCatalog } from '../../plugin/load/load-catalog';
import { loadConfig } from '../../plugin/load/load-config';
import { buildModel } from '../../plugin/model/build-model';
import type { CatalogModel } from '../../plugin/model/catalog-model';

export const REPO = fileURLToPath(new URL('../..', import.meta.url));
const FIXTURE = path.join(REPO, 'test/fixtures/bindings-app');

export const COMPILERS = {
  'TypeScript 7': path.join(REPO, 'node_modules/typescript/bin/tsc'),
  'TypeScript 6': path.join(REPO, 'node_modules/typescript-6/bin/tsc'),
  'TypeScript 5.9': path.join(REPO, 'node_modules/typescript-5.9/bin/tsc'),
} as const;
export type CompilerName = keyof typeof COMPILERS;

export interface FixtureApp {
  readonly dir: string;
  file(relative: string): string;
  read(relative: string): Promise<string>;
  write(relative: string, content: string): Promise<void>;
  /** Replaces `from` (which must occur exactly once) in a file. */
  edit(relative: string, from: string, to: string): Promise<void>;
  cli(...argv: string[]): Promise<{ code: number; stdout: string; stderr: string }>;
  tsc(compiler: CompilerName): Promise<{ code: number; output: string }>;
  model(): Promise<CatalogModel>;
  remove(): Promise<void>;
}

export async function copyFixtureApp(name: string): Promise<FixtureApp> {
  const dir = path.join(REPO, 'test/.artifacts', `${name}-${process.pid}-${Math.random().toString(36).slice(2, 8)}`);
  await mkdir(path.dirname(dir), { recursive: true });
  await cp(FIXTURE, dir, { recursive: true });
  const file = (relative: string) => path.join(dir, relative);
  const app: FixtureApp = {
    dir,
    file,
    read: (relative) => readFile(file(relative), 'utf8'),
    write: async (relative, content) => {
      await mkdir(path.dirname(file(relative)), { recursive: true });
      await writeFile(file(relative), content);
    },
    async edit(relative, from, to) {
      const text = await app.read(relative);
      if (text.split(from).length !== 2) throw new Error(`expected exactly one ${JSON.stringify(from)} in ${relative}`);
      await app.write(relative, text.replace(from, () => to));
    },
    async cli(...argv) {
      let stdout = '';
      let stderr = '';
      const code = await runCli(argv, { cwd: dir, stdout: (t) => (stdout += t), stderr: (t) => (stderr += t) });
      return { code, stdout, stderr };
    },
    tsc: (compiler) =>
      new Promise((resolve, reject) => {
        const child = spawn(process.execPath, [COMPILERS[compiler], '-p', file('tsconfig.json'), '--noEmit', '--pretty', 'false'], { cwd: dir });
        let output = '';
        child.stdout.on('data', (d) => (output += d));
        child.stderr.on('data', (d) => (output += d));
        child.on('error', reject);
        child.on('close', (code) => resolve({ code: code ?? 1, output }));
      }),
    async model() {
      const config = (await loadConfig({ cwd: dir })).catalogs[0]!;
      return buildModel(await loadCatalog(config));
    },
    remove: () => rm(dir, { recursive: true, force: true }),
  };
  return app;
}
