// The i18n keys a catalog defines, each with its default-locale copy, and the JSON shapes they are
// stored in (nested for i18next, or flat dotted keys). Pure: shared by the locale and typed-key emitters.
import type { CatalogModel, CategoryModel, ToolModel } from '../../model/catalog-model.js';
import { samePlainData } from '../../model/structural-sharing.js';
import { derivedPer, keepLast, kept, lastKept, memoSlot } from '../../session-memory.js';

export interface I18nEntry {
  readonly key: string;
  /** The catalog's copy, used as is in the default locale. */
  readonly text: string;
  /** The tool or category the key belongs to, for messages. */
  readonly owner: {
    readonly kind: 'tool' | 'category';
    readonly name: string;
    readonly field: 'labelKey' | 'descriptionKey';
  };
}

/**
 * Every key, tools in catalog order and then categories in display order; duplicates keep the first.
 * The locale and typed-key emitters both read one model's entries: built once per model.
 */
export const i18nEntries: (model: CatalogModel) => readonly I18nEntry[] = derivedPer(
  'i18n entries',
  (model) => buildI18nEntries(model),
);

// A tool's two entries, kept with its model object (watch mode keeps the objects of unchanged tools).
const toolEntries = derivedPer(
  'i18n entries of a tool',
  (t: ToolModel): readonly [I18nEntry, I18nEntry] => [
    { key: t.labelKey, text: t.label, owner: { kind: 'tool', name: t.key, field: 'labelKey' } },
    {
      key: t.descriptionKey,
      text: t.description,
      owner: { kind: 'tool', name: t.key, field: 'descriptionKey' },
    },
  ],
  { watchOnly: true },
);

/** A model's entries, and where each tool's two stand (-1: a key met before). */
interface BuiltEntries {
  readonly tools: readonly ToolModel[];
  readonly categories: readonly CategoryModel[];
  readonly entries: readonly I18nEntry[];
  readonly at: Int32Array;
}

/** Per catalog, in a watch session: the last model's entries. */
const LAST_ENTRIES = memoSlot<string, BuiltEntries>('last i18n entries', { watchOnly: true });

function buildI18nEntries(model: CatalogModel): readonly I18nEntry[] {
  const last = lastKept(LAST_ENTRIES, model.name);
  const built = (last && editedEntries(last, model)) ?? allEntries(model);
  keepLast(LAST_ENTRIES, model.name, built);
  return built.entries;
}

function allEntries(model: CatalogModel): BuiltEntries {
  const entries: I18nEntry[] = [];
  const at = new Int32Array(model.tools.length * 2);
  const seen = new Set<string>();
  const add = (entry: I18nEntry) => {
    if (seen.has(entry.key)) return -1;
    seen.add(entry.key);
    return entries.push(entry) - 1;
  };
  for (let i = 0; i < model.tools.length; i++) {
    const [label, description] = toolEntries(model.tools[i]!);
    at[2 * i] = add(label);
    at[2 * i + 1] = add(description);
  }
  for (const c of model.categories)
    add({
      key: c.labelKey,
      text: c.label,
      owner: { kind: 'category', name: c.name, field: 'labelKey' },
    });
  return { tools: model.tools, categories: model.categories, entries, at };
}

/**
 * The last model's entries with the edited tools' put in, when every key
 * is where it was (the same tools in the same order, each with its keys,
 * and the same categories): which entry is first for its key is then the
 * same too. Undefined otherwise.
 */
function editedEntries(last: BuiltEntries, model: CatalogModel): BuiltEntries | undefined {
  const { tools } = model;
  if (tools.length !== last.tools.length) return undefined;
  if (model.categories !== last.categories && !samePlainData(model.categories, last.categories))
    return undefined;
  let entries: I18nEntry[] | undefined;
  for (let i = 0; i < tools.length; i++) {
    const before = last.tools[i]!;
    const t = tools[i]!;
    if (t === before) continue;
    if (t.key !== before.key || t.labelKey !== before.labelKey) return undefined;
    if (t.descriptionKey !== before.descriptionKey) return undefined;
    entries ??= [...last.entries];
    const [label, description] = toolEntries(t);
    if (last.at[2 * i]! >= 0) entries[last.at[2 * i]!] = label;
    if (last.at[2 * i + 1]! >= 0) entries[last.at[2 * i + 1]!] = description;
  }
  return { tools, categories: model.categories, entries: entries ?? last.entries, at: last.at };
}

