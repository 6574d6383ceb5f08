// Keeps the previous run's objects where nothing changed, so that in watch mode everything the
// session keeps by object identity (rendered rows, policy tables, whole outputs) is reused.

/** Deep equality of plain data: primitives, arrays and plain objects (what models are made of). */
export function samePlainData(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!samePlainData(a[i], b[i])) return false;
    return true;
  }
  if (Array.isArray(b)) return false;
  const ka = Object.keys(a);
  if (ka.length !== Object.keys(b).length) return false;
  for (const k of ka) {
    if (!Object.hasOwn(b, k)) return false;
    if (!samePlainData((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]))
      return false;
  }
  return true;
}

/** `previous` when it holds the same data as `next`, else `next`. */
export const reuse = <T>(next: T, previous: T | undefined): T =>
  previous !== undefined && samePlainData(next, previous) ? previous : next;
