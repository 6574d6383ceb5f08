// Whether an evaluation context is still as it was made, so a watch session may run the next request's
// modules in it (its code stays optimised, and no context is made per edit) and get what a new one
// gives. Catalog code can leave state behind only in what outlives its modules: the global object
// and the built-in objects (a property added, replaced or made read-only, a prototype swapped). The
// snapshot records every object reachable from those before any catalog code runs; the check finds
// any change to them. It runs in the evaluation process's own realm, which catalog code cannot reach,
// and only reads objects recorded before catalog code ran: no proxy trap or getter runs.

/** The built-in objects no global property leads to (iterator and function prototypes), read in a new context. */
export const HIDDEN_INTRINSICS = `[
  Object.getPrototypeOf([][Symbol.iterator]()),
  Object.getPrototypeOf(new Map()[Symbol.iterator]()),
  Object.getPrototypeOf(new Set()[Symbol.iterator]()),
  Object.getPrototypeOf(''[Symbol.iterator]()),
  Object.getPrototypeOf(''.matchAll(/a/g)),
  Object.getPrototypeOf(function* () {}),
  Object.getPrototypeOf(async function () {}),
  Object.getPrototypeOf(async function* () {}),
  Object.getPrototypeOf(new Intl.Segmenter().segment('')),
  Object.getPrototypeOf(new Intl.Segmenter().segment('')[Symbol.iterator]()),
]`;

/* c8 ignore start */
/**
 * Records `roots` and every object reachable from them by own properties (values and accessors) and
 * prototypes; returns a check that each recorded object still has the same prototype, extensibility,
 * keys and property descriptors. Written as a function only to be read as text: it closes over nothing.
 */
export function realmSnapshot(roots: readonly object[]): () => boolean {
  const ownKeys = Reflect.ownKeys;
  const describe = Reflect.getOwnPropertyDescriptor;
  const prototypeOf = Reflect.getPrototypeOf;
  const isExtensible = Reflect.isExtensible;
  const same = Object.is;
  const objects: object[] = [];
  /** Per object: its prototype, extensibility, then 7 slots per own property. */
  const records: unknown[][] = [];
  const seen = new Set<object>();
  const pending: unknown[] = [...roots];
  while (pending.length > 0) {
    const o = pending.pop();
    if ((typeof o !== 'object' || o === null) && typeof o !== 'function') continue;
    if (seen.has(o)) continue;
    seen.add(o);
    const prototype = prototypeOf(o);
    const record: unknown[] = [prototype, isExtensible(o)];
    pending.push(prototype);
    for (const key of ownKeys(o)) {
      const d = describe(o, key)!;
      record.push(key, d.value, d.get, d.set, d.writable, d.enumerable, d.configurable);
      pending.push(d.value, d.get, d.set);
    }
    objects.push(o);
    records.push(record);
  }
  return () => {
    for (let i = 0; i < objects.length; i++) {
      const o = objects[i]!;
      const record = records[i]!;
      const keys = ownKeys(o);
      if (keys.length * 7 + 2 !== record.length) return false;
      if (prototypeOf(o) !== record[0] || isExtensible(o) !== record[1]) return false;
      for (let k = 0, at = 2; k < keys.length; k++, at += 7) {
        const d = describe(o, keys[k]!)!;
        if (
          keys[k] !== record[at] ||
          !same(d.value, record[at + 1]) ||
          d.get !== record[at + 2] ||
          d.set !== record[at + 3] ||
          d.writable !== record[at + 4] ||
          d.enumerable !== record[at + 5] ||
          d.configurable !== record[at + 6]
        )
          return false;
      }
    }
    return true;
  };
}
/* c8 ignore stop */
