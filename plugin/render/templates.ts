// Loads the Handlebars templates in `templates/` once per process, with the helpers the templates
// share (TypeScript literals, unions, property keys); uses the build's precompiled copies when fresh.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export type Template = (view: unknown) => string;
export type TemplateSet = ReadonlyMap<string, Template>;

const NEEDS_ESCAPE = /[\\'\n\r\u2028\u2029]/;

/** A TypeScript string literal in single quotes. */
export const tsString = (s: string) =>
  // Nearly every key and name needs no escaping; testing once is far cheaper than five replaces (hot at 5,000 tools).
  !NEEDS_ESCAPE.test(s)
    ? `'${s}'`
    : `'${s.replace(/\\/g, '\\\\').replace(/'/g, "\\'").replace(/\n/g, '\\n').replace(/\r/g, '\\r').replace(/\u2028|\u2029/g, (c) => `\\u${c.charCodeAt(0).toString(16)}`)}'`;

/** A property key: bare when it is an identifier, quoted otherwise. */
export const tsKey = (s: string) => (/^[A-Za-z_$][A-Za-z0-9_$]*$/.test(s) ? s : tsString(s));

/** A union of string literals, one member per line, or `never`. */
export const tsUnion = (members: readonly string[], indent = '  ') =>
  members.length === 0 ? ' never' : `\n${members.map((m) => `${indent}| ${tsString(m)}`).join('\n')}`;

/** An inline `['a', 'b']` array of string literals. */
export const tsArray = (members: readonly string[]) => `[${members.map(tsString).join(', ')}]`;

export function templatesDir(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidates = [path.resolve(here, '../../templates'), path.resolve(here, '../templates')];
  const found = candidates.find((c) => existsSync(path.join(c, 'registry.ts.hbs')));
  if (!found) throw new Error(`agent-tool-catalog: templates folder not found near ${here}`);
  return found;
}

/** Compile options of every template; the precompiled copies are used only when built with the same. */
export const COMPILE_OPTIONS = { noEscape: true, strict: true } as const;
/** Written by scripts/build.mjs next to the bundles. */
export const PRECOMPILED_FILE = 'templates.precompiled.cjs';

interface PrecompiledTemplates {
  readonly options: string;
  readonly templates: Readonly<Record<string, { readonly source: string; readonly spec: unknown }>>;
}

const requireHere = createRequire(import.meta.url);

/** The build's precompiled templates, if a build exists near this module. */
function readPrecompiled(): PrecompiledTemplates | undefined {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidates = [path.join(here, PRECOMPILED_FILE), path.resolve(here, '..', PRECOMPILED_FILE), path.resolve(here, '../../dist', PRECOMPILED_FILE)];
  const found = candidates.find((c) => existsSync(c));
  return found ? (requireHere(found) as PrecompiledTemplates) : undefined;
}

/** The full Handlebars; its runtime-only build (no compiler) has the same shape minus `compile`. */
type Handlebars = typeof import('handlebars');

function withHelpers(hb: Handlebars): Handlebars {
  hb.registerHelper('str', (s: string) => tsString(String(s)));
  hb.registerHelper('key', (s: string) => tsKey(String(s)));
  hb.registerHelper('union', (members: string[]) => tsUnion(members ?? []));
  hb.registerHelper('array', (members: string[]) => tsArray(members ?? []));
  hb.registerHelper('json', (v: unknown) => JSON.stringify(v));
  return hb;
}

/** Template sources by file name (`registry.ts.hbs`), in name order. */
export function readTemplateSources(dir = templatesDir()): Map<string, string> {
  const sources = new Map<string, string>();
  for (const name of readdirSync(dir).sort()) if (name.endsWith('.hbs')) sources.set(name, readFileSync(path.join(dir, name), 'utf8'));
  return sources;
}

/**
 * Precompiled templates skip loading the Handlebars compiler and compiling (a fifth of a cold
 * `generate` at 1,000 tools); a template edited since the build no longer matches its stored
 * source, and then every template is compiled here (partials included) with the full compiler.
 */
export function buildTemplateSet(sources: ReadonlyMap<string, string>, precompiled = readPrecompiled()): TemplateSet {
  const built = precompiled?.options === JSON.stringify(COMPILE_OPTIONS) ? precompiled.templates : {};
  const usePrecompiled = [...sources].every(([name, source]) => built[name]?.source === source);
  // require, not import: loaded synchronously and only the build needed (the runtime is a third of the size).
  const hb = withHelpers((requireHere(usePrecompiled ? 'handlebars/runtime' : 'handlebars') as Handlebars).create());
  const load = (name: string, source: string): Template =>
    usePrecompiled ? hb.template(built[name]!.spec as Parameters<Handlebars['template']>[0]) : hb.compile(source, { ...COMPILE_OPTIONS });
  const set = new Map<string, Template>();
  for (const [name, source] of sources) {
    if (name.startsWith('_')) hb.registerPartial(name.slice(1, -4), load(name, source));
    else set.set(name.slice(0, -4), load(name, source));
  }
  return set;
}

let cached: TemplateSet | undefined;

export function loadTemplates(dir = templatesDir()): TemplateSet {
  if (cached && dir === templatesDir()) return cached;
  const set = buildTemplateSet(readTemplateSources(dir));
  if (dir === templatesDir()) cached = set;
  return set;
}
