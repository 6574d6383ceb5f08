// Pure: validated raw catalog → normalized CatalogModel. Applies defaults, resolves runtime names,
// condition fields, SDK types and builder import paths, and orders the tools.
import path from 'node:path';
import type { ModuleRef } from '../language/catalog.js';
import { conditionField, staticRuntimeNames } from '../language/naming.js';
import type { ImportExtension } from '../load/import-style.js';
import type { RawCatalog, RawToolEntry } from '../load/load-catalog.js';
import { capitalise, toPosix } from '../text/spelling.js';
import type { PinnedSurface } from '../load/surface-lock.js';
import type {
  AgentModel,
  CatalogModel,
  CategoryModel,
  ConditionModel,
  ResolvedModuleRef,
  RuntimeConfigurationModel,
  ToolModel,
} from './catalog-model.js';
import { sdkTypeOf } from './sdk-types.js';
import { memoSlot, recallKept, rememberKept } from '../session-memory.js';
import { reuse, samePlainData } from './structural-sharing.js';

// Declarations are read after validation, field by field as the catalog language defines them.
// biome-ignore lint/suspicious/noExplicitAny: a validated declaration, read without a cast per field.
type Decl = Record<string, any>;

/**
 * Output order: the catalog's declared category order first (a catalog reads like its UI), then
 * declaration order — the loader's order of files and of tools within a file. Stable, so tools of
 * one category keep their declaration order; a catalog without categories keeps it throughout.
 */
function inOutputOrder(
  tools: readonly RawToolEntry[],
  categories: readonly string[],
): readonly RawToolEntry[] {
  if (categories.length === 0) return tools;
  const rank = new Map(categories.map((c, i) => [c, i]));
  const rankOf = (t: RawToolEntry) =>
    rank.get((t.declaration as Decl).category) ?? categories.length;
  return tools
    .map((t, i) => ({ t, i, r: rankOf(t) }))
    .sort((a, b) => a.r - b.r || a.i - b.i)
    .map(({ t }) => t);
}

const CODE_EXTENSION = /\.(?:[cm]?[jt]s|[jt]sx)$/;
const AS_JS: Readonly<Record<string, string>> = {
  '.ts': '.js',
  '.tsx': '.js',
  '.mts': '.mjs',
  '.cts': '.cjs',
};
const AS_TS: Readonly<Record<string, string>> = {
  '.js': '.ts',
  '.jsx': '.tsx',
  '.mjs': '.mts',
  '.cjs': '.cts',
};

/** A relative specifier in the app's import style: an extension added where the style needs one, or mapped to it. */
function withImportExtension(specifier: string, extension: ImportExtension): string {
  const written = CODE_EXTENSION.exec(specifier)?.[0];
  if (written === undefined) return `${specifier}${extension}`;
  const map = extension === '.js' ? AS_JS : extension === '.ts' ? AS_TS : {};
  return map[written] === undefined
    ? specifier
    : specifier.slice(0, -written.length) + map[written];
}

/** Rewrites a module reference declared in `fromFile` so the generated files in `outDir` can import it. */
export function resolveModuleRef(
  ref: ModuleRef,
  fromFile: string,
  outDir: string,
  extension: ImportExtension = '',
): ResolvedModuleRef {
  let specifier = ref.module;
  if (specifier.startsWith('.')) {
    specifier = toPosix(path.relative(outDir, path.resolve(path.dirname(fromFile), specifier)));
    if (!specifier.startsWith('.')) specifier = `./${specifier}`;
    specifier = withImportExtension(specifier, extension);
  }
  return { specifier, exportName: ref.export ?? 'default' };
}

/** What each tool model was made from, so a watch run can tell an unchanged tool without rebuilding it. */
const MADE_FROM = memoSlot<
  ToolModel,
  { readonly declaration: unknown; readonly file: string; readonly vocabulary: unknown }
>('what a tool model was made from');

/** The declared runtime configurations with defaults applied; one, `default`, when none is declared. */
function runtimeConfigurations(declared: Decl | undefined): RuntimeConfigurationModel[] {
  const entries: [string, Decl][] = Object.entries(declared ?? {});
  return (entries.length > 0 ? entries : [['default', {}] as [string, Decl]]).map(([name, d]) => ({
    name,
    description: d.description ?? '',
    ...(d.model !== undefined ? { model: d.model } : {}),
    permissionCallback: d.permissionCallback === true,
    ...(d.toolSearch !== undefined ? { toolSearch: d.toolSearch } : {}),
    env: { ...(d.env ?? {}) },
  }));
}

