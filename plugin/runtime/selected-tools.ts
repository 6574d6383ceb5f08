// Which tools a caller's selection covers, by tool index. A tool is
// covered when the selection lists its key, or every one of its runtime
// names (a channel's mirrored names cover the entries that list some of
// its tools by name); tools that share a key are covered together.
// Looked up in the prepared tables' index: sets of a caller's thousands of
// fresh key and name strings, built for every offer, cost more than the
// rest of the offer.
import type { PreparedPolicy } from './policy-tables.js';

/**
 * What a caller's groups selected: the keys, and the runtime names `toolNames` gave (resolved and
 * mirrored ones too).
 */
export interface OfferSelection {
  readonly keys: readonly string[];
  readonly names: readonly string[];
}

/** 1 at each index of a tool the selection covers. */
export function selectedTools(selection: OfferSelection, prepared: PreparedPolicy): Uint8Array {
  const selected = new Uint8Array(prepared.size);
  // `indexOf` maps a key to its own tool before any tool's name, so a hit whose key differs is a name.
  for (const key of selection.keys) {
    const i = prepared.indexOf.get(key);
    if (i !== undefined && prepared.keys[i] === key) selected[i] = 1;
  }
  if (selection.names.length > 0) {
    // A name listed twice counts once: each number is seen once.
    const seen = new Uint8Array(prepared.nameCount);
    const found = new Int32Array(prepared.size);
    for (const name of selection.names) {
      const i = prepared.indexOf.get(name);
      if (i === undefined || selected[i] === 1) continue;
      const position = prepared.names[i]!.indexOf(name);
      if (position < 0 || seen[prepared.firstName[i]! + position] === 1) continue;
      seen[prepared.firstName[i]! + position] = 1;
      if (++found[i]! === prepared.names[i]!.length) selected[i] = 1;
    }
  }
  // Tools that share a key: one selected, all are.
  const { sameKey } = prepared;
  for (let p = 0; p < sameKey.length; p += 2) {
    const [later, first] = [sameKey[p]!, sameKey[p + 1]!];
    if (selected[later] === 1) selected[first] = 1;
  }
  for (let p = 0; p < sameKey.length; p += 2) {
    const [later, first] = [sameKey[p]!, sameKey[p + 1]!];
    selected[later] = selected[first]!;
  }
  return selected;
}
