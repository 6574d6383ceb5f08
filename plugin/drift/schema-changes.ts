// Pure: what changed between two summaries of a tool's input schema, field by field — properties
// added or removed, types, required and optional, enum values, constraints, defaults — and whether
// a call the model made before may now fail (breaking) or not.
import { canonicalJson } from '../mcp/canonical-json.js';
import {
  CONSTRAINT_KEYWORDS,
  ROOT_PATH,
  type PropertySummary,
  type SchemaSummary,
} from '../mcp/schema-summary.js';

type FieldChangeKind =
  | 'property-added'
  | 'property-removed'
  | 'type-changed'
  | 'became-required'
  | 'became-optional'
  | 'enum-values-added'
  | 'enum-values-removed'
  | 'enum-reordered'
  | 'enum-introduced'
  | 'enum-dropped'
  | 'constraint-changed'
  | 'default-changed'
  | 'additional-properties-changed';

/**
 * `breaking`: input that was valid may now be refused; `compatible`: more is accepted; `info`:
 * nothing is refused either way.
 */
export type ChangeSeverity = 'breaking' | 'compatible' | 'info';

export interface FieldChange {
  /** `filters.tag`, `rows[].id`, or `(root)`. */
  readonly path: string;
  readonly change: FieldChangeKind;
  readonly severity: ChangeSeverity;
  /** The keyword, for constraint changes (`maximum`). */
  readonly keyword?: string;
  readonly before?: unknown;
  readonly after?: unknown;
}

const same = (a: unknown, b: unknown) => canonicalJson(a ?? null) === canonicalJson(b ?? null);

/** Whether `path` sits under a property that was itself added or removed (its children are not repeated). */
function underChangedParent(path: string, side: SchemaSummary): boolean {
  const parents: string[] = [];
  for (let i = 0; i < path.length; i++)
    if (path[i] === '.') parents.push(path.slice(0, i).replace(/(\[\]|\|\d+)$/, ''));
  return parents.some((p) => !Object.hasOwn(side, p));
}

/** Whether a new value of a min/max keyword refuses input the old one accepted. */
function tightened(keyword: string, before: unknown, after: unknown): boolean {
  if (before === undefined) return true;
  if (after === undefined) return false;
  if (typeof before === 'number' && typeof after === 'number') {
    if (keyword.startsWith('min') || keyword === 'exclusiveMinimum') return after > before;
    if (keyword.startsWith('max') || keyword === 'exclusiveMaximum') return after < before;
  }
  if (keyword === 'uniqueItems') return after === true;
  // A different format, pattern or multipleOf: some input valid before is likely refused now.
  return true;
}

/** Whether every type of `before` is still accepted by `after` (`integer` → `number`, `string` → `null|string`). */
function widened(before: string, after: string): boolean {
  const now = new Set(after.split('|'));
  return before
    .split('|')
    .every((t) => now.has(t) || (t === 'integer' && now.has('number')) || now.has('any'));
}

function propertyChanges(
  path: string,
  x: PropertySummary,
  y: PropertySummary,
  add: (c: FieldChange) => void,
): void {
  if (x.type !== y.type)
    add({
      path,
      change: 'type-changed',
      severity: widened(x.type, y.type) ? 'compatible' : 'breaking',
      before: x.type,
      after: y.type,
    });
  if (!x.required && y.required) add({ path, change: 'became-required', severity: 'breaking' });
  if (x.required && !y.required) add({ path, change: 'became-optional', severity: 'compatible' });
  if (x.enum && !y.enum)
    add({ path, change: 'enum-dropped', severity: 'compatible', before: x.enum });
  else if (!x.enum && y.enum)
    add({ path, change: 'enum-introduced', severity: 'breaking', after: y.enum });
  else if (x.enum && y.enum) {
    const was = x.enum.map((v) => canonicalJson(v));
    const now = y.enum.map((v) => canonicalJson(v));
    const added = y.enum.filter((_, i) => !was.includes(now[i]!));
    const removed = x.enum.filter((_, i) => !now.includes(was[i]!));
    if (added.length > 0)
      add({ path, change: 'enum-values-added', severity: 'compatible', after: added });
    if (removed.length > 0)
      add({ path, change: 'enum-values-removed', severity: 'breaking', before: removed });
    if (added.length === 0 && removed.length === 0 && was.join('\n') !== now.join('\n'))
      add({ path, change: 'enum-reordered', severity: 'info', before: x.enum, after: y.enum });
  }
  for (const keyword of CONSTRAINT_KEYWORDS) {
    const before = x[keyword];
    const after = y[keyword];
    if (!same(before, after))
      add({
        path,
        change: 'constraint-changed',
        keyword,
        severity: tightened(keyword, before, after) ? 'breaking' : 'compatible',
        before,
        after,
      });
  }
  if ((x.additionalProperties === false) !== (y.additionalProperties === false))
    add({
      path,
      change: 'additional-properties-changed',
      severity: y.additionalProperties === false ? 'breaking' : 'compatible',
      before: x.additionalProperties ?? true,
      after: y.additionalProperties ?? true,
    });
  if (!same(x.default, y.default))
    add({ path, change: 'default-changed', severity: 'info', before: x.default, after: y.default });
}

