// The small project each broken-input case breaks, and the check every case must pass: one kind of
// answer, a coded diagnostic at the right place, the right exit code, and a project whose bytes are
// unchanged. `/*@*/` in a source file marks where the diagnostic must point (the marker is a comment).
import path from 'node:path';
import { expect } from 'vitest';
import { json, runCli } from '../support/cli';
import { fingerprint, tempDir, writeFiles } from '../support/files';

interface Parts {
  /** Inside the catalog's config object (after include). */
  config?: string;
  /** Inside defineConfig({...}) after catalogs. */
  top?: string;
  /** Inside defineCatalog({...}). */
  vocabulary?: string;
  /** The whole tools file body after the import. */
  tools?: string;
  /** Extra files (relative path → content). */
  files?: Record<string, string>;
  /** Files to remove from the base project. */
  remove?: string[];
}

/** The base project's tools: a case's `tools` replaces them, or runs before them. */
export const TOOLS = `export default demo.tools({
  Read: { kind: 'sdk', category: 'file', exposure: 'user', label: 'Read' },
  Bash: { kind: 'sdk', category: 'shell', exposure: 'user', label: 'Bash' },
  EnterWorktree: { kind: 'sdk', category: 'file', exposure: 'conditional', condition: 'has-git', pairGroup: 'wt' },
  ExitWorktree: { kind: 'sdk', category: 'file', exposure: 'conditional', condition: 'has-git', pairGroup: 'wt' },
  Notes: { kind: 'mcp', server: 'app', wire: 'notes', category: 'file', groups: ['core'] },
});`;

/** The base project's files, with a case's parts written into them. */
function project(parts: Parts): Record<string, string> {
  const files: Record<string, string> = {
    'tool-catalog.config.ts': `import { defineConfig } from 'agent-tool-catalog';\nexport default defineConfig({ catalogs: { demo: { include: ['catalog/**/*.catalog.ts'], i18n: { locales: ['en', 'zh-CN'], missing: 'fallback' }${parts.config ?? ''} } }${parts.top ?? ''} });\n`,
    'catalog/vocab.catalog.ts': `import { defineCatalog } from 'agent-tool-catalog';\nexport const demo = defineCatalog({ categories: ['file', 'shell'], conditions: { 'has-git': 'the folder is a git work tree' }, pairGroups: ['wt'], groups: ['core'], callers: { AGENT: ['core'] }, servers: { app: {} }, channels: { linear: {} }${parts.vocabulary ?? ''} });\n`,
    'catalog/tools.catalog.ts': `import { demo } from './vocab.catalog';\n${parts.tools ?? TOOLS}\n`,
    ...parts.files,
  };
  for (const file of parts.remove ?? []) delete files[file];
  return files;
}

/** Where `/*@*\/` stands in the project's files: the file and the 1-based line and column right after it. */
function marked(
  files: Record<string, string>,
): { file: string; line: number; column: number } | undefined {
  for (const [file, text] of Object.entries(files)) {
    const at = text.indexOf('/*@*/');
    if (at < 0) continue;
    const before = text.slice(0, at);
    return {
      file,
      line: before.split('\n').length,
      column: at - before.lastIndexOf('\n') - 1 + '/*@*/'.length + 1,
    };
  }
  return undefined;
}

export interface Case {
  readonly kind: string;
  readonly parts: Parts;
  readonly code: string;
  readonly exit?: number;
  readonly args?: string[];
  /** A position given when no marker can stand in the file (JSON), or only the file. */
  readonly at?: { file: string; line?: number; column?: number };
  /** Generate the base project first, so the broken run meets outputs already there. */
  readonly generated?: boolean;
  /** Runs before the broken run, after the base project is written (and generated, with `generated`). */
  readonly before?: (dir: string) => Record<string, string>;
}

/** Writes the case's project, runs `generate --json` on it, and checks the one answer it must give. */
export async function checkBrokenInput(c: Case): Promise<void> {
  const dir = await tempDir('broken');
  const files = project(c.parts);
  if (c.generated) {
    writeFiles(dir, project({}));
    expect((await runCli(['generate'], dir)).code).toBe(0);
  }
  writeFiles(dir, files);
  const extra = c.before?.(dir) ?? {};
  writeFiles(dir, extra);
  const before = await fingerprint(dir);
  const run = await runCli(
    [...(c.args ?? []), 'generate', '--json'].sort((a, b) =>
      a === 'generate' ? -1 : b === 'generate' ? 1 : 0,
    ),
    dir,
  );
  const result = json(run);
  expect(run.code, run.stderr).toBe(c.exit ?? 1);
  const diagnostic = result.diagnostics.find((d: { code: string }) => d.code === c.code);
  expect(diagnostic, JSON.stringify(result.diagnostics, null, 2)).toBeDefined();
  const where = c.at ?? marked({ ...files, ...extra });
  if (where) {
    expect(diagnostic.position, diagnostic.message).toBeDefined();
    expect(path.relative(dir, path.resolve(dir, diagnostic.position.file))).toBe(where.file);
    if (where.line !== undefined)
      expect(diagnostic.position.line, diagnostic.message).toBe(where.line);
    if (where.column !== undefined)
      expect(diagnostic.position.column, diagnostic.message).toBe(where.column);
  }
  // The message says what is wrong and how to fix it, in one sentence: never a stack trace.
  expect(diagnostic.message).not.toMatch(/\n\s+at /);
  expect(await fingerprint(dir)).toEqual(before);
}
