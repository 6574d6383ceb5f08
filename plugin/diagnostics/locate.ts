// Turns pending diagnostics into located ones. Parsing happens only here, on the error path, so
// a clean `generate` never pays for loading a TypeScript parser.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { CatalogDiagnostic, PendingDiagnostic, SourceLocator, SourcePosition } from './diagnostics.js';
import { relativePosix } from '../text/spelling.js';

type TS = typeof import('ts-morph').ts;
type Node = import('ts-morph').ts.Node;

interface ParsedFile {
  readonly text: string;
  readonly source: import('ts-morph').ts.SourceFile;
}

export interface LocateOptions {
  /** Paths in messages are shown relative to this folder. */
  readonly displayRoot: string;
  /** Other files to search when a key is not found where expected (re-exported tool sets). */
  readonly searchFiles?: readonly string[];
}

const isLocator = (at: SourceLocator | SourcePosition): at is SourceLocator => 'path' in at;

function propertyName(ts: TS, node: Node): string | undefined {
  if (!ts.isPropertyAssignment(node) && !ts.isShorthandPropertyAssignment(node)) return undefined;
  const name = node.name;
  if (ts.isIdentifier(name) || ts.isStringLiteral(name) || ts.isNumericLiteral(name) || ts.isPrivateIdentifier(name)) return name.text;
  if (ts.isComputedPropertyName(name) && ts.isStringLiteralLike(name.expression)) return name.expression.text;
  return undefined;
}

/** Object literals that start a locator's path: `.tools({...})`, `defineCatalog({...})`, the config's default export. */
function roots(ts: TS, file: ParsedFile, scope: SourceLocator['scope']): Node[] {
  const found: Node[] = [];
  const visit = (node: Node) => {
    if (ts.isCallExpression(node)) {
      const callee = node.expression;
      const name = ts.isPropertyAccessExpression(callee) ? callee.name.text : ts.isIdentifier(callee) ? callee.text : '';
      const wanted = scope === 'tools' ? ['tools', 'defineTools'] : scope === 'catalog' ? ['defineCatalog'] : ['defineConfig'];
      const arg = node.arguments[0];
      if (wanted.includes(name) && arg && ts.isObjectLiteralExpression(arg)) found.push(arg);
    }
    if (scope === 'config' && ts.isExportAssignment(node) && ts.isObjectLiteralExpression(node.expression)) found.push(node.expression);
    ts.forEachChild(node, visit);
  };
  visit(file.source);
  // A catalog built without the helpers: fall back to every object literal in the file.
  if (found.length === 0 && scope === 'tools') {
    const all = (node: Node) => {
      if (ts.isObjectLiteralExpression(node)) found.push(node);
      ts.forEachChild(node, all);
    };
    all(file.source);
  }
  return found;
}

/** Walks `path` from each root; returns the deepest node reached and whether the whole path matched. */
function walk(ts: TS, file: ParsedFile, locator: SourceLocator): { node: Node; complete: boolean } | undefined {
  let best: { node: Node; depth: number } | undefined;
  for (const root of roots(ts, file, locator.scope)) {
    let current: Node = root;
    let depth = 0;
    for (const key of locator.path) {
      if (!ts.isObjectLiteralExpression(current)) break;
      const prop = current.properties.find((p) => propertyName(ts, p) === key);
      if (!prop) break;
      depth++;
      const isLast = depth === locator.path.length;
      current = isLast && locator.atKey ? prop.name! : ts.isPropertyAssignment(prop) ? prop.initializer : prop;
    }
    if (depth > 0 || locator.path.length === 0) {
      if (!best || depth > best.depth) best = { node: current, depth };
    }
  }
  if (!best) return undefined;
  let node = best.node;
  const complete = best.depth === locator.path.length;
  if (complete && locator.element !== undefined && ts.isArrayLiteralExpression(node)) node = node.elements[locator.element] ?? node;
  return { node, complete };
}

export function createLocator(options: LocateOptions) {
  let ts: TS | undefined;
  const parsed = new Map<string, ParsedFile | null>();
  const parse = (file: string): ParsedFile | null => {
    if (!parsed.has(file)) {
      try {
        const text = readFileSync(file, 'utf8');
        parsed.set(file, { text, source: ts!.createSourceFile(file, text, ts!.ScriptTarget.Latest, true, ts!.ScriptKind.TS) });
      } catch {
        parsed.set(file, null);
      }
    }
    return parsed.get(file)!;
  };

  const position = (at: SourceLocator | SourcePosition): SourcePosition => {
    if (!isLocator(at)) return at;
    // An empty path names the declaring call itself (`.tools({...})`, `defineCatalog({...})`), which
    // only `at.file` can hold; a key path may also sit in a file that re-exports the tool set.
    const candidates = at.path.length === 0 ? [at.file] : [at.file, ...(options.searchFiles ?? []).filter((f) => f !== at.file)];
    let fallback: SourcePosition | undefined;
    for (const file of candidates) {
      const parsedFile = parse(file);
      if (!parsedFile) continue;
      const hit = walk(ts!, parsedFile, { ...at, file });
      if (hit) {
        const lc = parsedFile.source.getLineAndCharacterOfPosition(hit.node.getStart(parsedFile.source));
        const pos = { file, line: lc.line + 1, column: lc.character + 1 };
        if (hit.complete) return pos;
        fallback ??= pos;
      }
    }
    return fallback ?? { file: at.file, line: 1, column: 1 };
  };

  return async function locate(pending: readonly PendingDiagnostic[]): Promise<CatalogDiagnostic[]> {
    if (pending.some((d) => d.at && isLocator(d.at))) ts ??= (await import('ts-morph')).ts;
    const { codeFrameColumns } = await import('@babel/code-frame');
    const display = (p: SourcePosition): SourcePosition => ({ ...p, file: relativePosix(options.displayRoot, p.file) || p.file });
    return pending.map(({ at, related, ...rest }) => {
      if (!at) return { ...rest, related: undefined };
      const pos = position(at);
      let frame: string | undefined;
      const text = ts ? parse(pos.file)?.text : safeRead(pos.file);
      if (text !== undefined) frame = codeFrameColumns(text, { start: { line: pos.line, column: pos.column } }, { linesAbove: 2, linesBelow: 2 });
      return {
        ...rest,
        position: display(pos),
        frame,
        related: related?.map((r) => ({ ...display(position(r.at)), message: r.message })),
      };
    });
  };
}

function safeRead(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}