/**
 * Every string leaf of a locale file as `dotted.key → text`. Nested objects and dotted keys are read
 * alike, so translations survive a switch between the nested and flat layouts.
 */
export function flattenTranslations(
  value: unknown,
  prefix = '',
  into = new Map<string, string>(),
): Map<string, string> {
  if (typeof value === 'string') {
    if (prefix) into.set(prefix, value);
  } else if (value && typeof value === 'object' && !Array.isArray(value)) {
    // Object.keys, not entries: no [key, value] pair per member (a locale file has tens of thousands).
    const record = value as Record<string, unknown>;
    for (const k of Object.keys(record))
      flattenTranslations(record[k], prefix ? `${prefix}.${k}` : k, into);
  }
  return into;
}

/** Two keys where one is an ancestor of the other cannot both be stored in a nested file. */
export function nestingConflicts(
  keys: readonly string[],
): [ancestor: string, descendant: string][] {
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
      for (i++; i < text.length && text[i] !== '"'; i++)
        value += text[i] === '\\' ? (text[++i] ?? '') : text[i];
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
      const keyPath = stack
        .map((f) => f.key)
        .filter((k): k is string => k !== undefined)
        .join('.');
      positions.set(keyPath, { line: pendingKey.line, column: pendingKey.column });
      pendingKey = undefined;
    } else if (ch === ',') {
      expectKey = stack[stack.length - 1]?.object === true;
    }
  }
  return positions;
}

/**
 * The document every locale file of a catalog shares: built once (nested or flat), each locale only
 * refills its leaves before JSON.stringify. Building one tree per locale was the emitter's main
 * cost at 5,000 tools (three locales, 10,000 keys each).
 */
export interface LocaleDocument {
  /** Prototype-free, so a key such as `__proto__` is stored as data like any other. */
  readonly root: Record<string, unknown>;
  /** Key i's leaf: `parents[i][names[i]]`. */
  readonly parents: readonly Record<string, unknown>[];
  readonly names: readonly string[];
}

/**
 * The document for `keys` (entry order); undefined when, nested, a key lies under another (see
 * `nestingConflicts`). In a watch session an edit that keeps every key (a label, a description)
 * reuses the last document, and the text layout made from it. `file` names a locale file whose
 * document holds only some keys (translations missing): it is kept apart from the shared one, so
 * that the two do not replace each other in every run and leave each file to be laid out again.
 */
export function localeDocument(
  keys: readonly string[],
  layout: 'nested' | 'flat',
  file?: string,
): LocaleDocument | undefined {
  const name = file === undefined ? layout : `${layout}\0${file}`;
  const last = lastKept(LAST_DOCUMENT, name);
  if (last && last.keys.length === keys.length && last.keys.every((k, i) => k === keys[i]))
    return last.document;
  const document = buildLocaleDocument(keys, layout);
  keepLast(LAST_DOCUMENT, name, { keys, document });
  return document;
}

/** Per watch session, layout (and file, for a partial one): the last locale document and its keys. */
const LAST_DOCUMENT = memoSlot<
  string,
  { keys: readonly string[]; document: LocaleDocument | undefined }
>('last locale document');

