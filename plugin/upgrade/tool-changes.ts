// Pure: what changes per tool between the SDK an app runs and the one it moves to — tools the
// target has that the catalog does not (or only for other versions), tools it no longer has, tools
// it runs under another name, and input fields that changed — each with what the catalog needs.
import { sdkNameForBase } from '../drift/diff.js';
import type { FieldChange } from '../drift/schema-changes.js';
import { schemaChanges } from '../drift/schema-changes.js';
import { compareVersions, inVersionRange } from '../language/versions.js';
import type { CatalogModel, ToolModel } from '../model/catalog-model.js';
import { defaultSdkType } from '../model/sdk-types.js';
import type { SdkSnapshot } from './sdk-snapshot.js';

/** How the version a tool came or went in is found: from one of its types, or its name in `BUILTIN_TOOL_NAMES`. */
export type Presence = { readonly type: string } | { readonly name: string };

/** The catalog range field a tool needs, and what it says already. */
interface RangeNeed {
  readonly field: 'addedIn' | 'removedIn';
  /** Where the tool's presence is read from, for the search. */
  readonly presence: Presence;
  /** The tool is in the later of the two versions (`addedIn`) or in the earlier one only (`removedIn`). */
  readonly inLater: boolean;
}

export interface ToolRow {
  readonly change: 'new' | 'gone' | 'renamed';
  /** The runtime name: in the target (new, renamed) or in the current SDK (gone). */
  readonly name: string;
  /** renamed: the name the catalog has. */
  readonly was?: string;
  /** The SDK input type, when the tool has one. */
  readonly typeName?: string;
  /** The catalog tool, when the catalog declares it. */
  readonly key?: string;
  /** The first version with (new) or without (gone) the tool, once known; and where that came from. */
  at?: string;
  atFrom?: 'catalog' | 'registry';
  /** The catalog field `at` comes from, when the catalog gives it. */
  atField?: 'addedIn' | 'removedIn';
  /** A version to find before the catalog can say it (`at` then comes from the registry). */
  readonly need?: RangeNeed;
  /** What to change in the catalog: a declaration to add, or fields of an existing tool. */
  readonly edit?: 'declare' | 'range' | 'rename' | 'type';
  /** Fields the rename or type edit sets, and fields it removes. */
  readonly fields?: Readonly<Record<string, string | readonly string[]>>;
  readonly remove?: readonly string[];
  /** One line on what the catalog says or cannot do, for the report. */
  readonly note?: string;
}

export interface FieldRow {
  readonly name: string;
  readonly typeName: string;
  readonly key?: string;
  readonly changes: readonly FieldChange[];
}

export interface ToolChanges {
  /** What the SDK itself changed: tools it gained (`new`), lost (`gone`) or runs under another name. */
  readonly rows: readonly ToolRow[];
  readonly fields: readonly FieldRow[];
  /** Built-ins both SDKs have that the catalog does not declare: nothing changes for them. */
  readonly notInCatalog: readonly { readonly name: string; readonly typeName?: string }[];
  /**
   * Built-ins one SDK lists by name, undeclared, where the other exports no `BUILTIN_TOOL_NAMES`:
   * whether that one has them is not known.
   */
  readonly unknownHistory: readonly string[];
  /** Built-ins the catalog declares without a type that no name list an SDK exports has. */
  readonly unlisted: readonly string[];
}

const sdkTools = (model: CatalogModel) =>
  model.tools.filter((t) => t.kind === 'sdk' && t.names.length > 0);

