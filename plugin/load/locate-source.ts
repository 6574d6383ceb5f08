// Finds, on the error path only, the statement an evaluation problem most likely comes from when the
// runtime gives no stack: the loop a module was stuck in, the `throw` of a value that is not an Error.
import { parse } from '@babel/parser';
import type { SourcePosition } from '../diagnostics/diagnostics.js';

interface Located {
  readonly type: string;
  readonly loc?: { readonly start: { readonly line: number; readonly column: number } } | null;
  readonly argument?: Located | null;
  readonly value?: unknown;
}

/** Every node of `type` in `text`, in source order; none when the text does not parse. */
function nodesOf(text: string, types: ReadonlySet<string>): Located[] {
  let program: unknown;
  try {
    program = parse(text, { sourceType: 'module', plugins: ['typescript', 'jsx'], errorRecovery: true });
  } catch {
    return [];
  }
  const found: Located[] = [];
  const visit = (node: unknown) => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (typeof node !== 'object' || node === null) return;
    const n = node as Located & Record<string, unknown>;
    if (typeof n.type === 'string' && types.has(n.type)) found.push(n);
    for (const key of Object.keys(n)) if (key !== 'loc' && key !== 'leadingComments' && key !== 'trailingComments') visit(n[key]);
  };
  visit(program);
  return found;
}

const at = (file: string, node: Located | undefined): SourcePosition =>
  node?.loc ? { file, line: node.loc.start.line, column: node.loc.start.column + 1 } : { file, line: 1, column: 1 };

const LOOPS = new Set(['ForStatement', 'WhileStatement', 'DoWhileStatement', 'ForInStatement', 'ForOfStatement']);

/** The first loop of a module that ran out of time (line 1 when it has none: a recursion, say). */
export const locateStuckCode = (file: string, text: string): SourcePosition => at(file, nodesOf(text, LOOPS)[0]);

/** The `throw` of a non-Error value: the one whose literal argument prints as `thrown`, else the first. */
export function locateThrow(file: string, text: string, thrown: string): SourcePosition {
  const throws = nodesOf(text, new Set(['ThrowStatement']));
  const literal = throws.find((t) => {
    const value = t.argument?.value;
    return value !== undefined && (String(value) === thrown || JSON.stringify(value) === thrown);
  });
  return at(file, literal ?? throws[0]);
}
