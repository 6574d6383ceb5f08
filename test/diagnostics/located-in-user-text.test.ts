// Evaluation failures are reported where the user's own code is: a file that ends in the middle of a
// statement gets a message about what the user wrote, at a line of that file (not about, or at, the
// code the loader adds after it); a module stopped by its time limit names the module whose loop
// was running, even when that is a helper or another catalog file whose function or getter it called.
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { json, runCli } from '../support/cli';
import { removeTempDirs, tempDir, writeFiles } from '../support/files';

afterAll(removeTempDirs);

const CONFIG =
  "import { defineConfig } from 'agent-tool-catalog';\nexport default defineConfig({ catalogs: { demo: { include: ['catalog/*.catalog.ts'] } }, evaluationTimeoutMs: 500 });\n";
const HEAD = "import { defineCatalog } from 'agent-tool-catalog';\n";
const TOOLS =
  "export const demo = defineCatalog({ categories: ['file'] });\nexport default demo.tools({ Read: { kind: 'sdk', category: 'file' } });\n";

async function firstError(files: Record<string, string>) {
  const dir = await tempDir('located');
  writeFiles(dir, { 'tool-catalog.config.ts': CONFIG, ...files });
  const run = await runCli(['generate', '--json'], dir);
  expect(run.code, run.stderr).toBe(1);
  return json(run).diagnostics[0];
}

describe('a syntax error at the end of a file', () => {
  it.each([
    ['an expression left open', 'export const x =', /end of file/],
    ['an object left open', 'export const y = {', /end of file/],
    ['a comment left open', '/* no end', /\*\//],
    ['a template left open', 'const s = `no end', /Unterminated/],
  ])('%s: located in the file’s own lines, about what is written there', async (_, tail, says) => {
    const text = `${HEAD}${TOOLS}${tail}\n`;
    const error = await firstError({ 'catalog/demo.catalog.ts': text });
    expect(error.code).toBe('TC100');
    expect(error.position.file).toBe(path.join('catalog', 'demo.catalog.ts'));
    expect(error.position.line).toBeLessThanOrEqual(text.split('\n').length);
    expect(error.message).toMatch(says);
    // Nothing about the code added after the module's text.
    expect(error.message).not.toMatch(/";"|__tc|import/);
  });
});

describe('a module stopped by its time limit', () => {
  it('names the helper whose loop ran, at that loop', async () => {
    const error = await firstError({
      'catalog/helper.ts':
        'export function spin(): number {\n  let i = 0;\n  while (i >= 0) i = (i + 1) % 7;\n  return i;\n}\n',
      'catalog/demo.catalog.ts': `${HEAD}import { spin } from './helper';\nspin();\n${TOOLS}`,
    });
    expect(error.code).toBe('TC103');
    expect(error.position).toMatchObject({
      file: path.join('catalog', 'helper.ts'),
      line: 3,
      column: 3,
    });
    expect(error.message).toContain('the loop in helper.ts, which demo.catalog.ts called');
  });

  it('names another catalog file whose getter loops, at that loop', async () => {
    const error = await firstError({
      'catalog/b.catalog.ts': `${HEAD}export const other = { get label(): string { for (;;) {} } };\n`,
      'catalog/demo.catalog.ts': `${HEAD}import { other } from './b.catalog';\nconst label = other.label;\n${TOOLS}`,
    });
    expect(error.code).toBe('TC103');
    expect(error.position).toMatchObject({ file: path.join('catalog', 'b.catalog.ts'), line: 2 });
    expect(error.message).toContain('b.catalog.ts');
  });

  it('stays at the module’s own loop when it has one', async () => {
    const error = await firstError({
      'catalog/helper.ts': 'export function spin(): number {\n  for (;;) {}\n}\n',
      'catalog/demo.catalog.ts': `${HEAD}import './helper';\nwhile (true) {}\n${TOOLS}`,
    });
    expect(error.position).toMatchObject({
      file: path.join('catalog', 'demo.catalog.ts'),
      line: 3,
    });
    expect(error.message).not.toContain('most likely');
  });
});