export function toolChanges(
  model: CatalogModel,
  current: SdkSnapshot,
  target: SdkSnapshot,
): ToolChanges {
  const configAliases = model.config.sdk.aliases;
  const nameAt = (s: SdkSnapshot, base: string) =>
    sdkNameForBase(base, configAliases, {
      builtinToolNames: s.builtinNames,
      legacyAliases: s.aliases,
    });
  const upgrade = compareVersions(target.version, current.version) > 0;
  const inC = (t: ToolModel) => inVersionRange(current.version, t.addedIn, t.removedIn);
  const inT = (t: ToolModel) => inVersionRange(target.version, t.addedIn, t.removedIn);
  const tools = sdkTools(model);
  const byName = new Map(tools.flatMap((t) => [...t.names, t.key].map((n) => [n, t] as const)));
  const byBase = new Map(tools.filter((t) => t.sdkTyped).map((t) => [t.sdkType!, t]));
  const rows: ToolRow[] = [];
  const renamed = new Set<ToolModel>();
  /** Type bases a rename accounts for: not new or gone on their own. */
  const settled = new Set<string>();

  // Renames: the target's legacy table names the catalog's name, or the same type runs under another name.
  const claimed = new Map(byName);
  for (const t of tools.filter((x) => inC(x) || inT(x))) {
    const name = t.names[0]!;
    const base = t.sdkTyped ? t.sdkType! : undefined;
    const aliased = target.aliases[name];
    const retyped =
      base !== undefined &&
      current.inputs.has(base) &&
      target.inputs.has(base) &&
      nameAt(current, base) === name
        ? nameAt(target, base)
        : undefined;
    const now =
      aliased !== undefined && aliased !== name ? aliased : retyped !== name ? retyped : undefined;
    if (now !== undefined) {
      renamed.add(t);
      // The type the target gives today's name, if any: the tool is checked against it from now on.
      const typed = [...target.inputs.keys()].find(
        (b) => nameAt(target, b) === now && (byBase.get(b) ?? t) === t && !settled.has(b),
      );
      if (base !== undefined) settled.add(base);
      if (typed !== undefined) settled.add(typed);
      rows.push(renameRow(t, name, now, claimed, configAliases, typed));
      continue;
    }
    if (base === undefined || target.inputs.has(base) || !current.inputs.has(base)) continue;
    const successor = [...target.inputs.keys()].find(
      (b) =>
        !current.inputs.has(b) && !byBase.has(b) && !settled.has(b) && nameAt(target, b) === name,
    );
    if (successor === undefined) continue;
    renamed.add(t);
    settled.add(base).add(successor);
    rows.push({
      change: 'renamed',
      name,
      was: name,
      typeName: `${successor}Input`,
      key: t.key,
      edit: 'type',
      ...(defaultSdkType(name, configAliases) === successor
        ? { fields: {}, remove: ['sdkType'] }
        : { fields: { sdkType: successor } }),
      note: `its type is now ${successor}Input (was ${base}Input)`,
    });
  }

  // Typed tools one SDK has and the other does not; ones both have that the catalog lacks are no change.
  const notInCatalog: { name: string; typeName?: string }[] = [];
  /** The SDK whose name list names a tool, for a name both SDKs have (the other may export no list). */
  const listing = target.builtinNames ? target : current;
  for (const base of new Set([...current.inputs.keys(), ...target.inputs.keys()])) {
    if (settled.has(base)) continue;
    const inCurrent = current.inputs.has(base);
    const inTarget = target.inputs.has(base);
    const name = nameAt(inCurrent && inTarget ? listing : inTarget ? target : current, base);
    const known = byBase.get(base) ?? byName.get(name);
    if (known && renamed.has(known)) continue;
    if (inCurrent && inTarget) {
      if (!known) notInCatalog.push({ name, typeName: `${base}Input` });
    } else if (inTarget) {
      // A tool the current SDK ran without a type (its name list says so) only gained a type.
      if (current.builtinNames?.includes(name)) continue;
      if (known && !known.sdkTyped)
        rows.push({
          change: 'new',
          name,
          typeName: `${base}Input`,
          key: known.key,
          note:
            `'${known.key}' is declared sdkTyped: false, but the target types it: ` +
            `remove sdkTyped: false${base === name ? '' : ` and set sdkType: '${base}'`}`,
        });
      else rows.push(...rangeRows(name, `${base}Input`, known, true, { type: base }));
    } else if (!target.builtinNames?.includes(name) && (!known || inC(known)))
      rows.push(goneRow(name, { type: base }, `${base}Input`, known));
  }

  // Built-ins listed by name only (no type): new or gone when one list has the name and the other
  // does not; when one SDK exports no list, whether it has them is not known.
  const typed = (s: SdkSnapshot) => [...s.inputs.keys()].map((b) => nameAt(s, b));
  const typedEither = new Set([...typed(current), ...typed(target)]);
  const unknownHistory: string[] = [];
  const listed = new Set([...(current.builtinNames ?? []), ...(target.builtinNames ?? [])]);
  for (const name of [...listed].sort()) {
    if (typedEither.has(name)) continue;
    const tool = byName.get(name) ?? [...renamed].find((t) => target.aliases[t.names[0]!] === name);
    if (tool && renamed.has(tool)) continue;
    const inTarget = target.builtinNames?.includes(name);
    const inCurrent = current.builtinNames?.includes(name);
    if (inTarget === undefined || inCurrent === undefined) {
      if (!tool) unknownHistory.push(name);
    } else if (inTarget && inCurrent) {
      if (!tool) notInCatalog.push({ name });
    } else if (inTarget) rows.push(...rangeRows(name, undefined, tool, true, { name }));
    else if (!tool || inC(tool)) rows.push(goneRow(name, { name }, undefined, tool));
  }
  // Declared without a type, and in no name list an SDK exports: kept as declared (the lists are not complete).
  const lists = [current.builtinNames, target.builtinNames].filter(
    (l): l is readonly string[] => l !== undefined,
  );
  const unlisted =
    lists.length === 0
      ? []
      : tools
          .filter(
            (t) =>
              !t.sdkTyped &&
              (inC(t) || inT(t)) &&
              !renamed.has(t) &&
              !typedEither.has(t.names[0]!) &&
              lists.every((l) => !l.includes(t.names[0]!)),
          )
          .map((t) => t.key);

  /**
   * A tool the target has (`new`): declared for it, or with the range it needs. `arrives`: the
   * current SDK does not have it, so the catalog's range must leave the current version out.
   */
  function rangeRows(
    name: string,
    type: string | undefined,
    tool: ToolModel | undefined,
    arrives: boolean,
    presence: Presence,
  ): ToolRow[] {
    const need: RangeNeed = {
      field: upgrade ? 'addedIn' : 'removedIn',
      presence,
      inLater: upgrade,
    };
    const base = {
      change: 'new' as const,
      name,
      ...(type !== undefined ? { typeName: type } : {}),
    };
    if (!tool) return [{ ...base, edit: 'declare', ...(arrives ? { need } : {}) }];
    if (!arrives) return []; // In both SDKs and declared: nothing changes for it.
    const ok = inT(tool) && !inC(tool);
    if (ok) return [{ ...base, key: tool.key, ...catalogAt(tool, need.field) }];
    return [{ ...base, key: tool.key, edit: 'range', need }];
  }

  /** A tool the current SDK has and the target does not (`presence`: how the search finds when it went). */
  function goneRow(
    name: string,
    presence: Presence,
    type: string | undefined,
    tool: ToolModel | undefined,
  ): ToolRow {
    const need: RangeNeed = {
      field: upgrade ? 'removedIn' : 'addedIn',
      presence,
      inLater: !upgrade,
    };
    const base = {
      change: 'gone' as const,
      name,
      ...(type !== undefined ? { typeName: type } : {}),
    };
    if (!tool) return { ...base, note: 'the catalog does not declare it' };
    if (!inT(tool)) return { ...base, key: tool.key, ...catalogAt(tool, need.field) };
    return { ...base, key: tool.key, edit: 'range', need };
  }

  // Input fields of the types both SDKs have (a renamed type against its successor).
  const fields: FieldRow[] = [];
  const pairs = [...current.inputs.keys()]
    .filter((b) => target.inputs.has(b))
    .map((b) => [b, b] as const);
  for (const r of rows)
    if (r.edit === 'type')
      pairs.push([byName.get(r.name)!.sdkType!, r.typeName!.slice(0, -5)] as const);
  for (const [was, now] of pairs) {
    const before = current.fields.get(`${was}Input`);
    const after = target.fields.get(`${now}Input`);
    if (!before || !after) continue;
    const changes = schemaChanges(before, after);
    if (changes.length === 0) continue;
    const key = byBase.get(was)?.key;
    fields.push({
      name: nameAt(listing, now),
      typeName: `${now}Input`,
      ...(key ? { key } : {}),
      changes,
    });
  }
  return {
    rows: rows.sort(byChangeThenName),
    fields: fields.sort((a, b) => cmp(a.name, b.name)),
    notInCatalog: notInCatalog.sort((a, b) => cmp(a.name, b.name)),
    unknownHistory,
    unlisted,
  };
}

