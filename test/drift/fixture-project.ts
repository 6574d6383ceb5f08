// Copies the drift fixture project into test/.artifacts with one of the hand-written SDK type
// files as its `types/sdk-tools.d.ts`, and runs the real CLI in process against it.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runCli } from '../../plugin/cli/main';

export const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const fixtures = path.join(repoRoot, 'test/fixtures/sdk');

export type SdkShape = 'agree' | 'adds-tool' | 'removes-tool' | 'renames-tool' | 'nested-output';

/**
 * A fresh copy of the fixture project; `aliases` goes into the config's `sdk.aliases`; `sdkPackage`
 * installs the SDK-shaped fixture package (with name tables) and points `sdk.typesModule` at it.
 */
export function fixtureProject(name: string, shape: SdkShape, options: { aliases?: Record<string, string>; sdkPackage?: boolean } = {}): string {
  const dir = path.join(repoRoot, 'test/.artifacts/drift', name);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(path.join(dir, 'types'), { recursive: true });
  cpSync(path.join(fixtures, 'project'), dir, { recursive: true });
  cpSync(path.join(fixtures, 'types', `${shape}.d.ts`), path.join(dir, 'types/sdk-tools.d.ts'));
  if (options.sdkPackage) cpSync(path.join(fixtures, 'package'), path.join(dir, 'node_modules/fixture-agent-sdk'), { recursive: true });
  const typesModule = options.sdkPackage ? 'fixture-agent-sdk/sdk-tools' : './types/sdk-tools.d.ts';
  const aliases = options.aliases ? `, aliases: ${JSON.stringify(options.aliases)}` : '';
  editFile(dir, 'tool-catalog.config.ts', "sdk: { typesModule: './types/sdk-tools.d.ts' }", `sdk: { typesModule: '${typesModule}'${aliases} }`);
  return dir;
}

export async function cli(cwd: string, ...args: string[]) {
  let stdout = '';
  let stderr = '';
  const code = await runCli(args, { cwd, stdout: (t) => (stdout += t), stderr: (t) => (stderr += t) });
  return { code, stdout, stderr };
}

/** Replaces `from` (which must be there) with `to` in a file of the project. */
export function editFile(dir: string, file: string, from: string, to: string): void {
  const target = path.join(dir, file);
  const text = readFileSync(target, 'utf8');
  if (!text.includes(from)) throw new Error(`${file} does not contain ${from}`);
  writeFileSync(target, text.replace(from, to));
}

export const COMPILERS = {
  'TypeScript 7': path.join(repoRoot, 'node_modules/typescript/bin/tsc'),
  'TypeScript 6': path.join(repoRoot, 'node_modules/typescript-6/bin/tsc'),
} as const;

/** Runs a real `tsc --noEmit` over `include` (relative to `dir`), with the authoring API from source. */
export function runTsc(compiler: keyof typeof COMPILERS, dir: string, include: readonly string[]) {
  const config = {
    extends: path.relative(dir, path.join(repoRoot, 'tsconfig.base.json')),
    compilerOptions: { types: [], paths: { 'agent-tool-catalog': [path.relative(dir, path.join(repoRoot, 'plugin/index.ts'))] } },
    include,
  };
  writeFileSync(path.join(dir, 'tsconfig.drift.json'), `${JSON.stringify(config, null, 2)}\n`);
  const run = spawnSync(process.execPath, [COMPILERS[compiler], '-p', 'tsconfig.drift.json', '--noEmit', '--pretty', 'false'], { cwd: dir, encoding: 'utf8' });
  return { code: run.status, output: `${run.stdout}${run.stderr}` };
}
