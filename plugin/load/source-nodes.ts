// A walk over a module's parsed source (oxc's ESTree), for the facts only the source shows: keys
// written twice, and `require` calls of a literal name.

export interface SourceNode {
  readonly type: string;
  readonly start: number;
  readonly end: number;
  readonly [field: string]: unknown;
}

const isNode = (value: unknown): value is SourceNode =>
  typeof value === 'object' && value !== null && typeof (value as SourceNode).type === 'string';

/**
 * Calls `visit` with every node of `program`, in source order (iteratively: deep nesting is fine);
 * a node for which `visit` returns `'skip'` is visited, its children are not.
 */
export function eachNode(program: unknown, visit: (node: SourceNode) => unknown): void {
  const pending: unknown[] = [program];
  while (pending.length > 0) {
    const value = pending.pop();
    if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i--) pending.push(value[i]);
      continue;
    }
    if (!isNode(value)) continue;
    if (visit(value) === 'skip') continue;
    const children: unknown[] = [];
    for (const field in value) {
      const child = value[field];
      if (typeof child === 'object' && child !== null) children.push(child);
    }
    for (let i = children.length - 1; i >= 0; i--) pending.push(children[i]);
  }
}

/** A `require` call of one string literal: the name, and where its literal starts. */
export interface RequireCall {
  readonly specifier: string;
  readonly start: number;
}

const isRequire = (node: unknown) =>
  isNode(node) && node.type === 'Identifier' && node.name === 'require';

/** Whether `node` declares a binding named `require` (then the module's own, not CommonJS's). */
function declaresRequire(node: SourceNode): boolean {
  switch (node.type) {
    case 'VariableDeclarator':
      return isRequire(node.id);
    case 'FunctionDeclaration':
    case 'FunctionExpression':
    case 'ArrowFunctionExpression':
      return isRequire(node.id) || (node.params as unknown[]).some(isRequire);
    case 'ImportSpecifier':
    case 'ImportDefaultSpecifier':
    case 'ImportNamespaceSpecifier':
    case 'ClassDeclaration':
      return isRequire(node.local ?? node.id);
    default:
      return false;
  }
}

/**
 * `require("…")` calls, as CommonJS code in a catalog writes them: each is followed as an import is
 * (a name computed as the module runs is refused when it runs). A module that declares a `require`
 * of its own anywhere calls that one: none of its calls is followed.
 */
export function literalRequires(program: unknown): RequireCall[] {
  const found: RequireCall[] = [];
  let own = false;
  eachNode(program, (node) => {
    if (declaresRequire(node)) own = true;
    if (node.type !== 'CallExpression') return;
    const callee = node.callee as SourceNode;
    const args = node.arguments as SourceNode[];
    if (callee.type !== 'Identifier' || callee.name !== 'require' || args.length !== 1) return;
    const arg = args[0]!;
    if (arg.type === 'Literal' && typeof arg.value === 'string')
      found.push({ specifier: arg.value, start: arg.start });
  });
  return own ? [] : found;
}

/** Nodes whose bodies run later, as functions: an `await` inside one is not at the top level. */
const FUNCTIONS = new Set(['FunctionDeclaration', 'FunctionExpression', 'ArrowFunctionExpression']);

/** Where the module first waits at its top level (`await`, `for await`), as an offset. */
export function topLevelAwait(program: unknown): number | undefined {
  let first: number | undefined;
  eachNode(program, (node) => {
    if (FUNCTIONS.has(node.type)) return 'skip';
    const waits =
      node.type === 'AwaitExpression' || (node.type === 'ForOfStatement' && node.await === true);
    if (waits && first === undefined) first = node.start;
  });
  return first;
}