const ORDER = { new: 0, gone: 1, renamed: 2 };
const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const byChangeThenName = (a: ToolRow, b: ToolRow) =>
  ORDER[a.change] - ORDER[b.change] || cmp(a.name, b.name);

/** The version the catalog already gives for a tool's arrival or departure, and the field that gives it. */
function catalogAt(
  tool: ToolModel,
  field: 'addedIn' | 'removedIn',
): Pick<ToolRow, 'at' | 'atFrom' | 'atField'> {
  const at = tool[field];
  return at === undefined ? {} : { at, atFrom: 'catalog', atField: field };
}

/**
 * A tool the target runs under another name. The key stays (the binding file, translations and
 * stored settings follow it); `name` becomes today's, and the former name, when it was not the
 * key, goes to `renamedFrom` so settings saved under it still reach the tool.
 */
function renameRow(
  t: ToolModel,
  was: string,
  now: string,
  claimed: Map<string, ToolModel>,
  configAliases: Readonly<Record<string, string>>,
  typed: string | undefined,
): ToolRow {
  const base = {
    change: 'renamed' as const,
    name: now,
    was,
    key: t.key,
    ...(typed ? { typeName: `${typed}Input` } : {}),
  };
  const other = claimed.get(now);
  if (other && other !== t)
    return {
      ...base,
      note: `'${other.key}' is ${now} too: keep one of the two (an upgrade never removes a tool)`,
    };
  claimed.set(now, t);
  // Checked against the type the target gives the new name: written out unless the name gives it by default.
  const sdkType =
    typed !== undefined &&
    (defaultSdkType(now, configAliases) !== typed || (t.sdkTyped && t.sdkType !== typed))
      ? typed
      : undefined;
  // JSON has no `undefined`: fields to drop are listed apart from the ones to set.
  const remove = [
    ...(now === t.key ? ['name'] : []),
    ...(typed !== undefined && !t.sdkTyped ? ['sdkTyped'] : []),
  ];
  return {
    ...base,
    edit: 'rename',
    fields: {
      ...(now !== t.key ? { name: now } : {}),
      ...(sdkType !== undefined ? { sdkType } : {}),
      ...(was !== t.key ? { renamedFrom: [was] } : {}),
    },
    ...(remove.length > 0 ? { remove } : {}),
  };
}
