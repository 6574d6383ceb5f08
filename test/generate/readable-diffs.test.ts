// Generated files are read in review as diffs: every list that grows with the catalog has one item per
// line (a new tool is a one-line addition), and the runtime copy says which package version wrote it
// and carries a hash of its code, so an upgrade explains its diff and a hand edit is named.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { isHandEditedRuntimeCopy } from '../../plugin/render/renderers/runtime';
import { json, runCli } from '../support/cli';
import { copyCatalogFixture, removeTempDirs } from '../support/files';
import { repoPath } from '../support/paths';

afterAll(removeTempDirs);

const OUT = repoPath('generated/claude');
const registry = readFileSync(path.join(OUT, 'registry.ts'), 'utf8');
/** The tool each key and runtime name of the checked-in default catalog belongs to. */
const toolOf = new Map<string, string>();
for (const [, key, names] of registry.matchAll(
  /^ {4}key: '([^']+)',\n {4}kind: '[^']+',\n {4}names: \[([^\]]*)\],$/gm,
)) {
  toolOf.set(key!, key!);
  for (const name of names!.split(', ').filter((n) => n !== ''))
    toolOf.set(name.replace(/^'|'$/g, ''), key!);
}

/** The tools a line names (by key or runtime name, quoted as TypeScript or Markdown spells them). */
const namesIn = (line: string) =>
  new Set(
    [...line.matchAll(/'([^']+)'|`([^`]+)`/g)]
      .map((m) => toolOf.get(m[1] ?? m[2]!))
      .filter((key) => key !== undefined),
  );

describe('readable generated diffs', () => {
  it('reads the default catalog: dozens of tools and names', () => {
    expect(new Set(toolOf.values()).size).toBeGreaterThan(40);
  });

  it.each([
    'registry.ts',
    'tools.ts',
    'policy.ts',
    'session.ts',
    'i18n-keys.ts',
    'bindings.ts',
    'sdk-coverage.ts',
  ])('%s names at most one tool per line', (file) => {
    const crowded = readFileSync(path.join(OUT, file), 'utf8')
      .split('\n')
      .filter((line) => namesIn(line).size > 1);
    expect(crowded).toEqual([]);
  });

  it('policy.md lists the names of each offer and approval one per line (its tables have one row per tool)', () => {
    const lines = readFileSync(path.join(OUT, 'policy.md'), 'utf8').split('\n');
    const crowded = lines.filter((line) => !line.startsWith('|') && namesIn(line).size > 1);
    expect(crowded).toEqual([]);
    expect(lines).toContain('  - `Read`');
  });

  it('stamps every runtime copy with the package version and the hash of its code', () => {
    const version = JSON.parse(readFileSync(repoPath('package.json'), 'utf8')).version as string;
    const files = readdirSync(path.join(OUT, 'runtime'));
    expect(files.length).toBeGreaterThan(5);
    for (const file of files) {
      const text = readFileSync(path.join(OUT, 'runtime', file), 'utf8');
      expect(text, file).toMatch(
        new RegExp(
          `^// agent-tool-catalog ${version.replace(/\./g, '\\.')} runtime, sha256 [0-9a-f]{16} of the code below\\.$`,
          'm',
        ),
      );
      expect(isHandEditedRuntimeCopy(text), file).toBe(false);
    }
  });

  it('generate --check names a runtime copy edited by hand, and a regenerated one is whole again', async () => {
    const dir = await copyCatalogFixture('valid');
    expect((await runCli(['generate'], dir)).code).toBe(0);
    const hooks = path.join(dir, 'generated/demo/runtime/hooks.ts');
    const original = readFileSync(hooks, 'utf8');
    writeFileSync(hooks, original.replace('export function', 'export  function'));
    expect(isHandEditedRuntimeCopy(readFileSync(hooks, 'utf8'))).toBe(true);

    const check = await runCli(['generate', '--check'], dir);
    expect(check.code).toBe(1);
    expect(check.stderr).toContain('stale: generated/demo/runtime/hooks.ts (edited by hand:');
    expect(json(await runCli(['generate', '--check', '--json'], dir)).handEdited).toEqual([
      'generated/demo/runtime/hooks.ts',
    ]);

    expect((await runCli(['generate'], dir)).code).toBe(0);
    expect(readFileSync(hooks, 'utf8')).toBe(original);
  });
});
