// A tool's input schema as one line per property — path, type, required, enum, constraints,
// default — the readable form the lock keeps, and what schema changes are computed from.
//   path syntax: `filters.tag` (nested object), `rows[]` / `rows[].id` (array items),
//   `target|1.id` (a property of the second object branch of an anyOf/oneOf)

import { boundedValue } from './json-depth.js';

export interface PropertySummary {
  /** `string`, `integer`, `number`, `null|string`, `array<string>`, `object`, `any`. */
  readonly type: string;
  readonly required?: true;
  readonly enum?: readonly unknown[];
  readonly format?: string;
  readonly pattern?: string;
  readonly minimum?: number;
  readonly exclusiveMinimum?: number;
  readonly maximum?: number;
  readonly exclusiveMaximum?: number;
  readonly minLength?: number;
  readonly maxLength?: number;
  readonly minItems?: number;
  readonly maxItems?: number;
  readonly multipleOf?: number;
  readonly uniqueItems?: boolean;
  /** `false` when an object property accepts no keys beyond its own. */
  readonly additionalProperties?: false;
  readonly default?: unknown;
}

/** Path → summary, paths sorted. The root, when it accepts no extra keys, is the path `(root)`. */
export type SchemaSummary = Readonly<Record<string, PropertySummary>>;

export const ROOT_PATH = '(root)';

/** Keywords copied into a summary as they are, in the order a summary line shows them. */
export const CONSTRAINT_KEYWORDS = [
  'format',
  'pattern',
  'minimum',
  'exclusiveMinimum',
  'maximum',
  'exclusiveMaximum',
  'minLength',
  'maxLength',
  'minItems',
  'maxItems',
  'multipleOf',
  'uniqueItems',
] as const;

type Schema = Record<string, unknown>;
const isSchema = (v: unknown): v is Schema =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
/** Nested deeper than this, a schema is summarized no further (a recursive shape has no end). */
const MAX_DEPTH = 20;
/**
 * How many subschemas one summary visits at most. Shared `$ref`s can make a small schema expand to
 * millions of paths within the depth limit; past this budget the summary stops and says so, and the
 * schema's hash still covers all of it.
 */
const MAX_VISITS = 20_000;
/** The path of the entry that says a summary stopped early. */
export const MORE_PATH = '(more)';

/** The visits left to one summary. */
interface Budget {
  visits: number;
}

/** A local `$ref` (`#/$defs/x`) resolved against the root; a cycle or a ref elsewhere stays a `ref:` type. */
function deref(
  s: unknown,
  root: Schema,
  seen: ReadonlySet<string>,
): { schema: unknown; seen: ReadonlySet<string> } {
  let current = s;
  let visited = seen;
  while (isSchema(current) && typeof current.$ref === 'string') {
    const ref = current.$ref;
    const target =
      visited.has(ref) || !ref.startsWith('#/')
        ? undefined
        : ref
            .slice(2)
            .split('/')
            .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'))
            .reduce<unknown>(
              (node, key) => (isSchema(node) && Object.hasOwn(node, key) ? node[key] : undefined),
              root,
            );
    if (!isSchema(target)) return { schema: { type: `ref:${ref}` }, seen: visited };
    visited = new Set(visited).add(ref);
    const { $ref: _ref, ...rest } = current;
    current = { ...target, ...rest };
  }
  return { schema: current, seen: visited };
}

const jsonType = (v: unknown) =>
  v === null ? 'null' : Array.isArray(v) ? 'array' : Number.isInteger(v) ? 'integer' : typeof v;

/** `array<string>`, `null|string`; `…` where the depth limit or the budget cut it short. */
function typeLabel(
  s: unknown,
  root: Schema,
  seen: ReadonlySet<string>,
  depth: number,
  budget: Budget,
): string {
  if (depth > MAX_DEPTH || budget.visits <= 0) return '…';
  budget.visits--;
  const { schema, seen: next } = deref(s, root, seen);
  if (schema === true || schema === undefined) return 'any';
  if (schema === false) return 'never';
  if (!isSchema(schema)) return 'any';
  let types: string[];
  const branches = (schema.anyOf ?? schema.oneOf) as unknown;
  if (schema.type !== undefined) types = ([] as unknown[]).concat(schema.type).map(String);
  else if ('const' in schema) types = [jsonType(schema.const)];
  else if (Array.isArray(schema.enum)) types = schema.enum.map(jsonType);
  else if (Array.isArray(branches))
    types = branches.flatMap((b) => typeLabel(b, root, next, depth + 1, budget).split('|'));
  else if (isSchema(schema.properties)) types = ['object'];
  else types = ['any'];
  // `integer | number` accepts what `number` accepts.
  if (types.includes('number')) types = types.filter((t) => t !== 'integer');
  const labels = types.map((t) =>
    t === 'array'
      ? `array<${schema.items === undefined ? 'any' : typeLabel(schema.items, root, next, depth + 1, budget)}>`
      : t,
  );
  return [...new Set(labels)].sort().join('|');
}

