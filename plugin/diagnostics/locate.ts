// Turns pending diagnostics into located ones. Parsing happens only here, on the error path, so
// a clean `generate` never pays for loading a parser; the parser is Babel's, which reads TypeScript
// syntax without loading the TypeScript compiler.
import { readFileSync } from 'node:fs';
import type { CatalogDiagnostic, PendingDiagnostic, SourceLocator, SourcePosition } from './diagnostics.js';
import { relativePosix } from '../text/spelling.js';

/** The few Babel AST shapes the walk needs; everything else is skipped by `type`. */
interface AstNode {
  readonly type: string;
  readonly loc?: { readonly start: { readonly line: number; readonly column: number } } | null;
  readonly [key: string]: unknown;
}

interface ParsedFile {
  readonly text: string;
  readonly program: AstNode | undefined;
}

export interface LocateOptions {
  /** Paths in messages are shown relative to this folder. */
  readonly displayRoot: string;
  /** Other files to search when a key is not found where expected (re-exported tool sets). */
  readonly searchFiles?: readonly string[];
}

const isLocator = (at: SourceLocator | SourcePosition): at is SourceLocator => 'path' in at;
const isNode = (value: unknown): value is AstNode => typeof value === 'object' && value !== null && typeof (value as AstNode).type === 'string';
const child = (node: AstNode, key: string): AstNode | undefined => (isNode(node[key]) ? (node[key] as AstNode) : undefined);
const children = (node: AstNode, key: string): AstNode[] => (Array.isArray(node[key]) ? (node[key] as unknown[]).filter(isNode) : []);

/** Type assertions and wrappers say nothing about the value: `{...} as never`, `x!`, `x satisfies T`, `(x)`. */
const TRANSPARENT = new Set(['TSAsExpression', 'TSSatisfiesExpression', 'TSNonNullExpression', 'TSTypeAssertion', 'ParenthesizedExpression']);
function unwrap(node: AstNode | undefined): AstNode | undefined {
  while (node && TRANSPARENT.has(node.type)) node = child(node, 'expression');
  return node;
}

/** The key a property is found by at runtime: `a`, `'a'`, `1`, `['a']`, `` [`a`] ``; undefined when computed from code. */
function propertyName(node: AstNode): string | undefined {
  if (node.type !== 'ObjectProperty' && node.type !== 'ObjectMethod') return undefined;
  const key = child(node, 'key');
  if (!key) return undefined;
  if (!node.computed && key.type === 'Identifier') return key.name as string;
  if (key.type === 'StringLiteral' || key.type === 'NumericLiteral') return String(key.value);
  if (key.type === 'TemplateLiteral' && children(key, 'expressions').length === 0) return String((children(key, 'quasis')[0]?.value as { cooked?: string })?.cooked ?? '');
  return undefined;
}

function calleeName(callee: AstNode | undefined): string {
  if (!callee) return '';
  if (callee.type === 'Identifier') return callee.name as string;
  if (callee.type === 'MemberExpression' && !callee.computed) return (child(callee, 'property')?.name as string | undefined) ?? '';
  return '';
}

/** Every node below `node` (depth first, source order). */
function each(node: AstNode, visit: (n: AstNode) => void): void {
  visit(node);
  for (const [key, value] of Object.entries(node)) {
    if (key === 'loc' || key.endsWith('Comments')) continue;
    if (Array.isArray(value)) for (const item of value) isNode(item) && each(item, visit);
    else if (isNode(value)) each(value, visit);
  }
}

const ROOT_CALLS: Record<SourceLocator['scope'], readonly string[]> = { tools: ['tools', 'defineTools'], catalog: ['defineCatalog'], config: ['defineConfig'] };

/** Object literals that start a locator's path: `.tools({...})`, `defineCatalog({...})`, the config's default export. */
function roots(program: AstNode, scope: SourceLocator['scope']): AstNode[] {
  const found: AstNode[] = [];
  each(program, (node) => {
    if (node.type === 'CallExpression' && ROOT_CALLS[scope].includes(calleeName(child(node, 'callee')))) {
      const arg = unwrap(children(node, 'arguments')[0]);
      if (arg?.type === 'ObjectExpression') found.push(arg);
    }
    if (scope === 'config' && node.type === 'ExportDefaultDeclaration') {
      const value = unwrap(child(node, 'declaration'));
      if (value?.type === 'ObjectExpression') found.push(value);
    }
  });
  // A catalog built without the helpers: fall back to every object literal in the file.
  if (found.length === 0 && scope === 'tools') each(program, (node) => node.type === 'ObjectExpression' && found.push(node));
  return found;
}

