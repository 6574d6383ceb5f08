// A locale file's new text made from its last one when the document changed (a tool added, removed or
// renamed): the stretch where the two layouts and their values differ is laid out, and the rest of the
// last text, before and after it, is kept as it was. Laying out the whole file again for one new tool
// was most of a watch run's work on locale files of thousands of keys.
import type { LocaleLayout, ValuePlaces } from './i18n-entries.js';

/** The last text of a file, what it was laid out from, and where its values stand. */
export interface LastLocaleText {
  readonly text: string;
  readonly layout: LocaleLayout;
  readonly values: readonly string[];
  readonly places: ValuePlaces;
}

/**
 * The text `writeLocaleJson` gives for `layout` and `values`, and the places of its values: the last
 * text's common beginning and end (same pieces, same values) are kept, and the middle laid out.
 */
export function splicedLocaleText(
  last: LastLocaleText,
  layout: LocaleLayout,
  values: readonly string[],
): { text: string; places: ValuePlaces } {
  const { pieces: before, slots: beforeSlots } = last.layout;
  const { pieces, slots } = layout;
  const was = (j: number) => last.values[beforeSlots[j]!];
  const is = (j: number) => values[slots[j]!];
  const n0 = beforeSlots.length;
  const n1 = slots.length;
  const limit = Math.min(n0, n1);
  // Values 0 … same-1 stand, with the pieces before them, alike in both texts.
  let same = 0;
  while (same < limit && before[same] === pieces[same] && was(same) === is(same)) same++;
  // So do the last `tail` values, with the pieces after them.
  let tail = 0;
  while (
    tail < limit - same &&
    before[n0 - tail] === pieces[n1 - tail] &&
    was(n0 - 1 - tail) === is(n1 - 1 - tail)
  )
    tail++;
  const startOf = (j: number) => last.places.starts[beforeSlots[j]!]!;
  // Where the last text's differing stretch begins (at piece `same`) and ends (at value n0 - tail).
  const from =
    same < n0 ? startOf(same) - before[same]!.length : last.text.length - before[n0]!.length;
  const to = tail > 0 ? startOf(n0 - tail) : last.text.length;
  const starts = new Int32Array(values.length);
  for (let j = 0; j < same; j++) starts[slots[j]!] = startOf(j);
  let middle = pieces[same]!;
  let at = from + middle.length;
  for (let j = same; j < n1 - tail; j++) {
    const value = JSON.stringify(is(j));
    starts[slots[j]!] = at;
    middle += value + pieces[j + 1]!;
    at += value.length + pieces[j + 1]!.length;
  }
  const shift = from + middle.length - to;
  for (let k = 1; k <= tail; k++) starts[slots[n1 - k]!] = startOf(n0 - k) + shift;
  return {
    text: last.text.slice(0, from) + middle + last.text.slice(to),
    places: { starts, order: slots },
  };
}
