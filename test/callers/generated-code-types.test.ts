// Real tsc (TypeScript 7, 6 and 5.9) over the generated caller-group code and a small app: what must
// compile compiles, and an unknown group, a missing predicate, a renamed builder, a builder with the
// wrong signature and a guard without a source of truth for conditions each fail where they should.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { generateAndWrite } from '../../plugin/generate';
import {
  COMPILER_NAMES,
  type CompilerName,
  typecheckProject,
  type TscRun,
} from '../support/compilers';
import { artifactDir, writeFiles } from '../support/files';
import { relativePosix, REPO } from '../support/paths';

const CATALOG = `import { defineCatalog } from 'agent-tool-catalog';
export const mini = defineCatalog({
  groups: ['core', 'chat_only', 'triggers'],
  predicates: ['canSearch', 'hasQueue'],
  servers: { mini: {} },
});
`;
const TOOLS = `import { mini } from './mini.catalog';
export default mini.tools({
  search: { kind: 'mcp', server: 'mini', groups: ['core'], available: 'canSearch', builder: { module: '../app/builders', export: 'buildSearchTool' } },
  enqueue: { kind: 'mcp', server: 'mini', groups: ['chat_only'], available: 'hasQueue', builder: { module: '../app/builders', export: 'buildEnqueueTool' } },
  trigger: { kind: 'mcp', server: 'mini', groups: ['triggers'], factory: true },
});
`;
const BUILDERS = `import { tool } from '@anthropic-ai/claude-agent-sdk';
import { z } from 'zod';
import type { MiniToolContext } from '../generated/mini';
const ok = { content: [{ type: 'text' as const, text: 'ok' }] };
export function buildSearchTool(_context: MiniToolContext) {
  return tool('search', 'Searches', { q: z.string() }, async () => ok);
}
export function buildEnqueueTool(_context: MiniToolContext) {
  return [tool('enqueue', 'Enqueues', { text: z.string() }, async () => ok)];
}
`;
const USAGE = `import type { Options } from '@anthropic-ai/claude-agent-sdk';
import { buildMiniTools, createMiniToolContext, createMiniToolGuard, miniToolNames, type MiniToolPredicates } from '../generated/mini';
import { buildSearchTool } from './builders';

const predicates: MiniToolPredicates = { canSearch: true, hasQueue: () => false };
const context = createMiniToolContext({ predicates, factories: { trigger: buildSearchTool } });
buildMiniTools(context, { include: ['core', 'chat_only', 'triggers'] });
export const options: Options = { allowedTools: miniToolNames(context, { include: ['core'] }), hooks: { PreToolUse: [createMiniToolGuard({ headless: true, context })] } };
// @ts-expect-error a guard with nothing that says which conditions hold would deny every conditional tool
createMiniToolGuard({ headless: true, allowedTools: ['mcp__mini__search'] });

// @ts-expect-error unknown group: callers opt in only to declared groups
miniToolNames(context, { include: ['core', 'skills'] });
// @ts-expect-error unknown group in buildTools too
buildMiniTools(context, { include: ['chat'] });
// @ts-expect-error missing predicate: the app does not implement 'hasQueue'
export const incomplete: MiniToolPredicates = { canSearch: true };
// @ts-expect-error missing predicate when creating the context
createMiniToolContext({ predicates: { canSearch: () => true } });
// @ts-expect-error 'search' is not a factory tool
createMiniToolContext({ predicates, factories: { search: buildSearchTool } });
// @ts-expect-error a factory must build SDK tools
createMiniToolContext({ predicates, factories: { trigger: () => 'not a tool' } });
`;

async function project(
  name: string,
  edit?: (files: Record<string, string>) => void,
): Promise<string> {
  const dir = artifactDir(`caller-code-types/${name}`);
  const files: Record<string, string> = {
    'tool-catalog.config.ts': `import { defineConfig } from 'agent-tool-catalog';\nexport default defineConfig({ catalogs: { mini: { include: ['catalog/*.catalog.ts'], outDir: 'generated/mini', prefix: 'Mini' } } });\n`,
    'catalog/mini.catalog.ts': CATALOG,
    'catalog/tools.catalog.ts': TOOLS,
    'app/builders.ts': BUILDERS,
    'app/usage.ts': USAGE,
    'tsconfig.json': JSON.stringify({
      extends: relativePosix(dir, path.join(REPO, 'tsconfig.base.json')),
      include: ['app', 'generated'],
    }),
  };
  edit?.(files);
  writeFiles(dir, files);
  const result = await generateAndWrite({ cwd: dir });
  expect(result.diagnostics).toEqual([]);
  return dir;
}