/** Walks `path` from each root; returns the deepest node reached and whether the whole path matched. */
function walk(program: AstNode, locator: SourceLocator): { node: AstNode; complete: boolean } | undefined {
  let best: { node: AstNode; depth: number } | undefined;
  for (const root of roots(program, locator.scope)) {
    let current: AstNode = root;
    let depth = 0;
    for (const key of locator.path) {
      if (current.type !== 'ObjectExpression') break;
      // The last property of a name wins, as it does when the object is evaluated.
      const prop = children(current, 'properties').findLast((p) => propertyName(p) === key);
      if (!prop) break;
      depth++;
      const isLast = depth === locator.path.length;
      // A getter or method has no value to point at: its key is where it is written.
      const value = prop.type === 'ObjectProperty' ? unwrap(child(prop, 'value')) : undefined;
      current = (isLast && locator.atKey) || !value ? child(prop, 'key')! : value;
    }
    if ((depth > 0 || locator.path.length === 0) && (!best || depth > best.depth)) best = { node: current, depth };
  }
  if (!best) return undefined;
  let node = best.node;
  const complete = best.depth === locator.path.length;
  if (complete && locator.element !== undefined && node.type === 'ArrayExpression') node = unwrap(children(node, 'elements')[locator.element]) ?? node;
  return { node, complete };
}

async function parseWith(): Promise<(file: string) => ParsedFile | null> {
  const { parse } = await import('@babel/parser');
  return (file) => {
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch {
      return null;
    }
    try {
      const program = parse(text, { sourceType: 'module', plugins: ['typescript'], errorRecovery: true }).program as unknown as AstNode;
      return { text, program };
    } catch {
      // Text that does not parse still shows in a code frame, at the position a caller already has.
      return { text, program: undefined };
    }
  };
}

export function createLocator(options: LocateOptions) {
  let parseFile: ((file: string) => ParsedFile | null) | undefined;
  const parsed = new Map<string, ParsedFile | null>();
  const parse = (file: string): ParsedFile | null => {
    if (!parsed.has(file)) parsed.set(file, parseFile ? parseFile(file) : safeText(file));
    return parsed.get(file)!;
  };

  const position = (at: SourceLocator | SourcePosition): SourcePosition => {
    if (!isLocator(at)) return at;
    // An empty path names the declaring call itself (`.tools({...})`, `defineCatalog({...})`), which
    // only `at.file` can hold; a key path may also sit in a file that re-exports the tool set.
    const candidates = at.path.length === 0 ? [at.file] : [at.file, ...(options.searchFiles ?? []).filter((f) => f !== at.file)];
    let fallback: SourcePosition | undefined;
    for (const file of candidates) {
      const program = parse(file)?.program;
      const hit = program && walk(program, { ...at, file });
      const start = hit && hit.node.loc?.start;
      if (!start) continue;
      const pos = { file, line: start.line, column: start.column + 1 };
      if (hit.complete) return pos;
      fallback ??= pos;
    }
    return fallback ?? { file: at.file, line: 1, column: 1 };
  };

  return async function locate(pending: readonly PendingDiagnostic[]): Promise<CatalogDiagnostic[]> {
    if (!parseFile && pending.some((d) => d.at && isLocator(d.at))) {
      parseFile = await parseWith();
      parsed.clear();
    }
    const { codeFrameColumns } = await import('@babel/code-frame');
    const display = (p: SourcePosition): SourcePosition => ({ ...p, file: relativePosix(options.displayRoot, p.file) || p.file });
    return pending.map(({ at, related, ...rest }) => {
      if (!at) return { ...rest, related: undefined };
      const pos = position(at);
      const text = parse(pos.file)?.text;
      const frame = text === undefined ? undefined : codeFrameColumns(text, { start: { line: pos.line, column: pos.column } }, { linesAbove: 2, linesBelow: 2 });
      return {
        ...rest,
        position: display(pos),
        frame,
        related: related?.map((r) => ({ ...display(position(r.at)), message: r.message })),
      };
    });
  };
}

function safeText(file: string): ParsedFile | null {
  try {
    return { text: readFileSync(file, 'utf8'), program: undefined };
  } catch {
    return null;
  }
}
