// The lines init suggests for the app's Vite config: the plugin's import, and the app's own `plugins`
// array with `toolCatalog()` added to it (never an array that would replace the app's plugins).
import { readFileSync } from 'node:fs';
import { parse } from '@babel/parser';

const VITE_IMPORT = "import toolCatalog from 'agent-tool-catalog/vite';";

interface Located {
  readonly type: string;
  readonly start?: number | null;
  readonly end?: number | null;
  readonly [key: string]: unknown;
}

const isNode = (v: unknown): v is Located =>
  typeof v === 'object' && v !== null && typeof (v as Located).type === 'string';

/** The first `plugins: [...]` property anywhere in the file (a config object, or one a function returns). */
function findPluginsArray(node: Located): Located | undefined {
  if (
    (node.type === 'ObjectProperty' || node.type === 'Property') &&
    isNode(node.key) &&
    ((node.key.type === 'Identifier' && node.key.name === 'plugins') ||
      (node.key.type === 'StringLiteral' && node.key.value === 'plugins')) &&
    isNode(node.value) &&
    node.value.type === 'ArrayExpression'
  )
    return node.value;
  for (const [key, value] of Object.entries(node)) {
    if (key === 'loc' || key === 'leadingComments' || key === 'trailingComments') continue;
    for (const child of Array.isArray(value) ? value : [value]) {
      if (!isNode(child)) continue;
      const found = findPluginsArray(child);
      if (found) return found;
    }
  }
  return undefined;
}

/**
 * What to add to the Vite config at `file`: the import, and the `plugins` line with `toolCatalog()`
 * after the app's own plugins, e.g. `plugins: [react(), toolCatalog()],`. Undefined when the config
 * already uses the plugin. A config that does not parse, or has no `plugins` array, gets the array
 * to add inside `defineConfig({ … })`.
 */
export function viteSnippet(file: string | undefined): readonly string[] | undefined {
  let text = '';
  try {
    text = file ? readFileSync(file, 'utf8') : '';
  } catch {
    // No readable config: the generic lines below.
  }
  if (text.includes('agent-tool-catalog/vite')) return undefined;
  let array: Located | undefined;
  try {
    const ast = parse(text, { sourceType: 'module', plugins: ['typescript'], errorRecovery: true });
    array = findPluginsArray(ast.program as unknown as Located);
  } catch {
    array = undefined;
  }
  const elements = (array?.elements as (Located | null)[] | undefined) ?? [];
  const own = elements.flatMap((e) =>
    e && e.start != null && e.end != null ? [text.slice(e.start, e.end)] : [],
  );
  // A multi-line array stays readable on one line only when it is short.
  const existing = own.map((s) => s.replace(/\s*\n\s*/g, ' '));
  return [VITE_IMPORT, `plugins: [${[...existing, 'toolCatalog()'].join(', ')}],`];
}