function buildLocaleDocument(
  keys: readonly string[],
  layout: 'nested' | 'flat',
): LocaleDocument | undefined {
  const root: Record<string, unknown> = Object.create(null);
  const parents: Record<string, unknown>[] = [];
  const names: string[] = [];
  for (const key of keys) {
    let node = root;
    let name = key;
    if (layout === 'nested') {
      const parts = key.split('.');
      for (let i = 0; i < parts.length - 1; i++) {
        const next = node[parts[i]!];
        // A string here is an earlier key that is an ancestor of this one.
        if (typeof next === 'string') return undefined;
        if (next === undefined) node[parts[i]!] = Object.create(null);
        node = node[parts[i]!] as Record<string, unknown>;
      }
      name = parts[parts.length - 1]!;
      // An object here holds an earlier key that lies under this one.
      if (typeof node[name] === 'object') return undefined;
    }
    // A placeholder until a locale's text fills it: creates the member in key order.
    node[name] = '';
    parents.push(node);
    names.push(name);
  }
  return { root, parents, names };
}

/**
 * A document's text with its leaves cut out: `pieces[0] leaf pieces[1] leaf … pieces[n]`, where
 * `slots[j]` is the key index of the j-th leaf in text order. Laid out once per document, so each
 * locale (and, in watch mode, each run) only quotes its values between the pieces.
 */
export interface LocaleLayout {
  readonly pieces: readonly string[];
  readonly slots: readonly number[];
}

const LAYOUT = memoSlot<LocaleDocument, LocaleLayout>('locale document layout');

/** The layout of `JSON.stringify(document.root, null, 2)`, laid out once per document in a run or session. */
export const layoutOf = (document: LocaleDocument): LocaleLayout =>
  kept(LAYOUT, document, buildLayout);

/** The layout of `JSON.stringify(document.root, null, 2)`: the same members, order and indentation. */
function buildLayout(document: LocaleDocument): LocaleLayout {
  const slotOf = new Map<Record<string, unknown>, Map<string, number>>();
  document.parents.forEach((parent, i) => {
    let names = slotOf.get(parent);
    if (!names) {
      names = new Map();
      slotOf.set(parent, names);
    }
    names.set(document.names[i]!, i);
  });
  const pieces: string[] = [];
  const slots: number[] = [];
  let text = '';
  const write = (node: Record<string, unknown>, indent: string) => {
    // Object.keys gives the order JSON.stringify writes: array-index keys first, then insertion order.
    const keys = Object.keys(node);
    if (keys.length === 0) {
      text += '{}';
      return;
    }
    const inner = `${indent}  `;
    text += '{';
    keys.forEach((key, k) => {
      text += `${k === 0 ? '' : ','}\n${inner}${JSON.stringify(key)}: `;
      const value = node[key];
      if (typeof value === 'object' && value !== null)
        write(value as Record<string, unknown>, inner);
      else {
        pieces.push(text);
        slots.push(slotOf.get(node)!.get(key)!);
        text = '';
      }
    });
    text += `\n${indent}}`;
  };
  write(document.root, '');
  pieces.push(`${text}\n`);
  return { pieces, slots };
}

/** A locale file's text: `values[i]` is the text of the document's key i, every key having one. */
export const writeLocaleJson = (document: LocaleDocument, values: readonly string[]): string =>
  writeLocaleJsonWithPlaces(document, values).text;

/** Where each key's value starts in the text `writeLocaleJson(document, values)` gives. */
export interface ValuePlaces {
  /** By key index: the offset of the value's first character (its opening quote). */
  readonly starts: Int32Array;
  /** The key indexes in the order their values stand in the text. */
  readonly order: readonly number[];
}

/** `writeLocaleJson(document, values)`, and where its values stand in it. */
export function writeLocaleJsonWithPlaces(
  document: LocaleDocument,
  values: readonly string[],
): { text: string; places: ValuePlaces } {
  const { pieces, slots } = layoutOf(document);
  const starts = new Int32Array(values.length);
  let text = pieces[0]!;
  let at = text.length;
  for (let j = 0; j < slots.length; j++) {
    const value = JSON.stringify(values[slots[j]!]);
    starts[slots[j]!] = at;
    text += value + pieces[j + 1]!;
    at += value.length + pieces[j + 1]!.length;
  }
  return { text, places: { starts, order: slots } };
}
