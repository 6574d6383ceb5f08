// Finds, on the error path only, the statement an evaluation problem most likely comes from when the
// runtime gives no stack: the loop a module was stuck in, the `throw` of a value that is not an Error.
import type { SourcePosition } from '../diagnostics/diagnostics.js';
import { eachNode, parseProgram, type AstNode } from '../diagnostics/source-ast.js';

/** Every node of one of `types` in `file`'s `text`, in source order; none when the text does not parse. */
function nodesOf(file: string, text: string, types: ReadonlySet<string>): AstNode[] {
  const program = parseProgram(file, text);
  const found: AstNode[] = [];
  if (program) eachNode(program, (node) => types.has(node.type) && found.push(node));
  return found;
}

const at = (file: string, node: AstNode | undefined): SourcePosition =>
  node?.loc
    ? { file, line: node.loc.start.line, column: node.loc.start.column + 1 }
    : { file, line: 1, column: 1 };

const LOOPS = new Set([
  'ForStatement',
  'WhileStatement',
  'DoWhileStatement',
  'ForInStatement',
  'ForOfStatement',
]);

/** The first loop of a module, if it has one. */
export function locateLoop(file: string, text: string): SourcePosition | undefined {
  const loop = nodesOf(file, text, LOOPS)[0];
  return loop ? at(file, loop) : undefined;
}

/**
 * The first loop of a module that ran out of time or memory; else its first use of what may wait or
 * run later (`Atomics`, a `FinalizationRegistry`); else line 1 (a recursion, say).
 */
export function locateStuckCode(file: string, text: string): SourcePosition {
  return locateLoop(file, text) ?? at(file, lateNode(file, text));
}

/** The `throw` of a non-Error value: the one whose literal argument prints as `thrown`, else the first. */
export function locateThrow(file: string, text: string, thrown: string): SourcePosition {
  const throws = nodesOf(file, text, new Set(['ThrowStatement']));
  const literal = throws.find((t) => {
    const value = (t.argument as AstNode | null | undefined)?.value;
    return value !== undefined && (String(value) === thrown || JSON.stringify(value) === thrown);
  });
  return at(file, literal ?? throws[0]);
}

/** Names of what runs code after a module's body ended, or waits (a callback run later, a lock). */
const LATE = new Set(['FinalizationRegistry', 'WeakRef', 'Atomics', 'SharedArrayBuffer']);

const lateNode = (file: string, text: string): AstNode | undefined =>
  [...LATE].some((name) => text.includes(name))
    ? nodesOf(file, text, new Set(['Identifier'])).find((n) => LATE.has(String(n.name)))
    : undefined;

/** Where code that runs after the modules ended most likely comes from: the first use of such a name. */
export function locateLateCode(texts: ReadonlyMap<string, string>): SourcePosition | undefined {
  for (const [file, text] of texts) {
    const found = lateNode(file, text);
    if (found) return at(file, found);
  }
  return undefined;
}