/** The values a property may take when it lists them: `enum`, `const`, or a union of those (zod's literal unions). */
function enumOf(s: Schema): readonly unknown[] | undefined {
  if (Array.isArray(s.enum)) return s.enum;
  if ('const' in s) return [s.const];
  const branches = (s.anyOf ?? s.oneOf) as unknown;
  if (!Array.isArray(branches)) return undefined;
  const values = branches.filter((b) => isSchema(b) && b.type !== 'null');
  if (values.length === 0 || !values.every((b) => Array.isArray(b.enum) || 'const' in b))
    return undefined;
  return values.flatMap((b) => (Array.isArray(b.enum) ? b.enum : [b.const]));
}

function summarize(
  s: Schema,
  required: boolean,
  root: Schema,
  seen: ReadonlySet<string>,
  depth: number,
  budget: Budget,
): PropertySummary {
  const out: Record<string, unknown> = { type: typeLabel(s, root, seen, depth, budget) };
  if (required) out.required = true;
  // Values are copied from the server: cut to a depth that printing and the lock can hold.
  const values = enumOf(s);
  if (values) out.enum = boundedValue(values);
  for (const k of CONSTRAINT_KEYWORDS) if (s[k] !== undefined) out[k] = boundedValue(s[k]);
  if (isSchema(s.properties) && s.additionalProperties === false) out.additionalProperties = false;
  if (s.default !== undefined) out.default = boundedValue(s.default);
  return out as unknown as PropertySummary;
}

/** Every property of `schema`, nested ones included, summarized; paths sorted. */
export function summarizeSchema(schema: unknown): SchemaSummary {
  const root = isSchema(schema) ? schema : {};
  const out = new Map<string, PropertySummary>();
  const budget: Budget = { visits: MAX_VISITS };
  const visitObject = (s: Schema, prefix: string, seen: ReadonlySet<string>, depth: number) => {
    if (depth > MAX_DEPTH || !isSchema(s.properties)) return;
    const required = new Set(Array.isArray(s.required) ? s.required : []);
    for (const [name, raw] of Object.entries(s.properties)) {
      if (budget.visits <= 0) return;
      budget.visits--;
      const path = prefix ? `${prefix}.${name}` : name;
      const { schema: property, seen: next } = deref(raw, root, seen);
      if (!isSchema(property)) {
        out.set(path, {
          type: property === false ? 'never' : 'any',
          ...(required.has(name) ? { required: true } : {}),
        });
        continue;
      }
      out.set(path, summarize(property, required.has(name), root, next, depth, budget));
      visitChildren(property, path, next, depth + 1);
    }
  };
  const visitChildren = (s: Schema, path: string, seen: ReadonlySet<string>, depth: number) => {
    visitObject(s, path, seen, depth);
    if (isSchema(s.items)) {
      const { schema: items, seen: next } = deref(s.items, root, seen);
      if (isSchema(items)) visitObject(items, `${path}[]`, next, depth + 1);
    }
    const branches = (s.anyOf ?? s.oneOf) as unknown;
    if (Array.isArray(branches))
      branches.forEach((b, i) => {
        const { schema: branch, seen: next } = deref(b, root, seen);
        if (isSchema(branch)) visitObject(branch, `${path}|${i}`, next, depth + 1);
      });
  };
  visitObject(root, '', new Set(), 0);
  if (budget.visits <= 0)
    out.set(MORE_PATH, { type: `more than ${MAX_VISITS} subschemas; the hash covers the rest` });
  if (root.additionalProperties === false)
    out.set(ROOT_PATH, { type: 'object', additionalProperties: false });
  // Built with defineProperty semantics: a property named `__proto__` is a path like any other.
  return Object.fromEntries([...out.keys()].sort().map((k) => [k, out.get(k)!]));
}