/** The declared subagents, a caller resolved to its groups. */
function agentModels(v: Decl): AgentModel[] {
  return Object.entries((v.agents ?? {}) as Record<string, Decl>).map(([name, d]) => ({
    name,
    description: d.description,
    prompt: d.prompt,
    ...(d.model !== undefined ? { model: d.model } : {}),
    tools: d.tools ?? [],
    groups: [
      ...new Set([
        ...(d.groups ?? []),
        ...(d.caller !== undefined ? (v.callers?.[d.caller] ?? []) : []),
      ]),
    ],
    exclude: d.exclude ?? [],
    skills: d.skills ?? [],
    ...(d.maxTurns !== undefined ? { maxTurns: d.maxTurns } : {}),
  }));
}

/** Each former server or channel name → the name it has today, in declaration order. */
function renamedServers(v: Decl): Record<string, string> {
  const out: Record<string, string> = {};
  for (const field of ['servers', 'channels'])
    for (const [name, declaration] of Object.entries((v[field] ?? {}) as Record<string, Decl>))
      for (const former of (declaration?.renamedFrom ?? []) as string[]) out[former] ??= name;
  return out;
}

/** Nearly every tool has one name: no Set for those (runs once per tool). */
const uniqueNames = (names: string[]) => (names.length < 2 ? names : [...new Set(names)]);

/**
 * `previous` (the last model of the same catalog, in watch mode) lends its objects: every tool, and
 * the model itself, that came out the same is the previous object, so work keyed by identity is kept.
 */
