// The templates in `templates/`, looked up by a typed name. Each lays out one output's text from a
// view its renderer builds; the build's precompiled copies are used while their sources are fresh.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { COMPILE_OPTIONS, fullHandlebars, templateEnvironment } from './template-compiler.js';

/** Every template, by the name of its file in `templates/` without `.hbs`. */
const TEMPLATE_NAMES = [
  'header',
  'registry.ts',
  'registry-entry.ts',
  'tools.ts',
  'policy.ts',
  'policy.md',
  'session.ts',
  'callers.md',
  'bindings.ts',
  'binding-skeleton.ts',
  'i18n-keys.ts',
  'sdk-coverage.ts',
  'index.ts',
  'policy-report.md',
  'policy-report.html',
  'init-config.ts',
  'init-vocabulary.catalog.ts',
  'init-tools.catalog.ts',
  'init-sdk-tools.catalog.ts',
] as const;

export type TemplateName = (typeof TEMPLATE_NAMES)[number];

/** A compiled template: the view's text laid out. */
export type Template<View> = (view: View) => string;

export interface TemplateSet {
  /** The template `name`; its view type is the renderer's to declare. */
  get<View extends object>(name: TemplateName): Template<View>;
}

/** Written by scripts/build.mjs next to the bundles. */
const PRECOMPILED_FILE = 'templates.precompiled.cjs';

interface PrecompiledTemplates {
  readonly options: string;
  readonly templates: Readonly<Record<string, { readonly source: string; readonly spec: unknown }>>;
}

const here = () => path.dirname(fileURLToPath(import.meta.url));
const requireHere = createRequire(import.meta.url);

function templatesDir(): string {
  const candidates = [path.resolve(here(), '../../templates'), path.resolve(here(), '../templates')];
  const found = candidates.find((c) => existsSync(path.join(c, 'registry.ts.hbs')));
  if (!found) throw new Error(`agent-tool-catalog: templates folder not found near ${here()}`);
  return found;
}

/** Template sources by name (`registry.ts`), in name order; every name must have its file. */
export function readTemplateSources(dir = templatesDir()): Map<string, string> {
  const sources = new Map<string, string>();
  for (const file of readdirSync(dir).sort())
    if (file.endsWith('.hbs')) sources.set(file.slice(0, -4), readFileSync(path.join(dir, file), 'utf8'));
  const missing = TEMPLATE_NAMES.filter((name) => !sources.has(name));
  if (missing.length > 0) throw new Error(`agent-tool-catalog: templates missing from ${dir}: ${missing.join(', ')}`);
  return sources;
}

/** The build's precompiled templates, if a build exists near this module. */
function readPrecompiled(): PrecompiledTemplates | undefined {
  const candidates = [
    path.join(here(), PRECOMPILED_FILE),
    path.resolve(here(), '..', PRECOMPILED_FILE),
    path.resolve(here(), '../../dist', PRECOMPILED_FILE),
  ];
  const found = candidates.find((c) => existsSync(c));
  return found ? (requireHere(found) as PrecompiledTemplates) : undefined;
}

/**
 * Precompiled templates skip loading the Handlebars compiler and compiling (a fifth of a cold
 * `generate` at 1,000 tools); a template edited since the build no longer matches its stored
 * source, and then every template is compiled here with the full compiler.
 */
export function buildTemplateSet(sources: ReadonlyMap<string, string>, precompiled = readPrecompiled()): TemplateSet {
  const built = precompiled?.options === JSON.stringify(COMPILE_OPTIONS) ? precompiled.templates : {};
  const usePrecompiled = [...sources].every(([name, source]) => built[name]?.source === source);
  type Hb = typeof import('handlebars');
  // require, not import: loaded synchronously, and only the runtime (a third of the size) when precompiled.
  const hb = usePrecompiled ? templateEnvironment(requireHere('handlebars/runtime') as Hb) : fullHandlebars();
  const compiled = new Map<string, Template<object>>();
  for (const [name, source] of sources)
    compiled.set(
      name,
      usePrecompiled
        ? hb.template(built[name]!.spec as Parameters<Hb['template']>[0])
        : hb.compile(source, { ...COMPILE_OPTIONS }),
    );
  return {
    get<View extends object>(name: TemplateName) {
      return compiled.get(name)! as Template<View>;
    },
  };
}

let cached: TemplateSet | undefined;

/** The package's templates, loaded once per process. */
export function loadTemplates(): TemplateSet {
  cached ??= buildTemplateSet(readTemplateSources());
  return cached;
}
