// Pure: the edits `upgrade --write` makes to a catalog file, as text edits found with the Babel
// parser — a field set, replaced or removed on one tool's object, declarations added
// at the end of a `.tools({...})` call — so every other byte of the file stays as the user wrote it.
import { eachNode, isNode, parseProgram, type AstNode } from '../diagnostics/source-ast.js';
import { tsArray, tsString } from '../text/escape.js';

/** Fields of one tool to set (a string or a list of strings) or remove (`undefined`); lists are merged. */
export type FieldValues = Readonly<Record<string, string | readonly string[] | undefined>>;

export interface ToolEdit {
  readonly key: string;
  readonly fields: FieldValues;
}

export interface FileEdits {
  readonly tools: readonly ToolEdit[];
  /** Declarations (one `Key: { … },` line each) to add at the end of the file's first `.tools({...})` call. */
  readonly declarations: readonly string[];
  /** A comment line above the added declarations. */
  readonly comment?: string;
}

export class CatalogEditError extends Error {
  override name = 'CatalogEditError';
}

interface TextEdit {
  readonly start: number;
  readonly end: number;
  readonly text: string;
}

/** Where a tool's key is, 1-based, for the report. */
export interface KeyPosition {
  readonly line: number;
  readonly column: number;
}

const TRANSPARENT = new Set([
  'TSAsExpression',
  'TSSatisfiesExpression',
  'TSNonNullExpression',
  'ParenthesizedExpression',
]);
const child = (node: AstNode, key: string) =>
  isNode(node[key]) ? (node[key] as AstNode) : undefined;
const list = (node: AstNode, key: string) =>
  Array.isArray(node[key]) ? (node[key] as unknown[]).filter(isNode) : [];
const startOf = (n: AstNode) => n.start as number;
const endOf = (n: AstNode) => n.end as number;

function unwrap(node: AstNode | undefined): AstNode | undefined {
  while (node && TRANSPARENT.has(node.type)) node = child(node, 'expression');
  return node;
}

/** A property's key as a string, when it is written as one (`Bash`, `'Bash'`). */
function keyOf(p: AstNode): string | undefined {
  if (p.type !== 'ObjectProperty' || p.computed) return undefined;
  const key = child(p, 'key');
  if (key?.type === 'Identifier') return key.name as string;
  if (key?.type === 'StringLiteral') return key.value as string;
  return undefined;
}

/** The object literals passed to `.tools(...)` / `defineTools(...)`, in file order. */
function toolObjects(program: AstNode): AstNode[] {
  const found: AstNode[] = [];
  eachNode(program, (node) => {
    if (node.type !== 'CallExpression') return;
    const callee = child(node, 'callee');
    const name =
      callee?.type === 'Identifier'
        ? callee.name
        : callee?.type === 'MemberExpression' && !callee.computed
          ? child(callee, 'property')?.name
          : undefined;
    if (name !== 'tools' && name !== 'defineTools') return;
    const arg = unwrap(list(node, 'arguments')[0]);
    if (arg?.type === 'ObjectExpression') found.push(arg);
  });
  return found;
}

function parse(file: string, text: string): AstNode {
  const program = parseProgram(file, text);
  if (!program)
    throw new CatalogEditError(`${file} does not parse; fix it, then run upgrade again.`);
  return program;
}

/** The object literal of tool `key` in `file`, and its property node. */
function findTool(
  file: string,
  program: AstNode,
  key: string,
): { property: AstNode; object: AstNode } {
  for (const root of toolObjects(program))
    for (const property of list(root, 'properties')) {
      if (keyOf(property) !== key) continue;
      const object = unwrap(child(property, 'value'));
      if (object?.type === 'ObjectExpression') return { property, object };
      throw new CatalogEditError(
        `${file}: '${key}' is not declared as an object literal; edit it by hand.`,
      );
    }
  throw new CatalogEditError(
    `${file}: no .tools({...}) call declares '${key}' as a literal; edit it by hand.`,
  );
}

/** Where tool keys are declared in `text`, for the report; keys not found are left out. */
export function keyPositions(
  file: string,
  text: string,
  keys: readonly string[],
): Map<string, KeyPosition> {
  const program = parseProgram(file, text);
  const out = new Map<string, KeyPosition>();
  if (!program) return out;
  for (const root of toolObjects(program))
    for (const property of list(root, 'properties')) {
      const key = keyOf(property);
      const loc = property.loc?.start;
      if (key !== undefined && keys.includes(key) && loc)
        out.set(key, { line: loc.line, column: loc.column + 1 });
    }
  return out;
}

/** A list field's new value: what it holds plus the new names, each once. */
function mergedList(
  file: string,
  key: string,
  field: string,
  existing: AstNode | undefined,
  add: readonly string[],
) {
  const held: string[] = [];
  if (existing) {
    const value = unwrap(child(existing, 'value'));
    const items = value?.type === 'ArrayExpression' ? list(value, 'elements') : undefined;
    if (!items || items.some((e) => e.type !== 'StringLiteral'))
      throw new CatalogEditError(
        `${file}: '${key}'.${field} is not a list of strings; edit it by hand.`,
      );
    held.push(...items.map((e) => e.value as string));
  }
  return tsArray([...new Set([...held, ...add])]);
}

/**
 * Fields a new one is written after, by preference: a name beside `kind`, versions and earlier
 * names after `exposure`.
 */
