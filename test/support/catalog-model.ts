// Small catalog models for renderer specs: plain declarations in, a validated CatalogModel out,
// with no file read — the config is resolved under a fixed `/app` folder so output paths are stable.
import { hasErrors, type PendingDiagnostic } from '../../plugin/diagnostics/diagnostics';
import type { CatalogVocabulary, ToolDeclaration } from '../../plugin/language/catalog';
import type { RawCatalog } from '../../plugin/load/load-catalog';
import type { ResolvedCatalogConfig } from '../../plugin/load/load-config';
import { buildModel } from '../../plugin/model/build-model';
import type { CatalogModel } from '../../plugin/model/catalog-model';
import { generatedHeader } from '../../plugin/render/render-catalog';
import type { Renderer } from '../../plugin/render/renderer';
import { loadTemplates } from '../../plugin/render/templates';
import { validateCatalog } from '../../plugin/validate/validate-catalog';

const APP = '/app';
const TOOLS_FILE = `${APP}/catalog/tools.catalog.ts`;
const VOCABULARY_FILE = `${APP}/catalog/demo.catalog.ts`;

type ConfigOverrides = Partial<Omit<ResolvedCatalogConfig, 'i18n' | 'sdk'>> & {
  readonly i18n?: Partial<ResolvedCatalogConfig['i18n']>;
  readonly sdk?: Partial<ResolvedCatalogConfig['sdk']>;
};

/** The resolved config of a catalog named `demo` (prefix `Demo`) in `/app`. */
function demoConfig(overrides: ConfigOverrides = {}): ResolvedCatalogConfig {
  const outDir = overrides.outDir ?? `${APP}/generated/demo`;
  return {
    name: 'demo',
    configFile: `${APP}/tool-catalog.config.ts`,
    rootDir: APP,
    include: ['catalog/**/*.catalog.ts'],
    prefix: 'Demo',
    constPrefix: 'DEMO',
    runtimeModule: 'agent-tool-catalog/runtime',
    imports: { extension: '', reason: 'the spec' },
    mcp: {},
    staleRefs: { exclude: [] },
    ...overrides,
    outDir,
    i18n: {
      locales: ['en'],
      defaultLocale: 'en',
      prefix: 'agent.tools',
      layout: 'nested',
      missing: 'error',
      outDir: `${outDir}/i18n`,
      ...overrides.i18n,
    },
    sdk: { aliases: {}, typesModule: '@anthropic-ai/claude-agent-sdk/sdk-tools', ...overrides.sdk },
  };
}

/**
 * A validated model of `tools` declared in one file with `vocabulary`; throws on any catalog error,
 * so a spec never renders a model the generator would have refused.
 */
export function demoModel(
  vocabulary: CatalogVocabulary,
  tools: Record<string, ToolDeclaration>,
  config: ConfigOverrides = {},
): CatalogModel {
  const raw: RawCatalog = {
    config: demoConfig(config),
    vocabulary: vocabulary as Record<string, unknown>,
    definitionFile: VOCABULARY_FILE,
    tools: Object.entries(tools).map(([key, declaration]) => ({
      key,
      declaration,
      file: TOOLS_FILE,
    })),
    files: [VOCABULARY_FILE, TOOLS_FILE],
    inputs: [VOCABULARY_FILE, TOOLS_FILE],
    diagnostics: [],
  };
  const problems = validateCatalog(raw);
  if (hasErrors(problems))
    throw new Error(`the spec's catalog is invalid: ${problems.map((d) => d.message).join(' | ')}`);
  return buildModel(raw);
}

/** The `@generated` header the renderers get, for a model. */
const headerOf = (model: CatalogModel) => generatedHeader(model, loadTemplates());

/** What one renderer emits for `model`, by path relative to `/app` (`existing`: current files by the same relative paths). */
export function renderWith(
  renderer: Renderer,
  model: CatalogModel,
  existing: Record<string, string> = {},
): { files: Record<string, string>; diagnostics: readonly PendingDiagnostic[] } {
  const current = new Map(Object.entries(existing).map(([file, text]) => [`${APP}/${file}`, text]));
  const result = renderer.render({
    model,
    templates: loadTemplates(),
    existing: current,
    header: headerOf(model),
  });
  const files: Record<string, string> = {};
  for (const [file, rendered] of result.files) files[file.slice(APP.length + 1)] = rendered.content;
  return { files, diagnostics: result.diagnostics ?? [] };
}

/** The one file a renderer emits for `model`. */
export function renderOne(renderer: Renderer, model: CatalogModel): string {
  const { files } = renderWith(renderer, model);
  const contents = Object.values(files);
  if (contents.length !== 1)
    throw new Error(`expected one file, got ${Object.keys(files).join(', ')}`);
  return contents[0]!;
}

/** A small catalog with one of each: categories, a condition, a pair group, a dependency, an aliased SDK type, an MCP server. */
export const smallCatalog = () =>
  demoModel(
    {
      categories: ['shell', 'file'],
      conditions: { 'has-git': 'the session folder is a git work tree' },
      pairGroups: ['worktree'],
      servers: { notes: { label: 'Notes' } },
    },
    {
      Read: {
        kind: 'sdk',
        category: 'file',
        exposure: 'user',
        approval: 'auto',
        label: 'Read',
        description: 'Reads files',
      },
      Bash: {
        kind: 'sdk',
        category: 'shell',
        exposure: 'user',
        label: 'Bash',
        description: 'Runs shell commands',
      },
      EnterWorktree: {
        kind: 'sdk',
        category: 'file',
        exposure: 'conditional',
        condition: 'has-git',
        pairGroup: 'worktree',
        label: 'Enter worktree',
      },
      ExitWorktree: {
        kind: 'sdk',
        category: 'file',
        exposure: 'conditional',
        condition: 'has-git',
        pairGroup: 'worktree',
        label: 'Exit worktree',
      },
      Notes: {
        kind: 'mcp',
        server: 'notes',
        wire: 'notes',
        category: 'file',
        exposure: 'user',
        dependsOn: ['Read'],
        label: 'Notes',
        description: 'Keeps notes',
      },
      REPL: { kind: 'sdk', category: 'shell', exposure: 'disabled', label: 'REPL' },
    },
  );
