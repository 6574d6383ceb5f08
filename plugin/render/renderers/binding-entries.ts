// The pieces of binding entries — each entry's code and TODO comment, the placeholder icon — shared by
// the skeleton template and the `bindings --fix` codemod, which lays them out in the app file's own
// style; so a fixed file looks like a fresh one: one line per tool, a placeholder icon and a TODO.
import path from 'node:path';
import type { CatalogModel, ToolModel } from '../../model/catalog-model.js';
import { resolveModuleRef } from '../../model/build-model.js';
import { lineCommentText, tsKey, tsString } from '../../text/escape.js';
import { toPosix } from '../../text/spelling.js';

export const PLACEHOLDER_ICON = 'placeholderIcon';
const TODO_MARK = 'TODO(tool-catalog)';

/** The app's icon type as an import, or undefined for the default `string`. */
export function iconTypeImport(
  model: CatalogModel,
): { specifier: string; exportName: string } | undefined {
  const ref = model.config.bindings?.iconType;
  return ref
    ? resolveModuleRef(
        ref,
        model.config.configFile,
        model.config.outDir,
        model.config.imports.extension,
      )
    : undefined;
}

/** Import specifier of the generated `bindings.ts`, as seen from the app's binding file. */
export function bindingsModuleSpecifier(model: CatalogModel, bindingFile: string): string {
  const relative = toPosix(
    path.relative(path.dirname(bindingFile), path.join(model.config.outDir, 'bindings')),
  );
  return `${relative.startsWith('.') ? relative : `./${relative}`}${model.config.imports.extension}`;
}

export interface BindingEntry {
  readonly key: string;
  /** `Bash: { icon: 'terminal' }` (without the comma). */
  readonly code: string;
  /** A same-line `// TODO…` comment, when the entry is unfinished. */
  readonly comment?: string;
  readonly usesPlaceholder: boolean;
}

/** The TODO a new tool's entry carries until someone has looked at it. */
const newToolTodo = (key: string, hint: string) =>
  `${TODO_MARK}: new tool '${key}': check its icon${hint} and add a renderer if it needs one`;

/**
 * A tool's entry. With the default `string` icon type the catalog's `icon` hint is a real value;
 * otherwise the entry points at the file's placeholder icon until someone picks one.
 */
export function bindingEntry(
  model: CatalogModel,
  tool: ToolModel,
  options: { alwaysTodo: boolean },
): BindingEntry {
  const literalIcon = iconTypeImport(model) === undefined && tool.icon !== undefined;
  const icon = literalIcon ? tsString(tool.icon!) : PLACEHOLDER_ICON;
  const hint = !literalIcon && tool.icon ? ` (catalog hint: ${tsString(tool.icon)})` : '';
  const todo = options.alwaysTodo
    ? `// ${lineCommentText(newToolTodo(tool.key, hint))}`
    : !literalIcon
      ? `// ${lineCommentText(`${TODO_MARK}: choose an icon for '${tool.key}'${hint}`)}`
      : undefined;
  return {
    key: tool.key,
    code: `${tsKey(tool.key)}: { icon: ${icon} }`,
    comment: todo,
    usesPlaceholder: !literalIcon,
  };
}

/**
 * The placeholder icon's declaration. For an app-chosen icon type no honest default value exists, so
 * the placeholder is an explicit, TODO-marked cast the app replaces with its fallback icon.
 */
export function placeholderDeclaration(model: CatalogModel, iconTypeName: string): string {
  const value =
    iconTypeImport(model) === undefined
      ? `const ${PLACEHOLDER_ICON}: ${iconTypeName} = 'TODO';`
      : `const ${PLACEHOLDER_ICON} = undefined as unknown as ${iconTypeName};`;
  return (
    `// ${TODO_MARK}: the icon of tools that have none yet; \`tool-catalog ` +
    `bindings --fix\` gives new tools this one.\n${value}`
  );
}
