// Pure: the catalog edits an upgrade's tool changes call for, per catalog file — a new tool declared
// `disabled` with the version it came in, the version a tool came or went in, a renamed tool's new
// name with its earlier one — and the same edits as lines a person can paste or apply by hand.
import path from 'node:path';
import { renderDeclaration } from '../drift/declaration.js';
import type { CatalogModel, ToolModel } from '../model/catalog-model.js';
import { tsArray, tsString } from '../text/escape.js';
import type { FieldValues, FileEdits, ToolEdit } from './catalog-edits.js';
import type { ToolRow } from './tool-changes.js';

export interface PlannedEdit {
  /** The catalog file, relative to the config folder. */
  readonly source: string;
  /** The tool it changes or adds. */
  readonly key: string;
  /** What it does, as a person would write it: `removedIn: '0.3.277'`, or the declaration to paste. */
  readonly text: string;
  readonly kind: 'declare' | 'range' | 'rename' | 'type';
}

export interface EditPlan {
  /** By catalog file, relative to the config folder. */
  readonly files: ReadonlyMap<string, FileEdits>;
  readonly edits: readonly PlannedEdit[];
  /** Rows whose edit cannot be made, and why. */
  readonly skipped: readonly { readonly name: string; readonly why: string }[];
}

/**
 * The file new tools go to: the one that declares the most disabled built-ins (where the catalog
 * keeps the tools it does not offer), else the most built-ins, else the first tool's.
 */
function fileForNewTools(model: CatalogModel): string | undefined {
  const count = (keep: (t: ToolModel) => boolean) => {
    const counts = new Map<string, number>();
    for (const t of model.tools) if (keep(t)) counts.set(t.source, (counts.get(t.source) ?? 0) + 1);
    return [...counts].sort((a, b) => b[1] - a[1])[0]?.[0];
  };
  return (
    count((t) => t.kind === 'sdk' && t.exposure === 'disabled') ??
    count((t) => t.kind === 'sdk') ??
    model.tools[0]?.source
  );
}

/** The category most tools of `source` have: new tools added there get it until someone classifies them. */
function mostCommonCategory(model: CatalogModel, source: string): string | undefined {
  const counts = new Map<string, number>();
  for (const t of model.tools)
    if (t.source === source && t.category)
      counts.set(t.category, (counts.get(t.category) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1])[0]?.[0];
}

/** Fields as a person writes them: `removedIn: '0.3.277', renamedFrom: ['KillShell']`, `remove name`. */
export const fieldText = (fields: FieldValues) =>
  Object.entries(fields)
    .map(([f, v]) =>
      v === undefined ? `remove ${f}` : `${f}: ${typeof v === 'string' ? tsString(v) : tsArray(v)}`,
    )
    .join(', ');

/** A row's fields to set, and the ones it removes as `undefined`. */
export const rowFields = (row: ToolRow): FieldValues => ({
  ...row.fields,
  ...Object.fromEntries((row.remove ?? []).map((f) => [f, undefined])),
});

export function planEdits(
  model: CatalogModel,
  rows: readonly ToolRow[],
  targetVersion: string,
): EditPlan {
  const byKey = new Map(model.tools.map((t) => [t.key, t]));
  const taken = new Set(model.tools.flatMap((t) => [t.key, ...t.names]));
  const tools = new Map<string, ToolEdit[]>();
  const declarations: string[] = [];
  const edits: PlannedEdit[] = [];
  const skipped: { name: string; why: string }[] = [];
  const newFile = fileForNewTools(model);
  const category = newFile === undefined ? undefined : mostCommonCategory(model, newFile);
  const change = (t: ToolModel, edit: ToolEdit, kind: PlannedEdit['kind']) => {
    tools.set(t.source, [...(tools.get(t.source) ?? []), edit]);
    edits.push({
      source: t.source,
      key: t.key,
      kind,
      text: fieldText(edit.fields),
    });
  };
  for (const row of rows) {
    if (row.edit === undefined) continue;
    if (row.need && row.at === undefined) {
      skipped.push({
        name: row.name,
        why: `the version it ${row.need.field === 'addedIn' ? 'came' : 'went'} in is not known`,
      });
      continue;
    }
    const tool = row.key !== undefined ? byKey.get(row.key) : undefined;
    if (row.edit === 'declare') {
      if (newFile === undefined) {
        skipped.push({ name: row.name, why: 'the catalog has no .tools({...}) call to add it to' });
        continue;
      }
      const base = row.typeName?.slice(0, -'Input'.length);
      // A key reads like the catalog's others: the type's name for a tool named in snake_case (`propose_skills`).
      const wanted = /^[A-Z]/.test(row.name) || base === undefined ? row.name : base;
      const key = taken.has(wanted) ? `${wanted}Sdk` : wanted;
      taken.add(key);
      const range = row.need && row.at !== undefined ? { [row.need.field]: row.at } : {};
      const text = renderDeclaration(
        {
          key,
          name: row.name,
          ...(base ? { base } : {}),
          ...range,
          ...(category ? { category } : {}),
        },
        model,
        model.config.sdk.aliases,
      );
      declarations.push(text);
      edits.push({ source: newFile, key, kind: 'declare', text });
    } else if (tool && row.edit === 'range')
      change(tool, { key: tool.key, fields: { [row.need!.field]: row.at! } }, 'range');
    else if (tool && row.fields) change(tool, { key: tool.key, fields: rowFields(row) }, row.edit);
  }
  const files = new Map<string, FileEdits>();
  for (const [source, list] of tools) files.set(source, { tools: list, declarations: [] });
  if (declarations.length > 0 && newFile !== undefined)
    files.set(newFile, {
      tools: files.get(newFile)?.tools ?? [],
      declarations,
      comment:
        `Built-ins of SDK ${targetVersion} the catalog did not declare ` +
        `(tool-catalog upgrade): disabled until classified.`,
    });
  return { files, edits, skipped };
}

/** A file of the plan as an absolute path. */
export const planFile = (model: CatalogModel, source: string) =>
  path.resolve(model.config.rootDir, source);
