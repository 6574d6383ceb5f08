// Output always compiles: a thousand random catalogs — hostile free text, every name the rules allow
// — are validated, modelled and rendered, and everything they generate is type-checked by one
// TypeScript 7 run. A failure names the catalog and its seed, so it can be replayed.
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, inject, it } from 'vitest';
import { hasErrors } from '../../plugin/diagnostics/diagnostics';
import type { RawCatalog } from '../../plugin/load/load-catalog';
import type { ResolvedCatalogConfig } from '../../plugin/load/load-config';
import { buildModel } from '../../plugin/model/build-model';
import { renderCatalog } from '../../plugin/render/render-catalog';
import { renderersOf } from '../../plugin/targets/index';
import { loadTemplates } from '../../plugin/render/templates';
import { constantCase } from '../../plugin/text/spelling';
import { validateCatalog } from '../../plugin/validate/validate-catalog';
import { runTsc } from '../support/compilers';
import { ARTIFACTS, REPO } from '../support/paths';
import { randomCatalog, type RandomCatalog } from './random-catalogs';

const ROOT = path.join(ARTIFACTS, 'random-catalogs');
const COUNT = Number(process.env.TC_RANDOM_CATALOGS ?? 1000);
const SEED = inject('propertySeed');

/** The first catalog gets the runtime written into its output folder; the others share the package's (one copy to check is enough). */
function configOf(
  dir: string,
  catalog: RandomCatalog,
  emitRuntime: boolean,
  targets: ResolvedCatalogConfig['targets'],
): ResolvedCatalogConfig {
  const outDir = path.join(dir, 'generated');
  return {
    name: 'random',
    configFile: path.join(dir, 'tool-catalog.config.ts'),
    rootDir: dir,
    include: ['catalog/**/*.catalog.ts'],
    outDir,
    prefix: catalog.prefix,
    constPrefix: constantCase(catalog.prefix),
    i18n: {
      locales: ['en', 'zh-CN'],
      defaultLocale: 'en',
      prefix: 'agent.tools',
      layout: 'nested',
      missing: 'fallback',
      outDir: path.join(outDir, 'i18n'),
    },
    bindings: { file: path.join(dir, 'tool-bindings.ts') },
    sdk: { aliases: {}, typesModule: '@anthropic-ai/claude-agent-sdk/sdk-tools' },
    imports: { extension: '', reason: 'the property test' },
    mcp: {},
    staleRefs: { exclude: [] },
    ...(emitRuntime ? {} : { runtimeModule: 'agent-tool-catalog/runtime' }),
    ...(targets ? { targets } : {}),
  };
}

/**
 * What catalog `i` compiles for, in turn: the Claude Agent SDK alone, with the AI SDK (ai 7) too, the
 * AI SDK alone (ai 6), the OpenAI Agents SDK alone, all three.
 */
const TARGET_MIXES: readonly ResolvedCatalogConfig['targets'][] = [
  undefined,
  [{ name: 'claude-agent-sdk' }, { name: 'ai-sdk', major: 7 }],
  [{ name: 'ai-sdk', major: 6 }],
  [{ name: 'openai-agents' }],
  [{ name: 'claude-agent-sdk' }, { name: 'ai-sdk', major: 7 }, { name: 'openai-agents' }],
];

/** Validates, models and renders one catalog into `dir`; the problems it should not have. */
function generateInto(
  dir: string,
  catalog: RandomCatalog,
  emitRuntime: boolean,
  targets: ResolvedCatalogConfig['targets'],
): string[] {
  const config = configOf(dir, catalog, emitRuntime, targets);
  const file = path.join(dir, 'catalog/tools.catalog.ts');
  const raw: RawCatalog = {
    config,
    vocabulary: catalog.vocabulary,
    definitionFile: file,
    tools: Object.entries(catalog.tools).map(([key, declaration]) => ({ key, declaration, file })),
    files: [file],
    inputs: [file],
    diagnostics: [],
  };
  const problems = validateCatalog(raw);
  if (hasErrors(problems)) return problems.map((d) => `${d.code} ${d.message}`);
  const model = buildModel(raw);
  const rendered = renderCatalog(model, loadTemplates(), new Map(), renderersOf(model));
  // Two tools under one name an SDK cannot tell apart (TC321): that catalog compiles for Claude.
  const cannotExpress = rendered.diagnostics.every((d) => d.code === 'TC321');
  if (targets && rendered.diagnostics.length > 0 && cannotExpress)
    return generateInto(dir, catalog, emitRuntime, undefined);
  if (rendered.diagnostics.length > 0)
    return rendered.diagnostics.map((d) => `${d.code} ${d.message}`);
  mkdirSync(path.join(dir, 'catalog'), { recursive: true });
  writeFileSync(
    path.join(dir, 'catalog/app.ts'),
    'export const check = () => true;\nexport const build = () => [];\nexport const names = (): string[] => [];\n',
  );
  for (const [target, output] of rendered.files) {
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(target, output.content);
  }
  return [];
}

