// The templates in `templates/`, looked up by a typed name. Each lays out one output's text from a
// view its renderer builds; the build's precompiled copies are used while their sources are fresh.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { arrayEach } from './array-each.js';
import { COMPILE_OPTIONS, fullHandlebars } from './template-compiler.js';
import type { TemplateViews } from './template-views.js';
import { keepLast, lastKept, memoSlot } from '../session-memory.js';

export type TemplateName = keyof TemplateViews;

/** Every template, by the name of its file in `templates/` without `.hbs`: one per view, and no other. */
const TEMPLATE_NAMES = Object.keys({
  header: true,
  'registry.ts': true,
  'tools.ts': true,
  'policy.ts': true,
  'policy.md': true,
  'session.ts': true,
  'ai-sdk.ts': true,
  'openai-agents.ts': true,
  'opt-outs.ts': true,
  'callers.md': true,
  'bindings.ts': true,
  'binding-skeleton.ts': true,
  'i18n-keys.ts': true,
  'sdk-coverage.ts': true,
  'index.ts': true,
  'policy-report.md': true,
  'policy-report.html': true,
  'init-config.ts': true,
  'init-vocabulary.catalog.ts': true,
  'init-tools.catalog.ts': true,
  'init-sdk-tools.catalog.ts': true,
  'init-agent-server.ts': true,
  'init-chat-ai-sdk.ts': true,
  'init-chat-openai-agents.ts': true,
} satisfies Record<TemplateName, true>) as TemplateName[];

/** A compiled template: the view's text laid out. */
export type Template<View> = (view: View) => string;

export interface TemplateSet {
  /** The template `name`, which lays out the view `TemplateViews` declares for it. */
  get<Name extends TemplateName>(name: Name): Template<TemplateViews[Name]>;
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
  const candidates = [
    path.resolve(here(), '../../templates'),
    path.resolve(here(), '../templates'),
  ];
  const found = candidates.find((c) => existsSync(path.join(c, 'registry.ts.hbs')));
  if (!found) throw new Error(`agent-tool-catalog: templates folder not found near ${here()}`);
  return found;
}

/** Template sources by name (`registry.ts`), in name order; every name must have its file. */
export function readTemplateSources(dir = templatesDir()): Map<string, string> {
  const sources = new Map<string, string>();
  for (const file of readdirSync(dir).sort())
    if (file.endsWith('.hbs'))
      sources.set(file.slice(0, -4), readFileSync(path.join(dir, file), 'utf8'));
  const missing = TEMPLATE_NAMES.filter((name) => !sources.has(name));
  if (missing.length > 0)
    throw new Error(`agent-tool-catalog: templates missing from ${dir}: ${missing.join(', ')}`);
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
export function buildTemplateSet(
  sources: ReadonlyMap<string, string>,
  precompiled = readPrecompiled(),
): TemplateSet {
  const built =
    precompiled?.options === JSON.stringify(COMPILE_OPTIONS) ? precompiled.templates : {};
  const usePrecompiled = [...sources].every(([name, source]) => built[name]?.source === source);
  type Hb = typeof import('handlebars');
  // require, not import: loaded synchronously, and only the runtime (a third of the size) when precompiled.
  const hb = usePrecompiled ? (requireHere('handlebars/runtime') as Hb).create() : fullHandlebars();
  hb.registerHelper('each', arrayEach(hb.helpers.each!));
  const compiled = new Map<string, Template<object>>();
  for (const [name, source] of sources)
    compiled.set(
      name,
      usePrecompiled
        ? hb.template(built[name]!.spec as Parameters<Hb['template']>[0])
        : hb.compile(source, { ...COMPILE_OPTIONS }),
    );
  return {
    get<Name extends TemplateName>(name: Name) {
      return compiled.get(name)! as Template<TemplateViews[Name]>;
    },
  };
}

/** The package's templates, loaded once per run or session (kept texts are compared with them by identity). */
const TEMPLATES = memoSlot<'package', TemplateSet>('package templates');

/** The package's templates: loaded once per run or session, on every call outside one. */
export function loadTemplates(): TemplateSet {
  const known = lastKept(TEMPLATES, 'package');
  if (known) return known;
  const templates = buildTemplateSet(readTemplateSources());
  keepLast(TEMPLATES, 'package', templates);
  return templates;
}
