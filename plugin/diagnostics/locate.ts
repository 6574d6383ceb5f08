// Turns pending diagnostics into located ones. Parsing happens only here, on the error path, and
// only for diagnostics that name a key path rather than a position.
import { realpathSync } from 'node:fs';
import path from 'node:path';
import type {
  CatalogDiagnostic,
  PendingDiagnostic,
  SourceLocator,
  SourcePosition,
} from './diagnostics.js';
import { eachNode, isNode, parseProgram, type AstNode } from './source-ast.js';
import { liesIn } from '../text/real-place.js';
import { readRegularFileSync } from '../text/regular-file.js';
import { relativePosix } from '../text/spelling.js';

export interface LocateOptions {
  /** Paths in messages are shown relative to this folder. */
  readonly displayRoot: string;
  /**
   * The project folder: a code frame shows only a regular file whose real place lies in it, so a
   * message never shows what a link out of the project, a device or the environment holds.
   */
  readonly projectRoot: string;
  /** Other files to search when a key is not found where expected (re-exported tool sets). */
  readonly searchFiles?: readonly string[];
}

const isLocator = (at: SourceLocator | SourcePosition): at is SourceLocator => 'path' in at;
const child = (node: AstNode, key: string): AstNode | undefined =>
  isNode(node[key]) ? (node[key] as AstNode) : undefined;
const children = (node: AstNode, key: string): AstNode[] =>
  Array.isArray(node[key]) ? (node[key] as unknown[]).filter(isNode) : [];

/** Type assertions and wrappers say nothing about the value: `{...} as never`, `x!`, `x satisfies T`, `(x)`. */
const TRANSPARENT = new Set([
  'TSAsExpression',
  'TSSatisfiesExpression',
  'TSNonNullExpression',
  'TSTypeAssertion',
  'ParenthesizedExpression',
]);
function unwrap(node: AstNode | undefined): AstNode | undefined {
  while (node && TRANSPARENT.has(node.type)) node = child(node, 'expression');
  return node;
}

/**
 * The key a property is found by at runtime: `a`, `'a'`, `1`, `['a']`, `` [`a`] ``; undefined when
 * computed from code.
 */
function propertyName(node: AstNode): string | undefined {
  if (node.type !== 'ObjectProperty' && node.type !== 'ObjectMethod') return undefined;
  const key = child(node, 'key');
  if (!key) return undefined;
  if (!node.computed && key.type === 'Identifier') return key.name as string;
  if (key.type === 'StringLiteral' || key.type === 'NumericLiteral') return String(key.value);
  if (key.type === 'TemplateLiteral' && children(key, 'expressions').length === 0)
    return String((children(key, 'quasis')[0]?.value as { cooked?: string })?.cooked ?? '');
  return undefined;
}

function calleeName(callee: AstNode | undefined): string {
  if (!callee) return '';
  if (callee.type === 'Identifier') return callee.name as string;
  if (callee.type === 'MemberExpression' && !callee.computed)
    return (child(callee, 'property')?.name as string | undefined) ?? '';
  return '';
}

const ROOT_CALLS: Record<SourceLocator['scope'], readonly string[]> = {
  tools: ['tools', 'defineTools'],
  catalog: ['defineCatalog'],
  config: ['defineConfig'],
};

/**
 * Object literals that start a locator's path: `.tools({...})`, `defineCatalog({...})`, the config's
 * default export; for an empty path (the call itself), whatever the call was given.
 */
function roots(program: AstNode, scope: SourceLocator['scope'], anyArgument = false): AstNode[] {
  const found: AstNode[] = [];
  eachNode(program, (node) => {
    if (
      node.type === 'CallExpression' &&
      ROOT_CALLS[scope].includes(calleeName(child(node, 'callee')))
    ) {
      const arg = unwrap(children(node, 'arguments')[0]);
      if (arg?.type === 'ObjectExpression' || (anyArgument && arg)) found.push(arg);
    }
    if (scope === 'config' && node.type === 'ExportDefaultDeclaration') {
      const value = unwrap(child(node, 'declaration'));
      if (value?.type === 'ObjectExpression') found.push(value);
    }
  });
  // A catalog built without the helpers: fall back to every object literal in the file.
  if (found.length === 0 && scope === 'tools')
    eachNode(program, (node) => node.type === 'ObjectExpression' && found.push(node));
  return found;
}

