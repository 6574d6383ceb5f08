// Catalog sources as Babel reads them, for the error path only: where a key, a loop or a `throw`
// stands. Babel reads TypeScript syntax without loading the TypeScript compiler, and the build binds
// it on first use, so a clean run never loads it.
import { parse } from '@babel/parser';

/** The few Babel AST shapes the walks need; everything else is passed over by `type`. */
export interface AstNode {
  readonly type: string;
  readonly loc?: { readonly start: { readonly line: number; readonly column: number } } | null;
  readonly [key: string]: unknown;
}

export const isNode = (value: unknown): value is AstNode =>
  typeof value === 'object' && value !== null && typeof (value as AstNode).type === 'string';

/**
 * The program of `file`'s text (TypeScript syntax, JSX too in `.tsx`/`.jsx`, past recoverable
 * errors); undefined when it does not parse.
 */
export function parseProgram(file: string, text: string): AstNode | undefined {
  try {
    return parse(text, {
      sourceType: 'module',
      plugins: /\.[jt]sx$/.test(file) ? ['typescript', 'jsx'] : ['typescript'],
      errorRecovery: true,
    }).program as unknown as AstNode;
  } catch {
    return undefined;
  }
}

/** Every node below `node`, `node` first (depth first, source order). */
export function eachNode(node: AstNode, visit: (n: AstNode) => void): void {
  visit(node);
  for (const [key, value] of Object.entries(node)) {
    if (key === 'loc' || key.endsWith('Comments')) continue;
    if (Array.isArray(value)) for (const item of value) isNode(item) && eachNode(item, visit);
    else if (isNode(value)) eachNode(value, visit);
  }
}
