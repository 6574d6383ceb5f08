// The i18n keys a catalog defines, each with its default-locale copy, and the JSON shapes they are
// stored in (nested for i18next, or flat dotted keys). Pure: shared by the locale and typed-key emitters.
import type { CatalogModel } from '../../model/catalog-model';

export interface I18nEntry {
  readonly key: string;
  /** The catalog's copy, used as is in the default locale. */
  readonly text: string;
  /** The tool or category the key belongs to, for messages. */
  readonly owner: { readonly kind: 'tool' | 'category'; readonly name: string; readonly field: 'labelKey' | 'descriptionKey' };
}

/** Every key, tools in catalog order and then categories in display order; duplicates keep the first. */
export function i18nEntries(model: CatalogModel): I18nEntry[] {
  const entries: I18nEntry[] = [];
  const seen = new Set<string>();
  const add = (entry: I18nEntry) => {
    if (seen.has(entry.key)) return;
    seen.add(entry.key);
    entries.push(entry);
  };
  for (const t of model.tools) {
    add({ key: t.labelKey, text: t.label, owner: { kind: 'tool', name: t.key, field: 'labelKey' } });
    add({ key: t.descriptionKey, text: t.description, owner: { kind: 'tool', name: t.key, field: 'descriptionKey' } });
  }
  for (const c of model.categories) add({ key: c.labelKey, text: c.label, owner: { kind: 'category', name: c.name, field: 'labelKey' } });
  return entries;
}

/**
 * Every string leaf of a locale file as `dotted.key → text`. Nested objects and dotted keys are read
 * alike, so translations survive a switch between the nested and flat layouts.
 */
export function flattenTranslations(value: unknown, prefix = '', into = new Map<string, string>()): Map<string, string> {
  if (typeof value === 'string') {
    if (prefix) into.set(prefix, value);
  } else if (value && typeof value === 'object' && !Array.isArray(value)) {
    for (const [k, v] of Object.entries(value)) flattenTranslations(v, prefix ? `${prefix}.${k}` : k, into);
  }
  return into;
}

/** Two keys where one is an ancestor of the other cannot both be stored in a nested file. */
export function nestingConflicts(keys: readonly string[]): [ancestor: string, descendant: string][] {
  const set = new Set(keys);
  const conflicts: [string, string][] = [];
  for (const key of keys) {
    for (let dot = key.indexOf('.'); dot !== -1; dot = key.indexOf('.', dot + 1)) {
      const ancestor = key.slice(0, dot);
      if (set.has(ancestor)) conflicts.push([ancestor, key]);
    }
  }
  return conflicts;
}

/** `{ 'a.b.c': 'x' }` → `{ a: { b: { c: 'x' } } }`, in insertion order. Conflicting keys must be filtered out first. */
export function nestTranslations(flat: ReadonlyMap<string, string>): Record<string, unknown> {
  // Prototype-free objects, so a key such as `__proto__` is stored as data like any other.
  const root: Record<string, unknown> = Object.create(null);
  for (const [key, text] of flat) {
    const parts = key.split('.');
    let node = root;
    for (const part of parts.slice(0, -1)) node = (node[part] ??= Object.create(null)) as Record<string, unknown>;
    node[parts[parts.length - 1]!] = text;
  }
  return root;
}

/**
 * Where each key of a JSON document starts (1-based line and column), by dotted path, without a
 * full parser: a missing-translation message points at the deepest part of the key that exists.
 */
export function jsonKeyPositions(text: string): Map<string, { line: number; column: number }> {
  const positions = new Map<string, { line: number; column: number }>();
  // One frame per open container: its kind and, for objects, the member key being read.
  const stack: { object: boolean; key?: string }[] = [];
  let line = 1;
  let lineStart = 0;
  let pendingKey: { name: string; line: number; column: number } | undefined;
  let expectKey = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (ch === '\n') {
      line++;
      lineStart = i + 1;
    } else if (ch === '"') {
      const column = i - lineStart + 1;
      let value = '';
      for (i++; i < text.length && text[i] !== '"'; i++) value += text[i] === '\\' ? (text[++i] ?? '') : text[i];
      if (expectKey) pendingKey = { name: value, line, column };
      expectKey = false;
    } else if (ch === '{' || ch === '[') {
      stack.push({ object: ch === '{' });
      expectKey = ch === '{';
    } else if (ch === '}' || ch === ']') {
      stack.pop();
    } else if (ch === ':' && pendingKey) {
      const frame = stack[stack.length - 1]!;
      frame.key = pendingKey.name;
      const keyPath = stack.map((f) => f.key).filter((k): k is string => k !== undefined).join('.');
      positions.set(keyPath, { line: pendingKey.line, column: pendingKey.column });
      pendingKey = undefined;
    } else if (ch === ',') {
      expectKey = stack[stack.length - 1]?.object === true;
    }
  }
  return positions;
}
