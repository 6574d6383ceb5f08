// The `bindings --fix` codemod: finds the object checked with `satisfies <P>UiBindings` in the app's
// binding file and inserts missing tool entries (and, with `prune`, removes stale ones) as text edits,
// so every hand edit, comment and the file's formatting stay as they were. Running it twice changes nothing.
import {
  Node,
  Project,
  SyntaxKind,
  ts,
  type ObjectLiteralExpression,
  type SourceFile,
} from 'ts-morph';
import type { CatalogModel } from '../model/catalog-model.js';
import { tsString } from '../text/escape.js';
import {
  bindingEntry,
  bindingsModuleSpecifier,
  PLACEHOLDER_ICON,
  placeholderDeclaration,
  type BindingEntry,
} from '../render/renderers/binding-entries.js';

export interface BindingFixResult {
  /** Tool keys that had no entry (and got one, unless `check`). */
  readonly missing: readonly string[];
  /** Entries of tools the catalog does not have (removed only with `prune`). */
  readonly excess: readonly string[];
  /** The file's new text; equal to the input when nothing changed. */
  readonly text: string;
  readonly changed: boolean;
}

export class BindingFileError extends Error {
  override name = 'BindingFileError';
}

interface TextEdit {
  readonly start: number;
  readonly end: number;
  readonly text: string;
}

function parse(file: string, text: string): SourceFile {
  const project = new Project({
    useInMemoryFileSystem: true,
    compilerOptions: { jsx: ts.JsxEmit.Preserve },
  });
  return project.createSourceFile(file.replace(/^.*[\\/]/, '/'), text, { overwrite: true });
}

/** The object literal the app checks against the binding type, via `satisfies` or a type annotation. */
function findBindingObject(
  source: SourceFile,
  prefix: string,
): ObjectLiteralExpression | undefined {
  const bindingType = new RegExp(`\\b${prefix}UiBindings\\b|Record<\\s*${prefix}ToolKey\\b`);
  const unwrap = (node: Node | undefined): ObjectLiteralExpression | undefined => {
    while (
      node &&
      (Node.isParenthesizedExpression(node) ||
        Node.isAsExpression(node) ||
        Node.isSatisfiesExpression(node))
    )
      node = node.getExpression();
    return node && Node.isObjectLiteralExpression(node) ? node : undefined;
  };
  for (const s of source.getDescendantsOfKind(SyntaxKind.SatisfiesExpression)) {
    const found = bindingType.test(s.getTypeNode()?.getText() ?? '')
      ? unwrap(s.getExpression())
      : undefined;
    if (found) return found;
  }
  for (const v of source.getDescendantsOfKind(SyntaxKind.VariableDeclaration)) {
    const typeNode = v.getTypeNode();
    const found =
      typeNode && bindingType.test(typeNode.getText()) ? unwrap(v.getInitializer()) : undefined;
    if (found) return found;
  }
  return undefined;
}

/** A property's key as written (`Bash`, `'mcp-tool'`), or undefined for computed keys and spreads. */
function propertyKey(node: Node): string | undefined {
  if (
    !Node.isPropertyAssignment(node) &&
    !Node.isShorthandPropertyAssignment(node) &&
    !Node.isMethodDeclaration(node)
  )
    return undefined;
  const name = node.getNameNode();
  if (Node.isIdentifier(name)) return name.getText();
  if (Node.isStringLiteral(name) || Node.isNoSubstitutionTemplateLiteral(name))
    return name.getLiteralValue();
  if (Node.isNumericLiteral(name)) return String(name.getLiteralValue());
  return undefined;
}

const lineStartOf = (text: string, pos: number) => text.lastIndexOf('\n', pos - 1) + 1;
const indentAt = (text: string, pos: number) =>
  /^[ \t]*/.exec(text.slice(lineStartOf(text, pos)))![0];

/** Where the rest of a property's line ends: past its comma and a same-line comment, newline included. */
function endOfEntryLine(
  text: string,
  end: number,
): { end: number; hadComma: boolean; commaEnd: number } {
  let i = end;
  while (text[i] === ' ' || text[i] === '\t') i++;
  const hadComma = text[i] === ',';
  if (hadComma) i++;
  const commaEnd = i;
  const rest = /^[ \t]*(\/\/[^\n]*|\/\*[^\n]*?\*\/[ \t]*)?\r?\n?/.exec(text.slice(i))!;
  return { end: i + rest[0].length, hadComma, commaEnd };
}

/**
 * The text range an entry occupies: its own lines with the comments directly above it, or just
 * itself on a shared line.
 */
function entryRange(text: string, prop: Node): { start: number; end: number } {
  const lineStart = lineStartOf(text, prop.getStart());
  const ownLine = text.slice(lineStart, prop.getStart()).trim() === '';
  if (!ownLine) {
    const { commaEnd } = endOfEntryLine(text, prop.getEnd());
    let end = commaEnd;
    while (text[end] === ' ') end++;
    return { start: prop.getStart(), end };
  }
  let start = lineStart;
  // Comments right above the entry (no blank line between) belong to it; a comment that trails the
  // previous entry on its own line does not.
  const comments = ts.getLeadingCommentRanges(text, prop.getPos()) ?? [];
  for (const c of [...comments].reverse()) {
    const between = text.slice(c.end, start);
    if ((between.match(/\n/g) ?? []).length > 1) break;
    const before = text.slice(lineStartOf(text, c.pos), c.pos);
    if (before.trim() !== '') break;
    start = lineStartOf(text, c.pos);
  }
  return { start, end: endOfEntryLine(text, prop.getEnd()).end };
}

