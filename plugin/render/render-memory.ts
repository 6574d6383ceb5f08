// What a watch session keeps of its last render, so the next one lays out only what changed. A
// one-shot `generate` renders without it and keeps nothing beyond the run. Renderers with state of
// their own (the locale files) keep it in a WeakMap keyed by the session's RenderMemory.
import type { Template } from './templates.js';

export class RenderMemory {
  /** Per output file: the last view laid out and its text. */
  readonly laidOut = new Map<
    string,
    { readonly template: Template<object>; readonly view: object; readonly text: string }
  >();
}

/** `make()`'s value for this session's memory, made once; none without a session. */
export function keptIn<T>(
  slots: WeakMap<RenderMemory, T>,
  memory: RenderMemory | undefined,
  make: () => T,
): T | undefined {
  if (!memory) return undefined;
  let kept = slots.get(memory);
  if (kept === undefined) {
    kept = make();
    slots.set(memory, kept);
  }
  return kept;
}