const ANCHORS: Readonly<Record<string, readonly string[]>> = {
  name: ['kind'],
  sdkType: ['name', 'kind'],
};
const DEFAULT_ANCHORS = ['exposure', 'category', 'kind'];

function toolEdits(file: string, text: string, program: AstNode, edit: ToolEdit): TextEdit[] {
  const { object } = findTool(file, program, edit.key);
  const properties = list(object, 'properties');
  const byKey = new Map(properties.map((p) => [keyOf(p), p] as const));
  const edits: TextEdit[] = [];
  const inserts = new Map<number, string[]>();
  for (const [field, value] of Object.entries(edit.fields)) {
    const existing = byKey.get(field);
    if (value === undefined) {
      if (existing) edits.push(removal(text, existing, properties));
      continue;
    }
    const literal =
      typeof value === 'string'
        ? tsString(value)
        : mergedList(file, edit.key, field, existing, value);
    if (existing) {
      const node = child(existing, 'value')!;
      edits.push({ start: startOf(node), end: endOf(node), text: literal });
      continue;
    }
    const anchor = (ANCHORS[field] ?? DEFAULT_ANCHORS)
      .map((f) => byKey.get(f))
      .find((p) => p !== undefined);
    const at = anchor ? endOf(anchor) : startOf(object) + 1;
    const pieces = inserts.get(at) ?? [];
    pieces.push(`${field}: ${literal}`);
    inserts.set(at, pieces);
  }
  for (const [at, pieces] of inserts)
    edits.push({ start: at, end: at, text: anchorText(at, pieces, object) });
  return edits;
}

/** `, a: 1, b: 2` after an existing property; ` a: 1, b: 2,` at the start of an object. */
function anchorText(at: number, pieces: readonly string[], object: AstNode): string {
  if (at !== startOf(object) + 1) return pieces.map((p) => `, ${p}`).join('');
  const empty = list(object, 'properties').length === 0;
  return ` ${pieces.join(', ')}${empty ? ' ' : ','}`;
}

/** Removes a property with the comma and spaces that separate it from its neighbour. */
function removal(text: string, p: AstNode, siblings: readonly AstNode[]): TextEdit {
  let end = endOf(p);
  while (text[end] === ' ' || text[end] === '\t') end++;
  if (text[end] === ',') {
    end++;
    while (text[end] === ' ') end++;
    return { start: startOf(p), end, text: '' };
  }
  const before = siblings[siblings.indexOf(p) - 1];
  return { start: before ? endOf(before) : startOf(p), end: endOf(p), text: '' };
}

const lineStart = (text: string, pos: number) => text.lastIndexOf('\n', pos - 1) + 1;

/** Declarations added after the last entry of the file's first `.tools({...})` object, in its indentation. */
function declarationEdits(
  file: string,
  text: string,
  program: AstNode,
  edits: FileEdits,
): TextEdit[] {
  if (edits.declarations.length === 0) return [];
  const root = toolObjects(program)[0];
  if (!root)
    throw new CatalogEditError(`${file} has no .tools({...}) call to add the new tools to.`);
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  const properties = list(root, 'properties');
  const last = properties[properties.length - 1];
  if (!last) {
    const indent = `${/^[ \t]*/.exec(text.slice(lineStart(text, startOf(root))))![0]}  `;
    const lines = [...(edits.comment ? [`// ${edits.comment}`] : []), ...edits.declarations].map(
      (l) => indent + l,
    );
    return [
      { start: startOf(root) + 1, end: endOf(root) - 1, text: `${eol}${lines.join(eol)}${eol}` },
    ];
  }
  const indent = /^[ \t]*/.exec(text.slice(lineStart(text, startOf(last))))![0];
  let i = endOf(last);
  while (text[i] === ' ' || text[i] === '\t') i++;
  const hadComma = text[i] === ',';
  const out: TextEdit[] = hadComma ? [] : [{ start: endOf(last), end: endOf(last), text: ',' }];
  if (hadComma) i++;
  const lineEnd = text.indexOf('\n', i);
  const rest = text.slice(i, lineEnd < 0 ? text.length : lineEnd);
  if (lineEnd >= 0 && /^[ \t]*(\/\/.*|\/\*.*?\*\/[ \t]*)?\r?$/.test(rest)) {
    // On lines of their own after the last entry's line, so a comment trailing it stays with it.
    const lines = [...(edits.comment ? [`// ${edits.comment}`] : []), ...edits.declarations];
    out.push({
      start: lineEnd + 1,
      end: lineEnd + 1,
      text: lines.map((l) => `${indent}${l}${eol}`).join(''),
    });
  } else out.push({ start: i, end: i, text: ` ${edits.declarations.join(' ')}` });
  return out;
}

/** The new text of `file` with `edits` applied; throws `CatalogEditError` (and changes nothing) when one cannot be. */
export function editCatalogFile(file: string, text: string, edits: FileEdits): string {
  const program = parse(file, text);
  const all = [
    ...edits.tools.flatMap((e) => toolEdits(file, text, program, e)),
    ...declarationEdits(file, text, program, edits),
  ];
  const sorted = [...all].sort((a, b) => b.start - a.start || b.end - a.end);
  for (let k = 1; k < sorted.length; k++)
    if (sorted[k]!.end > sorted[k - 1]!.start && sorted[k]!.start !== sorted[k - 1]!.start)
      throw new CatalogEditError(`${file}: two edits overlap; edit it by hand.`);
  let out = text;
  for (const e of sorted) out = out.slice(0, e.start) + e.text + out.slice(e.end);
  return out;
}