/** Walks `path` from each root; returns the deepest node reached and whether the whole path matched. */
function walk(
  program: AstNode,
  locator: SourceLocator,
): { node: AstNode; complete: boolean } | undefined {
  let best: { node: AstNode; depth: number } | undefined;
  for (const root of roots(program, locator.scope, locator.path.length === 0)) {
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
    if ((depth > 0 || locator.path.length === 0) && (!best || depth > best.depth))
      best = { node: current, depth };
  }
  if (!best) return undefined;
  let node = best.node;
  const complete = best.depth === locator.path.length;
  if (complete && locator.element !== undefined && node.type === 'ArrayExpression')
    node = unwrap(children(node, 'elements')[locator.element]) ?? node;
  return { node, complete };
}

export function createLocator(options: LocateOptions) {
  // Each file is read once, and parsed at most once, when a key path is looked up in it.
  const texts = new Map<string, string | undefined>();
  const programs = new Map<string, AstNode | undefined>();
  const textOf = (file: string): string | undefined => {
    if (!texts.has(file)) texts.set(file, readInside(options.projectRoot, file));
    return texts.get(file);
  };
  const programOf = (file: string): AstNode | undefined => {
    if (!programs.has(file)) {
      const text = textOf(file);
      programs.set(file, text === undefined ? undefined : parseProgram(file, text));
    }
    return programs.get(file);
  };

  const position = (at: SourceLocator | SourcePosition): SourcePosition => {
    if (!isLocator(at)) return at;
    // An empty path names the declaring call itself (`.tools({...})`, `defineCatalog({...})`), which
    // only `at.file` can hold; a key path may also sit in a file that re-exports the tool set.
    const candidates =
      at.path.length === 0
        ? [at.file]
        : [at.file, ...(options.searchFiles ?? []).filter((f) => f !== at.file)];
    let fallback: SourcePosition | undefined;
    for (const file of candidates) {
      const program = programOf(file);
      const hit = program && walk(program, { ...at, file });
      const start = hit?.node.loc?.start;
      if (!start) continue;
      const pos = { file, line: start.line, column: start.column + 1 };
      if (hit.complete) return pos;
      fallback ??= pos;
    }
    return fallback ?? { file: at.file, line: 1, column: 1 };
  };

  return async function locate(
    pending: readonly PendingDiagnostic[],
  ): Promise<CatalogDiagnostic[]> {
    const { codeFrameColumns } = await import('@babel/code-frame');
    const display = (p: SourcePosition): SourcePosition => ({
      ...p,
      file: relativePosix(options.displayRoot, p.file) || p.file,
    });
    return pending.map(({ at, related, ...rest }) => {
      if (!at) return { ...rest, related: undefined };
      const pos = position(at);
      const text = textOf(pos.file);
      const frame =
        text === undefined
          ? undefined
          : codeFrameColumns(
              text,
              { start: { line: pos.line, column: pos.column } },
              { linesAbove: 2, linesBelow: 2 },
            );
      return {
        ...rest,
        position: display(pos),
        frame,
        related: related?.map((r) => ({ ...display(position(r.at)), message: r.message })),
      };
    });
  };
}

/** Far above any source file a diagnostic points into: a larger file gets no code frame. */
const MAX_FRAMED_BYTES = 16 * 1024 * 1024;

/** The text of `file` if it is a regular file really in `root`; undefined otherwise. */
function readInside(root: string, file: string): string | undefined {
  try {
    if (!liesIn(realpathSync.native(root), realpathSync.native(path.resolve(root, file))))
      return undefined;
    return readRegularFileSync(file, MAX_FRAMED_BYTES);
  } catch {
    return undefined;
  }
}
