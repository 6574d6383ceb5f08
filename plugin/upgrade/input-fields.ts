// The input fields of every tool type in an SDK's `sdk-tools.d.ts`, read with the Babel parser into
// the same per-property summaries MCP schemas get, so drift's field-by-field comparison applies.
import type { Node, TSType, TSTypeElement } from '@babel/types';
import { loadParser } from '../drift/read-sdk-types.js';
import type { PropertySummary, SchemaSummary } from '../mcp/schema-summary.js';

type Body = readonly TSTypeElement[];
type Declared = Map<string, { body?: Body; type?: TSType }>;

/** Nested deeper than this, a type is summarized no further (a recursive shape has no end). */
const MAX_DEPTH = 12;

interface Field {
  type: string;
  required: boolean;
  enum?: unknown[];
}

/** The alternatives of a type label at its top level: `array<a|b>|null` → `array<a|b>`, `null`. */
const alternatives = (label: string): string[] => {
  const out: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < label.length; i++) {
    if (label[i] === '<') depth++;
    else if (label[i] === '>') depth--;
    else if (label[i] === '|' && depth === 0) {
      out.push(label.slice(start, i));
      start = i + 1;
    }
  }
  return [...out, label.slice(start)];
};
const joinLabels = (labels: readonly string[]) =>
  [...new Set(labels.flatMap(alternatives))].sort().join('|');

const unwrap = (t: TSType): TSType =>
  t.type === 'TSParenthesizedType' ? unwrap(t.typeAnnotation) : t;

const KEYWORDS: Partial<Record<Node['type'], string>> = {
  TSStringKeyword: 'string',
  TSNumberKeyword: 'number',
  TSBooleanKeyword: 'boolean',
  TSNullKeyword: 'null',
  TSUndefinedKeyword: 'undefined',
  TSAnyKeyword: 'any',
  TSUnknownKeyword: 'any',
  TSObjectKeyword: 'object',
};

function propertyName(m: TSTypeElement): string | undefined {
  if (m.type !== 'TSPropertySignature') return undefined;
  if (m.key.type === 'Identifier') return m.key.name;
  if (m.key.type === 'StringLiteral') return m.key.value;
  return undefined;
}

class Summarizer {
  constructor(
    private readonly declared: Declared,
    private readonly source: string,
  ) {}

  /** The members of an object-like type: a type literal, or a local interface or type alias of one. */
  private bodyOf(
    t: TSType,
    seen: ReadonlySet<string>,
  ): { body: Body; seen: ReadonlySet<string> } | undefined {
    if (t.type === 'TSTypeLiteral') return { body: t.members, seen };
    if (t.type !== 'TSTypeReference' || t.typeName.type !== 'Identifier') return undefined;
    const name = t.typeName.name;
    const found = this.declared.get(name);
    if (!found || seen.has(name)) return undefined;
    const next = new Set(seen).add(name);
    if (found.body) return { body: found.body, seen: next };
    return found.type ? this.bodyOf(unwrap(found.type), next) : undefined;
  }

  /** One type's label (`string`, `array<object>`, `null|string`) and, for literals, its values. */
  private label(t: TSType, seen: ReadonlySet<string>): { type: string; enum?: unknown[] } {
    t = unwrap(t);
    const keyword = KEYWORDS[t.type];
    if (keyword) return { type: keyword };
    if (t.type === 'TSLiteralType' && 'value' in t.literal) {
      const value = t.literal.value;
      return { type: typeof value === 'string' ? 'string' : typeof value, enum: [value] };
    }
    if (t.type === 'TSArrayType') return { type: `array<${this.label(t.elementType, seen).type}>` };
    if (t.type === 'TSTupleType') {
      const items = [
        ...new Set(
          t.elementTypes.map(
            (e) => this.label(e.type === 'TSNamedTupleMember' ? e.elementType : e, seen).type,
          ),
        ),
      ];
      return { type: `array<${joinLabels(items)}>` };
    }
    if (t.type === 'TSUnionType') {
      const parts = t.types.map((m) => this.label(m, seen));
      const literal = parts.every((p) => p.enum) ? parts.flatMap((p) => p.enum!) : undefined;
      return { type: joinLabels(parts.map((p) => p.type)), ...(literal ? { enum: literal } : {}) };
    }
    if (this.bodyOf(t, seen)) return { type: 'object' };
    if (t.type === 'TSTypeReference' && t.typeName.type === 'Identifier') {
      const [item] = t.typeParameters?.params ?? [];
      if (t.typeName.name === 'Array' && item)
        return { type: `array<${this.label(item, seen).type}>` };
      const alias = this.declared.get(t.typeName.name)?.type;
      if (alias && !seen.has(t.typeName.name))
        return this.label(alias, new Set(seen).add(t.typeName.name));
    }
    return { type: this.source.slice(t.start ?? 0, t.end ?? 0).replace(/\s+/g, ' ') };
  }

