// Loads and compiles the Handlebars templates in `templates/` once per process, with the helpers
// the templates share (TypeScript literals, unions, property keys).
import Handlebars from 'handlebars';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export type Template = (view: unknown) => string;
export type TemplateSet = ReadonlyMap<string, Template>;

/** A TypeScript string literal in single quotes. */
export const tsString = (s: string) =>
  `'${s.replace(/\\/g, '\\\\').replace(/'/g, "\\'").replace(/\n/g, '\\n').replace(/\r/g, '\\r').replace(/\u2028|\u2029/g, (c) => `\\u${c.charCodeAt(0).toString(16)}`)}'`;

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

let cached: TemplateSet | undefined;

export function loadTemplates(dir = templatesDir()): TemplateSet {
  if (cached && dir === templatesDir()) return cached;
  const hb = Handlebars.create();
  hb.registerHelper('str', (s: string) => tsString(String(s)));
  hb.registerHelper('key', (s: string) => tsKey(String(s)));
  hb.registerHelper('union', (members: string[]) => tsUnion(members ?? []));
  hb.registerHelper('array', (members: string[]) => tsArray(members ?? []));
  hb.registerHelper('json', (v: unknown) => JSON.stringify(v));
  const set = new Map<string, Template>();
  for (const name of readdirSync(dir).sort()) {
    if (!name.endsWith('.hbs')) continue;
    const source = readFileSync(path.join(dir, name), 'utf8');
    if (name.startsWith('_')) hb.registerPartial(name.slice(1, -4), source);
    else set.set(name.slice(0, -4), hb.compile(source, { noEscape: true, strict: true }) as Template);
  }
  cached = set;
  return set;
}