/** The broken project: a renamed builder, and one with the wrong signature. */
const breakBuilders = (files: Record<string, string>) => {
  files['app/builders.ts'] = files['app/builders.ts']!.replace(
    'export function buildSearchTool(',
    'export function buildSearchTools(',
  ).replace('buildEnqueueTool(_context: MiniToolContext)', 'buildEnqueueTool(queue: string[])');
  files['app/usage.ts'] = 'export {};\n';
};

/**
 * Both projects, each generated in a folder of its own, type-checked from the repository root (so
 * diagnostics name files relative to it) by one run of each compiler over both: the same
 * diagnostics, each found by its file, with the SDK's types read once per compiler instead of twice.
 */
let checked: Promise<{ runs: Map<CompilerName, TscRun>; broken: string }> | undefined;
function checkBoth() {
  checked ??= (async () => {
    const valid = await project('valid');
    const broken = await project('broken-builders', breakBuilders);
    const root = path.dirname(valid);
    writeFileSync(
      path.join(root, 'tsconfig.json'),
      JSON.stringify({
        extends: relativePosix(root, path.join(REPO, 'tsconfig.base.json')),
        include: [valid, broken].flatMap((dir) =>
          ['app', 'generated'].map((sub) => `${path.basename(dir)}/${sub}`),
        ),
      }),
    );
    // The three compilers side by side: the check takes the slowest one's time, not the sum.
    const runs = new Map<CompilerName, TscRun>(
      await Promise.all(
        COMPILER_NAMES.map(
          async (compiler): Promise<[CompilerName, TscRun]> => [
            compiler,
            await typecheckProject(compiler, path.join(root, 'tsconfig.json'), REPO),
          ],
        ),
      ),
    );
    return { runs, broken };
  })();
  return checked;
}

describe('generated caller-group code under real tsc', () => {
  it('compiles, and rejects an unknown group, a missing predicate and a foreign factory exactly where expected', async () => {
    const { runs, broken } = await checkBoth();
    const brokenFiles = `${relativePosix(REPO, broken)}/`;
    for (const [compiler, run] of runs) {
      // Every diagnostic names a file of the broken project: none the valid one, none global.
      const elsewhere = run.output
        .split('\n')
        .filter((l) => l !== '' && !/^\s/.test(l) && !l.startsWith(brokenFiles));
      expect(elsewhere, `${compiler}:\n${run.output}`).toEqual([]);
    }
  });

  it('fails on a renamed builder and on a builder with the wrong signature, in the generated module', async () => {
    const { runs, broken: dir } = await checkBoth();
    const generated = readFileSync(path.join(dir, 'generated/mini/tools.ts'), 'utf8').split('\n');
    const importLine = generated.findIndex((l) => l.includes('buildSearchTool as')) + 1;
    // The builder is bound to its tool in the bindings object: `enqueue: { build: … satisfies MiniToolBuilder }`.
    const enqueueEntry = generated.indexOf('  enqueue: {');
    const enqueueLine =
      generated.findIndex((l, i) => i > enqueueEntry && l.trimStart().startsWith('build: ')) + 1;
    expect(importLine).toBeGreaterThan(0);
    expect(enqueueEntry).toBeGreaterThan(0);
    expect(enqueueLine).toBe(enqueueEntry + 2);
    const toolsFile = `${relativePosix(REPO, dir)}/generated/mini/tools.ts`;
    for (const [compiler, run] of runs) {
      const errors = run.output.split('\n').filter((l) => /error TS\d+/.test(l));
      expect(run.code, compiler).not.toBe(0);
      expect(
        errors.some(
          (l) =>
            l.startsWith(`${toolsFile}(${importLine},`) &&
            /TS(2305|2724)/.test(l) &&
            l.includes('buildSearchTool'),
        ),
        `${compiler}:\n${run.output}`,
      ).toBe(true);
      expect(
        errors.some(
          (l) => l.startsWith(`${toolsFile}(${enqueueLine},`) && /TS(2322|2345|1360)/.test(l),
        ),
        `${compiler}:\n${run.output}`,
      ).toBe(true);
    }
  });
});