  /** The object branches of a type, with the path suffix their properties go under (`[]` for array items). */
  private branches(
    t: TSType,
    seen: ReadonlySet<string>,
  ): { body: Body; suffix: string; seen: ReadonlySet<string> }[] {
    t = unwrap(t);
    const own = this.bodyOf(t, seen);
    if (own) return [{ ...own, suffix: '' }];
    const items = (types: readonly TSType[]) =>
      types.flatMap((i) => this.branches(i, seen)).map((b) => ({ ...b, suffix: `[]${b.suffix}` }));
    if (t.type === 'TSUnionType') return t.types.flatMap((m) => this.branches(m, seen));
    if (t.type === 'TSArrayType') return items([t.elementType]);
    if (t.type === 'TSTupleType')
      return items(
        t.elementTypes.map((e) => (e.type === 'TSNamedTupleMember' ? e.elementType : e)),
      );
    if (
      t.type === 'TSTypeReference' &&
      t.typeName.type === 'Identifier' &&
      t.typeName.name === 'Array'
    )
      return items(t.typeParameters?.params ?? []);
    return [];
  }

  /** Every property of `body` under `prefix`, nested objects and array items included. */
  fields(body: Body, prefix: string, seen: ReadonlySet<string>, depth = 0): Map<string, Field> {
    const out = new Map<string, Field>();
    if (depth > MAX_DEPTH) return out;
    for (const member of body) {
      const name = propertyName(member);
      const annotation =
        member.type === 'TSPropertySignature' ? member.typeAnnotation?.typeAnnotation : undefined;
      if (name === undefined || !annotation) continue;
      const path = prefix === '' ? name : `${prefix}.${name}`;
      const { type, enum: values } = this.label(annotation, seen);
      out.set(path, {
        type,
        required: member.type === 'TSPropertySignature' && !member.optional,
        enum: values,
      });
      // Branches of one property (tuple elements, union members) merge: required only where every branch requires it.
      const groups = new Map<string, Map<string, Field>[]>();
      for (const branch of this.branches(annotation, seen)) {
        const list = groups.get(branch.suffix) ?? [];
        list.push(this.fields(branch.body, `${path}${branch.suffix}`, branch.seen, depth + 1));
        groups.set(branch.suffix, list);
      }
      for (const maps of groups.values()) for (const [p, f] of mergeBranches(maps)) out.set(p, f);
    }
    return out;
  }
}

function mergeBranches(maps: readonly Map<string, Field>[]): Map<string, Field> {
  const out = new Map<string, Field>();
  for (const p of new Set(maps.flatMap((m) => [...m.keys()]))) {
    const found = maps.map((m) => m.get(p)).filter((f): f is Field => f !== undefined);
    const type = joinLabels(found.map((f) => f.type));
    const values = found.every((f) => f.enum)
      ? [...new Set(found.flatMap((f) => f.enum!))]
      : undefined;
    const required = found.length === maps.length && found.every((f) => f.required);
    out.set(p, { type, required, ...(values ? { enum: values } : {}) });
  }
  return out;
}

function summary(fields: Map<string, Field>): SchemaSummary {
  const out: Record<string, PropertySummary> = {};
  for (const path of [...fields.keys()].sort()) {
    const f = fields.get(path)!;
    out[path] = {
      type: f.type,
      ...(f.required ? { required: true as const } : {}),
      ...(f.enum ? { enum: f.enum } : {}),
    };
  }
  return out;
}

/** Every top-level interface and type alias of an `sdk-tools.d.ts` text, summarized by name (`AgentInput`). */
export async function inputFieldsOf(source: string): Promise<Map<string, SchemaSummary>> {
  const parse = await loadParser();
  const body = parse(source, { sourceType: 'module', plugins: [['typescript', { dts: true }]] })
    .program.body;
  const declared: Declared = new Map();
  for (const statement of body) {
    const d = statement.type === 'ExportNamedDeclaration' ? statement.declaration : statement;
    if (d?.type === 'TSInterfaceDeclaration') declared.set(d.id.name, { body: d.body.body });
    else if (d?.type === 'TSTypeAliasDeclaration')
      declared.set(d.id.name, { type: d.typeAnnotation });
  }
  const summarizer = new Summarizer(declared, source);
  const out = new Map<string, SchemaSummary>();
  for (const [name, d] of declared) {
    const own =
      d.body ??
      (d.type && unwrap(d.type).type === 'TSTypeLiteral'
        ? (unwrap(d.type!) as { members: Body }).members
        : undefined);
    if (own) out.set(name, summary(summarizer.fields(own, '', new Set([name]))));
  }
  return out;
}
