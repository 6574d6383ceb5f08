// A key written twice in one object literal: evaluation silently keeps the last value, so only the
// parsed source can tell. Each second key is reported where it is written, with the first as related.
import { DIAGNOSTIC_CODES, type PendingDiagnostic } from '../diagnostics/diagnostics.js';
import { lineColumnAt as positionAt } from '../text/json-position.js';
import { eachNode, type SourceNode as Node } from './source-nodes.js';

/** A property's key as evaluation names it, when written literally (not computed, not spread). */
function literalKey(property: Node): string | undefined {
  if (property.type !== 'Property' || property.computed === true) return undefined;
  const key = property.key as Node;
  if (key.type === 'Identifier') return String(key.name);
  if (key.type === 'Literal' && (typeof key.value === 'string' || typeof key.value === 'number'))
    return String(key.value);
  return undefined;
}

/** The keys written twice in `program` (oxc's ESTree), as diagnostics in `file`. */
export function duplicateKeys(file: string, text: string, program: unknown): PendingDiagnostic[] {
  const found: PendingDiagnostic[] = [];
  eachNode(program, (node) => {
    if (node.type === 'ObjectExpression') {
      // A getter and a setter of one name are a pair; anything else written twice is a duplicate.
      const seen = new Map<string, Node>();
      for (const property of node.properties as Node[]) {
        const key = literalKey(property);
        if (key === undefined) continue;
        const kind = String(property.kind);
        const earlier =
          seen.get(`${kind}:${key}`) ??
          (kind === 'init' ? seen.get(`any:${key}`) : seen.get(`init:${key}`));
        if (earlier) {
          const first = positionAt(text, (earlier.key as Node).start);
          found.push({
            code: DIAGNOSTIC_CODES.duplicateKey,
            severity: 'error',
            message:
              `'${key}' is written twice in the same object literal, so the first one ` +
              `would be silently dropped; keep one (rename or delete this one).`,
            at: { file, ...positionAt(text, (property.key as Node).start) },
            related: [{ at: { file, ...first }, message: `'${key}' is first written here` }],
          });
        }
        seen.set(`${kind}:${key}`, property);
        if (kind !== 'init') seen.set(`any:${key}`, property);
      }
    }
  });
  return found;
}