/**
 * The target adapters a catalog's output carries in `generated/runtime/` (AI SDK, OpenAI Agents SDK)
 * depend on its targets, not on its tools: every catalog with the same targets gets the same folder,
 * byte for byte. Each such folder after the first becomes re-exports of the first, so that tsc checks
 * that code once rather than once per catalog (a third of the run), while every catalog's own files
 * are still checked against exactly the same declarations. A folder is shared only when it equals the
 * first in every file, and only when its files import nothing outside it but packages, so that no
 * file is checked against another catalog's modules.
 */
function shareIdenticalRuntimeFolders(catalogDirs: readonly string[]): number {
  const firstOf = new Map<string, string>();
  let shared = 0;
  for (const dir of catalogDirs) {
    const runtime = path.join(dir, 'generated/runtime');
    if (!existsSync(runtime)) continue;
    const files = readdirSync(runtime).sort();
    const texts = files.map((f) => readFileSync(path.join(runtime, f), 'utf8'));
    if (texts.some((t) => /from '\.\.\//.test(t))) continue;
    const key = JSON.stringify([files, texts]);
    const first = firstOf.get(key);
    if (!first) {
      firstOf.set(key, runtime);
      continue;
    }
    for (const file of files) {
      const target = path.relative(runtime, path.join(first, file.replace(/\.ts$/, '')));
      writeFileSync(path.join(runtime, file), `export * from '${target}';\n`);
    }
    shared++;
  }
  return shared;
}

describe('generated code from random catalogs', () => {
  it(`compiles with TypeScript 7 for ${COUNT} catalogs with hostile text and every allowed name (seed ${SEED})`, async () => {
    rmSync(ROOT, { recursive: true, force: true });
    const started = performance.now();
    const catalogs = fc.sample(randomCatalog, { numRuns: COUNT, seed: SEED });
    const dirs = catalogs.map((_, i) => path.join(ROOT, `c${i}`));
    const refused = catalogs.flatMap((catalog, i) =>
      generateInto(dirs[i]!, catalog, i === 0, TARGET_MIXES[i % TARGET_MIXES.length]).map(
        (p) => `c${i}: ${p}`,
      ),
    );
    expect(
      refused,
      `the generator refused catalogs the rules allow (replay with TC_SEED=${SEED})`,
    ).toEqual([]);
    const shared = shareIdenticalRuntimeFolders(dirs);
    writeFileSync(
      path.join(ROOT, 'tsconfig.json'),
      JSON.stringify({
        extends: '../../../tsconfig.base.json',
        compilerOptions: {
          noEmit: true,
          types: [],
          exactOptionalPropertyTypes: true,
          noPropertyAccessFromIndexSignature: true,
          noImplicitReturns: true,
          noUnusedLocals: true,
          noUnusedParameters: true,
          paths: { 'agent-tool-catalog/runtime': ['../../../plugin/runtime/index.ts'] },
        },
        include: ['c*/**/*.ts'],
      }),
    );
    const { output } = await runTsc('TypeScript 7', ['-p', path.join(ROOT, 'tsconfig.json')], REPO);
    const seconds = (performance.now() - started) / 1000;
    console.log(
      `${COUNT} random catalogs generated and type-checked in ${seconds.toFixed(1)} s (${(COUNT / seconds).toFixed(0)} catalogs/s; ${shared} target runtime folders checked through the first identical one), seed ${SEED}`,
    );
    const failing = [...new Set([...output.matchAll(/c(\d+)\//g)].map((m) => Number(m[1])))];
    const first =
      failing[0] === undefined ? undefined : JSON.stringify(catalogs[failing[0]], null, 2);
    expect(
      output,
      `TypeScript rejected the output of ${failing.length} catalog(s) (replay with TC_SEED=${SEED}); the first one:\n${first}`,
    ).toBe('');
  }, 240_000);
});
