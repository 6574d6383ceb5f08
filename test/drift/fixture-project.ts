// Copies the drift fixture project into test/.artifacts with one of the hand-written SDK type
// files as its `types/sdk-tools.d.ts`, and type-checks what it generates.
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { typecheckProject, type CompilerName } from '../support/compilers';
import { artifactDir } from '../support/files';
import { FIXTURES, REPO } from '../support/paths';

/** The drift fixtures: a small project, SDK type files of several shapes, an SDK-shaped package. */
export const SDK_FIXTURES = path.join(FIXTURES, 'sdk');

export type SdkShape = 'agree' | 'adds-tool' | 'removes-tool' | 'renames-tool' | 'nested-output';

/**
 * A fresh copy of the fixture project; `aliases` goes into the config's `sdk.aliases`; `sdkPackage`
 * installs the SDK-shaped fixture package (with name tables) and points `sdk.typesModule` at it.
 */
export function fixtureProject(
  name: string,
  shape: SdkShape,
  options: { aliases?: Record<string, string>; sdkPackage?: boolean } = {},
): string {
  const dir = artifactDir(`drift/${name}`);
  cpSync(path.join(SDK_FIXTURES, 'project'), dir, { recursive: true });
  cpSync(path.join(SDK_FIXTURES, 'types', `${shape}.d.ts`), path.join(dir, 'types/sdk-tools.d.ts'));
  if (options.sdkPackage)
    cpSync(path.join(SDK_FIXTURES, 'package'), path.join(dir, 'node_modules/fixture-agent-sdk'), {
      recursive: true,
    });
  const typesModule = options.sdkPackage ? 'fixture-agent-sdk/sdk-tools' : './types/sdk-tools.d.ts';
  const aliases = options.aliases ? `, aliases: ${JSON.stringify(options.aliases)}` : '';
  editFile(
    dir,
    'tool-catalog.config.ts',
    "sdk: { typesModule: './types/sdk-tools.d.ts' }",
    `sdk: { typesModule: '${typesModule}'${aliases} }`,
  );
  return dir;
}

/** Replaces `from` (which must be there) with `to` in a file of the project. */
export function editFile(dir: string, file: string, from: string, to: string): void {
  const target = path.join(dir, file);
  const text = readFileSync(target, 'utf8');
  if (!text.includes(from)) throw new Error(`${file} does not contain ${from}`);
  writeFileSync(target, text.replace(from, to));
}

/** The compilers the drift guard is checked with: the native one and the last JavaScript one. */
export const DRIFT_COMPILERS = [
  'TypeScript 7',
  'TypeScript 6',
] as const satisfies readonly CompilerName[];

/** Runs a real `tsc --noEmit` over `include` (relative to `dir`), with the authoring API from source. */
export function runTsc(compiler: CompilerName, dir: string, include: readonly string[]) {
  const config = {
    extends: path.relative(dir, path.join(REPO, 'tsconfig.base.json')),
    compilerOptions: {
      types: [],
      paths: { 'agent-tool-catalog': [path.relative(dir, path.join(REPO, 'plugin/index.ts'))] },
    },
    include,
  };
  writeFileSync(path.join(dir, 'tsconfig.drift.json'), `${JSON.stringify(config, null, 2)}\n`);
  return typecheckProject(compiler, 'tsconfig.drift.json', dir);
}
