// An app type-checks against the packed package under moduleResolution bundler, node16 and nodenext
// with TypeScript 7, 6 and 5.9: its generated imports carry the extension each needs, no type is `any`,
// and the nodenext build runs in plain Node.
import { readFileSync, rmSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  COMPILER_NAMES,
  type CompilerName,
  type ProjectsRun,
  runTsc,
  typecheckProjects,
} from '../support/compilers';
import { PACKAGING_TIMEOUT_MS, runNode } from '../support/packed';
import { consumerApp, RESOLUTIONS, type Resolution } from './consumer-app';

const EXPECTED_EXTENSION = { bundler: '', node16: '.js', nodenext: '.js' } as const;

/** Two compilers at a time: this machine has two cores, and a TypeScript 6 or 5.9 run over the three apps takes about half a GB. */
function twoAtATime() {
  let free = 2;
  const waiting: (() => void)[] = [];
  return async <T>(task: () => Promise<T>): Promise<T> => {
    if (free > 0) free--;
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await task();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else free++;
    }
  };
}

const apps = {} as Record<Resolution, string>;
let scratchRoot: string;
beforeAll(async () => {
  for (const resolution of RESOLUTIONS) apps[resolution] = await consumerApp(resolution);
  scratchRoot = await mkdtemp(path.join(os.tmpdir(), 'tool-catalog-consumer-types-'));
}, PACKAGING_TIMEOUT_MS);
afterAll(() => rmSync(scratchRoot, { recursive: true, force: true }));

describe.each(RESOLUTIONS)('generated for moduleResolution %s', (resolution) => {
  it(`imports its own files with '${EXPECTED_EXTENSION[resolution]}'`, () => {
    const file = (name: string) =>
      readFileSync(path.join(apps[resolution], 'src/generated/assistant', name), 'utf8');
    expect(file('index.ts')).toContain(
      `export * from './policy${EXPECTED_EXTENSION[resolution]}';`,
    );
    expect(file('policy.ts')).toContain(`from './runtime/index${EXPECTED_EXTENSION[resolution]}';`);
  });
});

describe.concurrent('the app type-checks, every @ts-expect-error meeting its error', () => {
  const slot = twoAtATime();
  const runs = new Map<CompilerName, Promise<ProjectsRun>>();
  /** One run of a compiler over the apps of all three resolutions, each with its own tsconfig. */
  const checkedBy = (compiler: CompilerName) => {
    let run = runs.get(compiler);
    if (!run) {
      const all = RESOLUTIONS.map((resolution) => apps[resolution]);
      const scratch = path.join(scratchRoot, compiler.replace(' ', '-'));
      run = slot(() => typecheckProjects(compiler, all, scratch));
      runs.set(compiler, run);
    }
    return run;
  };
  for (const resolution of RESOLUTIONS) {
    for (const compiler of COMPILER_NAMES) {
      it(
        `moduleResolution ${resolution}, ${compiler}`,
        async () => {
          const run = await checkedBy(compiler);
          expect(run.of(apps[resolution])).toBe('');
          expect(run.code).toBe(0);
        },
        PACKAGING_TIMEOUT_MS,
      );
    }
  }
});

describe('the checks themselves', () => {
  it('include the precise-types file and the CommonJS file (nodenext)', async () => {
    const { output } = await runTsc(
      'TypeScript 7',
      ['-p', 'tsconfig.json', '--listFilesOnly'],
      apps.nodenext,
    );
    expect(output).toContain('src/types-are-precise.ts');
    expect(output).toContain('src/require-runtime.cts');
    const source = readFileSync(path.join(apps.nodenext, 'src/types-are-precise.ts'), 'utf8');
    expect(source.match(/@ts-expect-error/g)?.length).toBeGreaterThanOrEqual(10);
  });
});

describe('the nodenext build', () => {
  it('runs in plain Node and calls the generated policy and tools functions', async () => {
    const run = await runNode(['dist/src/main.js'], apps.nodenext);
    expect(run.stderr).toBe('');
    expect(JSON.parse(run.stdout)).toEqual({
      keys: ['Read', 'EnterWorktree', 'ExitWorktree', 'NotebookEdit', 'Bash', 'Notes'],
      // Bash is switched off by the user; the worktree pair needs git; NotebookEdit is disabled.
      disallowedWithoutGit: ['EnterWorktree', 'ExitWorktree', 'NotebookEdit', 'Bash'],
      disallowedWithGit: ['NotebookEdit'],
      namesForNotesCallers: ['mcp__assistant-tools__notes'],
      namesForOtherCallers: [],
    });
  });
});
