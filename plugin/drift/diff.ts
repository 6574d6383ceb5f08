// Pure: the catalog's SDK-typed tools against the members of the SDK's tool unions, after the
// alias map. Finds SDK tools the catalog lacks, catalog tools the SDK dropped, and renames.
import type { CatalogModel, ToolModel } from '../model/catalog-model.js';
import { inVersionRange, isVersion } from '../language/versions.js';
import {
  BUILT_IN_SDK_ALIASES,
  defaultSdkType,
  NON_TOOL_SDK_TYPES,
  type SdkAliasMap,
} from '../model/sdk-types.js';

/** The version field that puts a tool out of the SDK's range, as the catalog spells it. */
const rangeField = (t: ToolModel) =>
  t.removedIn !== undefined ? `removedIn: '${t.removedIn}'` : `addedIn: '${t.addedIn}'`;

/** Tools the SDK types: `kind: 'sdk'` and not `sdkTyped: false` (teams tools and MCP tools are exempt). */
const sdkTypedTools = (tools: readonly ToolModel[]) => tools.filter((t) => t.sdkTyped);

/** The bare runtime name of an SDK tool (its key unless it declares `name`). */
const sdkToolName = (tool: ToolModel): string =>
  tool.names.length === 1 ? tool.names[0]! : tool.key;
import { renderDeclaration } from './declaration.js';
import type { SdkUnionMember } from './read-sdk-types.js';

/** The SDK's own name tables, when the installed version has them. */
export interface SdkNameTables {
  readonly builtinToolNames?: readonly string[];
  readonly legacyAliases?: Readonly<Record<string, string>>;
}

interface MissingSdkTool {
  /** `PushNotificationInput` (the input member when there is one). */
  readonly typeName: string;
  readonly base: string;
  /** The tool's bare runtime name, through the alias map and the SDK's tables. */
  readonly name: string;
  readonly line: number;
  readonly column: number;
  /** Ready to paste into a `.tools({...})` call; absent when `fix` says to change an existing tool. */
  readonly declaration?: string;
  readonly fix?: string;
  /** The catalog's tool that is this SDK type but says `sdkTyped: false` (the fix removes that). */
  readonly untypedKey?: string;
}

export interface GoneTool {
  readonly key: string;
  /** The type the catalog expects: `NotebookReadInput`. */
  readonly typeName: string;
  readonly source: string;
}

interface RenamedTool {
  readonly key: string;
  /** What the catalog expects. */
  readonly was: string;
  /** What the SDK has now. */
  readonly now: string;
  readonly line: number;
  readonly column: number;
  readonly fix: string;
}

export interface DriftDiff {
  /** SDK-typed catalog tools compared. */
  readonly checked: number;
  /** Keys exempt from the comparison: `sdkTyped: false`, MCP and external tools. */
  readonly exempt: readonly string[];
  /** SDK-typed keys this SDK version does not have by their `addedIn`/`removedIn`. */
  readonly outOfRange: readonly string[];
  readonly missing: readonly MissingSdkTool[];
  readonly gone: readonly GoneTool[];
  readonly renamed: readonly RenamedTool[];
}

/** One entry per SDK type base, preferring the input member (its position is where a tool starts). */
function sdkBases(members: readonly SdkUnionMember[]): Map<string, SdkUnionMember> {
  const byBase = new Map<string, SdkUnionMember>();
  for (const m of members) {
    if (NON_TOOL_SDK_TYPES.has(m.base)) continue;
    const known = byBase.get(m.base);
    if (!known || (known.union === 'output' && m.union === 'input')) byBase.set(m.base, m);
  }
  return byBase;
}

const normalized = (name: string) => name.replace(/_/g, '').toLowerCase();

/**
 * The runtime name of the tool an SDK type base stands for: the config's alias, then the SDK's own
 * tables (a listed built-in name, a legacy alias, the same name spelt `snake_case`), then the
 * built-in aliases, then the base itself.
 */
export function sdkNameForBase(
  base: string,
  configAliases: SdkAliasMap,
  tables: SdkNameTables,
): string {
  if (configAliases[base] !== undefined) return configAliases[base]!;
  const builtin = tables.builtinToolNames;
  if (builtin?.includes(base)) return base;
  if (tables.legacyAliases?.[base] !== undefined) return tables.legacyAliases[base]!;
  const spelledAlike = builtin?.filter((n) => normalized(n) === normalized(base)) ?? [];
  if (spelledAlike.length === 1) return spelledAlike[0]!;
  return BUILT_IN_SDK_ALIASES[base] ?? base;
}

