// The registry's `satisfies` checks under real tsc (TypeScript 7, 6 and 5.9): the checked-in
// generated/claude/registry.ts compiles as it is, and a copy missing an entry, with a wrong field
// type, or with an unknown key in a category list fails on that constant's check.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { COMPILER_NAMES, typecheckProject } from '../support/compilers';
import { artifactDir } from '../support/files';
import { relativePosix, REPO, repoPath } from '../support/paths';

const REGISTRY = readFileSync(repoPath('generated/claude/registry.ts'), 'utf8');

/** A project holding one copy of the registry, edited; returns its folder and the file's lines. */
function project(name: string, edit: (text: string) => string) {
  const dir = artifactDir(`registry-coverage/${name}`);
  const text = edit(REGISTRY);
  expect(text === REGISTRY).toBe(name === 'unchanged');
  writeFileSync(path.join(dir, 'registry.ts'), text);
  writeFileSync(
    path.join(dir, 'tsconfig.json'),
    JSON.stringify({
      extends: relativePosix(dir, path.join(REPO, 'tsconfig.base.json')),
      compilerOptions: { types: [] },
      include: ['registry.ts'],
    }),
  );
  return { dir, lines: text.split('\n') };
}

/** Line numbers (1-based) of tsc's errors in registry.ts, each compiler; the check of `constant` must be among them. */
async function expectFailureAt(name: string, edit: (text: string) => string, constant: string) {
  const { dir, lines } = project(name, edit);
  const checkLine = lines.findIndex((l) => l.startsWith(`${constant} satisfies `)) + 1;
  expect(checkLine).toBeGreaterThan(0);
  const file = `${relativePosix(REPO, dir)}/registry.ts`;
  for (const compiler of COMPILER_NAMES) {
    const run = await typecheckProject(compiler, path.join(dir, 'tsconfig.json'), REPO);
    expect(run.code, `${compiler}:\n${run.output}`).not.toBe(0);
    const errorLines = run.output
      .split('\n')
      .filter((l) => l.startsWith(`${file}(`) && /error TS\d+/.test(l))
      .map((l) => Number(/\((\d+),/.exec(l)![1]));
    expect(errorLines, `${compiler}:\n${run.output}`).toContain(checkLine);
  }
}

describe('the generated registry under real tsc', () => {
  it('compiles as generated', async () => {
    const { dir } = project('unchanged', (t) => t);
    for (const compiler of COMPILER_NAMES) {
      const run = await typecheckProject(compiler, path.join(dir, 'tsconfig.json'), REPO);
      expect(`${compiler}: ${run.output}`).toBe(`${compiler}: `);
    }
  });

  it('fails on a key without an entry', async () => {
    await expectFailureAt(
      'missing-entry',
      (t) => t.replace(/\n {2}Bash: \{\n[\s\S]*?\n {2}\},/, ''),
      'CLAUDE_TOOL_REGISTRY',
    );
  });

  it('fails on an entry field of the wrong type', async () => {
    await expectFailureAt(
      'wrong-field',
      (t) => t.replace("    exposure: 'conditional',", "    exposure: 'hidden',"),
      'CLAUDE_TOOL_REGISTRY',
    );
  });

  it('fails on an unknown key in a category list', async () => {
    await expectFailureAt(
      'unknown-key',
      (t) => t.replace(/\n {2}shell: \[\n {4}'Bash',/, "\n  shell: [\n    'Bsh',"),
      'CLAUDE_TOOLS_BY_CATEGORY',
    );
  });
});