export function buildModel(
  raw: RawCatalog,
  previous?: CatalogModel,
  surface?: PinnedSurface,
): CatalogModel {
  const config = reuse(raw.config, previous?.config);
  const v = (raw.vocabulary ?? {}) as Decl;
  const conditionDescriptions: Record<string, string> = { ...(v.conditions ?? {}) };
  for (const p of (v.predicates ?? []) as string[]) conditionDescriptions[p] ??= '';
  const conditions: ConditionModel[] = Object.entries(conditionDescriptions).map(
    ([name, description]) => ({
      name,
      field: conditionField(name),
      description,
    }),
  );
  const conditionByName = new Map(conditions.map((c) => [c.name, c]));
  const categoryLabels = (v.categoryLabels ?? {}) as Record<string, string>;
  const categories: CategoryModel[] = ((v.categories ?? []) as string[]).map((name) => ({
    name,
    label: categoryLabels[name] ?? capitalise(name),
    labelKey: `${config.i18n.prefix}.categories.${name}.label`,
  }));

  const ordered = inOutputOrder(
    raw.tools,
    categories.map((c) => c.name),
  );

  // Tools share a few files: path.relative once per file, not once per tool (measurable at 5,000 tools).
  const sourceOf = new Map(raw.files.map((f) => [f, toPosix(path.relative(config.rootDir, f))]));
  const before = new Map(previous?.tools.map((t) => [t.key, t]));
  const tools: ToolModel[] = ordered.map(({ key, declaration, file }) => {
    const earlier = before.get(key);
    const madeFrom = earlier && recallKept(MADE_FROM, earlier);
    // The same declaration object (its file was not evaluated again), file, config and vocabulary:
    // the same tool, whatever else changed.
    if (
      earlier &&
      madeFrom &&
      madeFrom.declaration === declaration &&
      madeFrom.file === file &&
      madeFrom.vocabulary === raw.vocabulary &&
      previous!.config === config
    )
      return earlier;
    const tool = reuse(toolModel(key, declaration, file), earlier);
    rememberKept(MADE_FROM, tool, { declaration, file, vocabulary: raw.vocabulary });
    return tool;
  });
  const model: CatalogModel = {
    name: config.name,
    config,
    prefix: config.prefix,
    constPrefix: config.constPrefix,
    sources: raw.files.map((f) => sourceOf.get(f)!),
    definitionSource:
      raw.definitionFile === undefined
        ? undefined
        : (sourceOf.get(raw.definitionFile) ??
          toPosix(path.relative(config.rootDir, raw.definitionFile))),
    categories,
    conditions,
    pairGroups: v.pairGroups ?? [],
    groups: v.groups ?? [],
    callers: v.callers ?? {},
    servers: Object.keys(v.servers ?? {}),
    channels: Object.keys(v.channels ?? {}),
    renamedServers: renamedServers(v),
    // The SDK's own legacy names (`Task` → `Agent`), as the lock recorded them for the pinned runtime.
    sdkAliases: surface?.runtime.aliases ?? {},
    tools,
    runtimes: runtimeConfigurations(v.runtimes),
    agents: agentModels(v),
    ...(v.skills === undefined
      ? {}
      : { skills: v.skills === 'all' ? ('all' as const) : Object.keys(v.skills) }),
    settingSources: v.settingSources ?? [],
    ...(surface ? { surface } : {}),
  };
  // Tools are compared one by one above; the rest of the model is small.
  if (previous === undefined) return model;
  if (
    tools.length === previous.tools.length &&
    tools.every((t, i) => t === previous.tools[i]) &&
    samePlainData({ ...model, tools: [] }, { ...previous, tools: [] })
  )
    return previous;
  return model;

  function toolModel(key: string, declaration: unknown, file: string): ToolModel {
    const d = declaration as Decl;
    const ref = (r: ModuleRef) =>
      resolveModuleRef(r, file, config.outDir, config.imports.extension);
    const condition = d.condition ? conditionByName.get(d.condition) : undefined;
    const available: ToolModel['available'] =
      d.available === false
        ? { kind: 'never' }
        : typeof d.available === 'string' && d.available !== 'always'
          ? {
              kind: 'condition',
              condition: d.available,
              field: conditionByName.get(d.available)!.field,
            }
          : d.available && typeof d.available === 'object'
            ? { kind: 'function', ref: ref(d.available) }
            : { kind: 'always' };
    const nameSource: ToolModel['nameSource'] =
      d.fullNames && !Array.isArray(d.fullNames)
        ? { kind: 'resolver', ref: ref(d.fullNames.resolve) }
        : d.kind === 'external' && d.mirror
          ? { kind: 'mirror', channel: d.channel }
          : { kind: 'static' };
    const sdkTyped = d.kind === 'sdk' && d.sdkTyped !== false;
    const name = d.kind === 'sdk' ? (d.name ?? key) : undefined;
    return {
      key,
      kind: d.kind,
      category: d.category,
      exposure: d.exposure ?? 'internal',
      condition,
      available,
      pairGroup: d.pairGroup,
      dependsOn: d.dependsOn ?? [],
      groups: d.groups ?? [],
      names: nameSource.kind === 'static' ? uniqueNames(staticRuntimeNames(key, d)) : [],
      nameSource,
      server: d.kind === 'mcp' ? d.server : undefined,
      // With explicit fullNames the key is not a wire name, so none is implied.
      wire:
        d.kind === 'mcp' ? (d.wire ?? (d.fullNames === undefined ? key : undefined)) : undefined,
      channel: d.kind === 'external' ? d.channel : undefined,
      builder: d.builder ? ref(d.builder) : undefined,
      factory: d.factory === true,
      sdkTyped,
      sdkType: sdkTyped ? sdkTypeOf(name!, d.sdkType, config.sdk.aliases) : undefined,
      restricted: d.restricted === true,
      ...(d.offer !== undefined ? { offer: d.offer } : {}),
      ...(d.kind === 'sdk' && d.addedIn !== undefined ? { addedIn: d.addedIn } : {}),
      ...(d.kind === 'sdk' && d.removedIn !== undefined ? { removedIn: d.removedIn } : {}),
      approval: d.approval ?? 'permission-mode',
      label: d.label ?? key,
      description: d.description ?? '',
      labelKey: d.labelKey ?? `${config.i18n.prefix}.${key}.label`,
      descriptionKey: d.descriptionKey ?? `${config.i18n.prefix}.${key}.description`,
      icon: d.icon,
      renamedFrom: d.renamedFrom ?? [],
      source: sourceOf.get(file) ?? toPosix(path.relative(config.rootDir, file)),
    };
  }
}
