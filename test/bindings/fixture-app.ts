// Test helpers for the bindings-app fixture: a fresh copy per test inside the repository (so
// `react`, the SDK and `agent-tool-catalog` resolve from its node_modules), the CLI, and real tsc runs.
import { cp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { runCli, type CliRun } from '../support/cli';
import { typecheckProject, type CompilerName, type TscRun } from '../support/compilers';
import { uniqueArtifactDir } from '../support/files';
import { FIXTURES } from '../support/paths';

/** The fixture app: a React app with a catalog, its locales and a binding file config. */
export const BINDINGS_APP = path.join(FIXTURES, 'bindings-app');

export interface FixtureApp {
  readonly dir: string;
  file(relative: string): string;
  read(relative: string): Promise<string>;
  write(relative: string, content: string): Promise<void>;
  /** Replaces `from` (which must occur exactly once) in a file. */
  edit(relative: string, from: string, to: string): Promise<void>;
  cli(...argv: string[]): Promise<CliRun>;
  tsc(compiler: CompilerName): Promise<TscRun>;
  remove(): Promise<void>;
}

export async function copyFixtureApp(name: string): Promise<FixtureApp> {
  const dir = uniqueArtifactDir(name);
  await cp(BINDINGS_APP, dir, { recursive: true });
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
      if (text.split(from).length !== 2)
        throw new Error(`expected exactly one ${JSON.stringify(from)} in ${relative}`);
      await app.write(
        relative,
        text.replace(from, () => to),
      );
    },
    cli: (...argv) => runCli(argv, dir),
    tsc: (compiler) => typecheckProject(compiler, file('tsconfig.json'), dir),
    remove: () => rm(dir, { recursive: true, force: true }),
  };
  return app;
}