/** SDK type bases no catalog tool expects (drift loads the SDK's legacy table only when there are some). */
export function unmatchedBases(model: CatalogModel, members: readonly SdkUnionMember[]): string[] {
  const expected = new Set(sdkTypedTools(model.tools).map((t) => t.sdkType!));
  return [...sdkBases(members).keys()].filter((b) => !expected.has(b));
}

/**
 * `version`: the SDK's version, when known; a tool whose `addedIn`/`removedIn` leave it out of that
 * version is neither expected in its types nor claimed by them.
 */
export function diffCatalogWithSdk(
  model: CatalogModel,
  members: readonly SdkUnionMember[],
  tables: SdkNameTables = {},
  version?: string,
): DriftDiff {
  const configAliases = model.config.sdk.aliases;
  const inRange = (t: ToolModel) =>
    !isVersion(version) || inVersionRange(version, t.addedIn, t.removedIn);
  const typed = sdkTypedTools(model.tools).filter(inRange);
  const outOfRange = new Map(
    sdkTypedTools(model.tools)
      .filter((t) => !inRange(t))
      .map((t) => [t.sdkType!, t]),
  );
  const bases = sdkBases(members);
  const expected = new Map(typed.map((t) => [t, t.sdkType!]));
  const claimed = new Set(expected.values());
  const goneTools = typed.filter((t) => !bases.has(expected.get(t)!));
  const unclaimed = [...bases.values()].filter((m) => !claimed.has(m.base));

  const renamed: RenamedTool[] = [];
  const renamedBases = new Set<string>();
  const stillGone: ToolModel[] = [];
  for (const tool of goneTools) {
    const match = unclaimed.find(
      (m) =>
        !renamedBases.has(m.base) &&
        sdkNameForBase(m.base, configAliases, tables) === sdkToolName(tool),
    );
    if (!match) {
      stillGone.push(tool);
      continue;
    }
    renamedBases.add(match.base);
    renamed.push({
      key: tool.key,
      was: `${expected.get(tool)!}Input`,
      now: match.typeName,
      line: match.line,
      column: match.column,
      // A tool that declares its own sdkType is past the alias map: only changing that sdkType helps.
      fix:
        tool.sdkType !== defaultSdkType(sdkToolName(tool), configAliases)
          ? `change sdkType: '${tool.sdkType}' to sdkType: '${match.base}' on '${tool.key}'`
          : `set sdkType: '${match.base}' on '${tool.key}' (or add sdk.aliases: { ` +
            `${match.base}: '${sdkToolName(tool)}' } in the config)`,
    });
  }

  const byKey = new Map(model.tools.map((t) => [t.key, t]));
  const byName = new Map(model.tools.flatMap((t) => t.names.map((n) => [n, t] as const)));
  const missing = unclaimed
    .filter((m) => !renamedBases.has(m.base))
    .map((m): MissingSdkTool => {
      const name = sdkNameForBase(m.base, configAliases, tables);
      const entry = { typeName: m.typeName, base: m.base, name, line: m.line, column: m.column };
      const existing = byName.get(name) ?? byKey.get(name);
      const ranged = outOfRange.get(m.base);
      if (ranged)
        return {
          ...entry,
          fix: `'${ranged.key}' says ${rangeField(ranged)}, but SDK ${version} types it; correct the version`,
        };
      if (existing?.kind === 'sdk' && !existing.sdkTyped)
        return {
          ...entry,
          untypedKey: existing.key,
          fix:
            `'${existing.key}' is declared sdkTyped: false, but the SDK now types ` +
            `it; remove sdkTyped: false` +
            `${m.base === name ? '' : ` and set sdkType: '${m.base}'`}`,
        };
      if (existing?.kind === 'sdk')
        return {
          ...entry,
          fix:
            `'${existing.key}' is already checked against ` +
            `${expected.get(existing) ?? existing.sdkType}Input; if ${m.typeName} is ` +
            `another tool, map it with sdk.aliases: { ${m.base}: '<its runtime ` +
            `name>' } in the config`,
        };
      const key = existing ? `${name}Sdk` : name;
      return {
        ...entry,
        declaration: renderDeclaration({ key, name, base: m.base }, model, configAliases),
      };
    });

  return {
    checked: typed.length,
    exempt: model.tools
      .filter((t) => !typed.includes(t) && !outOfRange.has(t.sdkType ?? ''))
      .map((t) => t.key),
    outOfRange: [...outOfRange.values()].map((t) => t.key),
    missing,
    gone: stillGone.map((t) => ({
      key: t.key,
      typeName: `${expected.get(t)!}Input`,
      source: t.source,
    })),
    renamed,
  };
}
