// The registry's `satisfies` checks under real tsc (TypeScript 7, 6 and 5.9): the checked-in
// generated/claude/registry.ts compiles as it is, and a copy missing an entry, with a wrong field
// type, or with an unknown key in a category list fails on that constant's check.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  COMPILER_NAMES,
  type CompilerName,
  typecheckProject,
  type TscRun,
} from '../support/compilers';
import { artifactDir } from '../support/files';
import { relativePosix, REPO, repoPath } from '../support/paths';

const REGISTRY = readFileSync(repoPath('generated/claude/registry.ts'), 'utf8');

/** The registry as generated, and each edit that one of its checks must catch. */
const VARIANTS: Record<string, (text: string) => string> = {
  unchanged: (t) => t,
  'missing-entry': (t) => t.replace(/\n {2}Bash: \{\n[\s\S]*?\n {2}\},/, ''),
  'wrong-field': (t) => t.replace("    exposure: 'conditional',", "    exposure: 'hidden',"),
  'unknown-key': (t) => t.replace(/\n {2}shell: \[\n {4}'Bash',/, "\n  shell: [\n    'Bsh',"),
};

const root = artifactDir('registry-coverage');
/** registry.ts of a variant, as tsc names it (relative to the repository, where it runs). */
const fileOf = (name: string) => `${relativePosix(REPO, root)}/${name}/registry.ts`;

/**
 * Every variant in a folder of its own (each registry.ts a module of its own), checked by one run of
 * each compiler rather than one run per variant: the same diagnostics, each found by its file, for a
 * quarter of the compiler start-ups.
 */
let runs: Promise<Map<CompilerName, TscRun>> | undefined;
function checkAll(): Promise<Map<CompilerName, TscRun>> {
  runs ??= (async () => {
    for (const [name, edit] of Object.entries(VARIANTS)) {
      const text = edit(REGISTRY);
      expect(text === REGISTRY, name).toBe(name === 'unchanged');
      artifactDir(`registry-coverage/${name}`);
      writeFileSync(path.join(root, name, 'registry.ts'), text);
    }
    writeFileSync(
      path.join(root, 'tsconfig.json'),
      JSON.stringify({
        extends: relativePosix(root, path.join(REPO, 'tsconfig.base.json')),
        compilerOptions: { types: [] },
        include: Object.keys(VARIANTS).map((name) => `${name}/registry.ts`),
      }),
    );
    const results = new Map<CompilerName, TscRun>();
    for (const compiler of COMPILER_NAMES)
      results.set(
        compiler,
        await typecheckProject(compiler, path.join(root, 'tsconfig.json'), REPO),
      );
    return results;
  })();
  return runs;
}

/** Line numbers (1-based) of tsc's errors in the variant's registry.ts, each compiler; the check of `constant` must be among them. */
async function expectFailureAt(name: string, constant: string) {
  const lines = VARIANTS[name]!(REGISTRY).split('\n');
  const checkLine = lines.findIndex((l) => l.startsWith(`${constant} satisfies `)) + 1;
  expect(checkLine).toBeGreaterThan(0);
  for (const [compiler, run] of await checkAll()) {
    expect(run.code, `${compiler}:\n${run.output}`).not.toBe(0);
    const errorLines = run.output
      .split('\n')
      .filter((l) => l.startsWith(`${fileOf(name)}(`) && /error TS\d+/.test(l))
      .map((l) => Number(/\((\d+),/.exec(l)![1]));
    expect(errorLines, `${compiler}:\n${run.output}`).toContain(checkLine);
  }
}

describe('the generated registry under real tsc', () => {
  it('compiles as generated', async () => {
    const broken = Object.keys(VARIANTS)
      .filter((name) => name !== 'unchanged')
      .map((name) => `${fileOf(name)}(`);
    for (const [compiler, run] of await checkAll()) {
      // Every diagnostic names one of the edited copies: none the registry as generated, none global.
      const elsewhere = run.output
        .split('\n')
        .filter((l) => l !== '' && !/^\s/.test(l) && !broken.some((b) => l.startsWith(b)));
      expect(elsewhere, `${compiler}:\n${run.output}`).toEqual([]);
    }
  });

  it('fails on a key without an entry', async () => {
    await expectFailureAt('missing-entry', 'CLAUDE_TOOL_REGISTRY');
  });

  it('fails on an entry field of the wrong type', async () => {
    await expectFailureAt('wrong-field', 'CLAUDE_TOOL_REGISTRY');
  });

  it('fails on an unknown key in a category list', async () => {
    await expectFailureAt('unknown-key', 'CLAUDE_TOOLS_BY_CATEGORY');
  });
});
