// Which tools a caller's selection covers, by tool index. A tool is covered when the selection lists
// its key, or every one of its runtime names (a channel's mirrored names cover the entries that list
// some of its tools by name). Tools that share a key are covered together. Looked up in the prepared
// tables' index: building sets of a caller's thousands of fresh key and name strings for every offer
// cost more than the rest of the offer.
import type { PreparedPolicy } from './policy-tables.js';

/** A selection's part this reads: the keys, and the runtime names `toolNames` gave. */
export interface SelectionLists {
  readonly keys: readonly string[];
  readonly names: readonly string[];
}

interface NameSlots {
  /** Where each tool's names start in one numbering of every tool's names. */
  readonly first: Int32Array;
  readonly count: number;
  /** [later, first] index pairs of tools whose key an earlier tool has (none in a valid catalog). */
  readonly sameKey: Int32Array;
}

const slotsOf = new WeakMap<PreparedPolicy, NameSlots>();

function nameSlots(prepared: PreparedPolicy): NameSlots {
  const known = slotsOf.get(prepared);
  if (known) return known;
  const first = new Int32Array(prepared.size);
  let count = 0;
  const sameKey: number[] = [];
  for (let i = 0; i < prepared.size; i++) {
    first[i] = count;
    count += prepared.names[i]!.length;
    // `indexOf` gives a key the first tool that has it.
    const owner = prepared.indexOf.get(prepared.keys[i]!)!;
    if (owner !== i) sameKey.push(i, owner);
  }
  const slots = { first, count, sameKey: Int32Array.from(sameKey) };
  slotsOf.set(prepared, slots);
  return slots;
}

/** 1 at each index of a tool the selection covers. */
export function selectedTools(selection: SelectionLists, prepared: PreparedPolicy): Uint8Array {
  const slots = nameSlots(prepared);
  const selected = new Uint8Array(prepared.size);
  // `indexOf` maps a key to its own tool before any tool's name, so a hit whose key differs is a name.
  for (const key of selection.keys) {
    const i = prepared.indexOf.get(key);
    if (i !== undefined && prepared.keys[i] === key) selected[i] = 1;
  }
  if (selection.names.length > 0) {
    // A name listed twice counts once: each tool's names are numbered, and each number is seen once.
    const seen = new Uint8Array(slots.count);
    const found = new Int32Array(prepared.size);
    for (const name of selection.names) {
      const i = prepared.indexOf.get(name);
      if (i === undefined || selected[i] === 1) continue;
      const position = prepared.names[i]!.indexOf(name);
      if (position < 0 || seen[slots.first[i]! + position] === 1) continue;
      seen[slots.first[i]! + position] = 1;
      if (++found[i]! === prepared.names[i]!.length) selected[i] = 1;
    }
  }
  // Tools that share a key: one selected, all are.
  const { sameKey } = slots;
  for (let p = 0; p < sameKey.length; p += 2)
    if (selected[sameKey[p]!] === 1) selected[sameKey[p + 1]!] = 1;
  for (let p = 0; p < sameKey.length; p += 2) selected[sameKey[p]!] = selected[sameKey[p + 1]!]!;
  return selected;
}