/** Every field-level change from `before` to `after`, in path order. */
export function schemaChanges(before: SchemaSummary, after: SchemaSummary): FieldChange[] {
  const changes: FieldChange[] = [];
  const add = (c: FieldChange) => changes.push(c);
  const paths = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort();
  for (const path of paths) {
    // Own entries only: a property named `constructor` is not Object's.
    const x = Object.hasOwn(before, path) ? before[path] : undefined;
    const y = Object.hasOwn(after, path) ? after[path] : undefined;
    if (path === ROOT_PATH) {
      if ((x?.additionalProperties === false) !== (y?.additionalProperties === false))
        add({
          path,
          change: 'additional-properties-changed',
          severity: y?.additionalProperties === false ? 'breaking' : 'compatible',
          before: x?.additionalProperties ?? true,
          after: y?.additionalProperties ?? true,
        });
      continue;
    }
    if (!x && y) {
      if (!underChangedParent(path, before))
        add({
          path,
          change: 'property-added',
          severity: y.required ? 'breaking' : 'compatible',
          after: y,
        });
    } else if (x && !y) {
      if (!underChangedParent(path, after))
        add({ path, change: 'property-removed', severity: 'breaking', before: x });
    } else if (x && y) propertyChanges(path, x, y, add);
  }
  return changes;
}

const shown = (v: unknown) => (typeof v === 'string' ? v : canonicalJson(v));
const values = (v: unknown) =>
  Array.isArray(v) ? v.map((x) => canonicalJson(x)).join(', ') : shown(v);

/** One line for a person: `a: type integer → number`, `filters.tag: added (required string)`. */
export function describeChange(c: FieldChange): string {
  const p = c.path;
  switch (c.change) {
    case 'property-added': {
      const s = c.after as PropertySummary;
      return `${p}: added (${s.required ? 'required' : 'optional'} ${s.type})`;
    }
    case 'property-removed': {
      const s = c.before as PropertySummary;
      return `${p}: removed (was ${s.required ? 'required' : 'optional'} ${s.type})`;
    }
    case 'type-changed':
      return `${p}: type ${shown(c.before)} → ${shown(c.after)}`;
    case 'became-required':
      return `${p}: now required (was optional)`;
    case 'became-optional':
      return `${p}: now optional (was required)`;
    case 'enum-values-added':
      return `${p}: enum gains ${values(c.after)}`;
    case 'enum-values-removed':
      return `${p}: enum loses ${values(c.before)}`;
    case 'enum-reordered':
      return `${p}: enum reordered (${values(c.before)} → ${values(c.after)})`;
    case 'enum-introduced':
      return `${p}: now limited to ${values(c.after)}`;
    case 'enum-dropped':
      return `${p}: no longer limited to ${values(c.before)}`;
    case 'constraint-changed':
      return (
        `${p}: ${c.keyword} ${c.before === undefined ? '(none)' : shown(c.before)}` +
        ` → ${c.after === undefined ? '(none)' : shown(c.after)}`
      );
    case 'default-changed':
      return (
        `${p}: default ${c.before === undefined ? '(none)' : shown(c.before)} → ` +
        `${c.after === undefined ? '(none)' : shown(c.after)}`
      );
    case 'additional-properties-changed':
      return `${p}: ${c.after === false ? 'no longer accepts' : 'now accepts'} properties it does not list`;
  }
}