/** Edits that add `entries` after the last kept entry, in the style of the entries already there. */
function insertAfter(
  text: string,
  last: Node,
  entries: readonly BindingEntry[],
  singleLine: boolean,
  eol: string,
): TextEdit[] {
  const after = endOfEntryLine(text, last.getEnd());
  if (singleLine)
    return [
      {
        start: last.getEnd(),
        end: last.getEnd(),
        text: `, ${entries.map((e) => e.code).join(', ')}`,
      },
    ];
  const indent = indentAt(text, last.getStart());
  const lines = entries.map(
    (e, i) =>
      `${indent}${e.code}${i < entries.length - 1 || after.hadComma ? ',' : ''}${e.comment ? ` ${e.comment}` : ''}`,
  );
  const edits: TextEdit[] = [];
  if (!after.hadComma) edits.push({ start: last.getEnd(), end: last.getEnd(), text: ',' });
  // After the last entry's whole line, so a comment trailing it stays with it.
  const lineBreak = text[after.end - 1] === '\n' ? '' : eol;
  edits.push({ start: after.end, end: after.end, text: `${lineBreak}${lines.join(eol)}${eol}` });
  return edits;
}

function applyEdits(text: string, edits: readonly TextEdit[]): string {
  let out = text;
  for (const e of [...edits].sort((a, b) => b.start - a.start || b.end - a.end))
    out = out.slice(0, e.start) + e.text + out.slice(e.end);
  return out;
}

/** Plans and applies the fix to one binding file's text. Pure: the caller reads and writes the file. */
export function fixBindings(
  model: CatalogModel,
  file: string,
  text: string,
  options: { prune?: boolean } = {},
): BindingFixResult {
  const source = parse(file, text);
  const object = findBindingObject(source, model.prefix);
  if (!object)
    throw new BindingFileError(
      `${file} has no object checked with \`satisfies ${model.prefix}` +
        `UiBindings\` (or typed as it); add \`satisfies ${model.prefix}` +
        `UiBindings\` after the bindings object so the codemod can find it.`,
    );
  const known = new Set(model.tools.map((t) => t.key));
  const properties = object.getProperties();
  const present = new Set(properties.map(propertyKey).filter((k): k is string => k !== undefined));
  const missingTools = model.tools.filter((t) => !present.has(t.key));
  const stale = properties.filter((p) => {
    const key = propertyKey(p);
    return key !== undefined && !known.has(key);
  });
  const kept = properties.filter((p) => !(options.prune && stale.includes(p)));
  const edits: TextEdit[] = [];
  const entries = missingTools.map((t) => bindingEntry(model, t, { alwaysTodo: true }));
  const last = kept[kept.length - 1];
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  if (entries.length > 0 && !last) {
    // Nothing left to anchor on: the entries replace the object's inside (including pruned entries).
    const objectIndent = indentAt(text, object.getStart());
    const unit = /\n\t/.test(text) ? '\t' : '  ';
    const lines = entries.map(
      (e) => `${objectIndent}${unit}${e.code},${e.comment ? ` ${e.comment}` : ''}`,
    );
    edits.push({
      start: object.getStart() + 1,
      end: object.getEnd() - 1,
      text: `${eol}${lines.join(eol)}${eol}${objectIndent}`,
    });
  } else {
    if (options.prune) for (const p of stale) edits.push({ ...entryRange(text, p), text: '' });
    if (last && entries.length > 0)
      edits.push(
        ...insertAfter(
          text,
          last,
          entries,
          object.getStartLineNumber() === object.getEndLineNumber(),
          eol,
        ),
      );
  }
  if (entries.some((e) => e.usesPlaceholder) && !declares(source, PLACEHOLDER_ICON)) {
    const declaration = placeholderDeclaration(
      model,
      `import(${tsString(bindingsModuleSpecifier(model, file))}).${model.prefix}UiIcon`,
    );
    const imports = source.getImportDeclarations();
    if (imports.length > 0) {
      const at = endOfEntryLine(text, imports[imports.length - 1]!.getEnd()).end;
      edits.push({ start: at, end: at, text: `${eol}${declaration.replace(/\n/g, eol)}${eol}` });
    } else {
      const statement = object.getFirstAncestor((n) => n.getParent() === source) ?? object;
      const at = lineStartOf(text, statement.getStart(true));
      edits.push({ start: at, end: at, text: `${declaration.replace(/\n/g, eol)}${eol}${eol}` });
    }
  }
  const output = applyEdits(text, edits);
  return {
    missing: missingTools.map((t) => t.key),
    excess: stale.map((p) => propertyKey(p)!),
    text: output,
    changed: output !== text,
  };
}

/** Whether the file declares (or imports) a value named `name` at its top level. */
function declares(source: SourceFile, name: string): boolean {
  if (source.getVariableDeclaration(name) || source.getFunction(name)) return true;
  return source
    .getImportDeclarations()
    .some(
      (d) =>
        d.getDefaultImport()?.getText() === name ||
        d.getNamedImports().some((n) => (n.getAliasNode() ?? n.getNameNode()).getText() === name),
    );
}
