// The `upgrade` core the CLI calls: the catalog, the SDK the app runs and the one it moves to, what
// changes per tool (with the version each tool came or went in, found on the registry), how the
// runtime's offer changes per configuration, the catalog edits that follow — and, with `write`, the
// edits applied and the measured surfaces recorded in the lock.
import { readFileSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import type { CatalogDiagnostic } from '../diagnostics/diagnostics.js';
import type { CatalogModel } from '../model/catalog-model.js';
import { sdkNotInstalled } from '../load/sdk-location.js';
import { loadProject } from '../project/load-project.js';
import { keyPositions, type KeyPosition } from './catalog-edits.js';
import { type EditPlan, type PlannedEdit, planEdits, planFile } from './edit-plan.js';
import { type OfferChanges, offerChanges } from './offer-changes.js';
import { findVersions } from './find-versions.js';
import { type OutsideChanges, outsideChanges } from './outside-changes.js';
import { bytesText, cacheContents } from './cache-contents.js';
import { SdkFetchError } from './npm-command.js';
import { cacheRoot, installedSdk } from './sdk-cache.js';
import { appSdk, chooseSdk, SdkChoiceError, type SdkSnapshot } from './sdk-snapshot.js';
import { askedBuiltins, projectLock, type SideSurface, sideSurface } from './surfaces.js';
import { type FieldRow, type ToolChanges, type ToolRow, toolChanges } from './tool-changes.js';
import { type Interrupted, type WriteResult, writeUpgrade } from './write-upgrade.js';

export interface UpgradeOptions {
  readonly cwd: string;
  readonly config?: string;
  readonly catalog?: string;
  /** The SDK to move to: a version, an installed package (an npm alias) or a folder. */
  readonly to: string;
  /** The SDK the app runs, when not its own install (or the lock's pinned version). */
  readonly from?: string;
  /** Runtime configurations to compare; default: every one the catalog declares. */
  readonly runtimes?: readonly string[];
  readonly write?: boolean;
  /** Per surface run, milliseconds. */
  readonly timeoutMs?: number;
  /** Lines saying what takes time (a fetch, a run), as it starts. */
  readonly progress?: (line: string) => void;
  /** Told when Ctrl-C or SIGTERM stopped `--write`, after every file it edited got its old bytes back. */
  readonly interrupted?: Interrupted;
}

interface SdkShown {
  readonly version: string;
  readonly claudeCode?: string;
  readonly shown: string;
  /** The dist-tag it was named by (`latest`). */
  readonly tag?: string;
}

export interface UpgradeReport {
  readonly catalog: string;
  readonly current: SdkShown;
  readonly target: SdkShown;
  readonly tools: readonly ToolRow[];
  readonly fields: readonly FieldRow[];
  /** True when anything below changes for the catalog: a tool, an input field, the offer, an edit. */
  readonly changed: boolean;
  /** Built-ins both versions have that the catalog does not declare: nothing changes for them. */
  readonly notInCatalog: ToolChanges['notInCatalog'];
  /**
   * Built-ins one version lists by name (`listedBy`) that the catalog does not declare, while the
   * other (`noListIn`) exports no name list: whether that one has them is not known.
   */
  readonly unknownHistory?: {
    readonly names: readonly string[];
    readonly listedBy: string;
    readonly noListIn: string;
  };
  /** Built-ins the catalog declares without a type that no name list an SDK exports has. */
  readonly unlisted: readonly string[];
  readonly offers: OfferChanges & {
    readonly sources: {
      readonly current: Record<string, 'lock' | 'run'>;
      readonly target: Record<string, 'lock' | 'run'>;
    };
    readonly errors: {
      readonly current: Record<string, string>;
      readonly target: Record<string, string>;
    };
  };
  readonly edits: readonly (PlannedEdit & { readonly position?: KeyPosition })[];
  readonly skipped: EditPlan['skipped'];
  /** What changed outside the tool inputs (no catalog depends on it), when both versions were read whole. */
  readonly outside?: OutsideChanges;
  readonly counts: {
    readonly new: number;
    readonly gone: number;
    readonly renamed: number;
    readonly fieldsChanged: number;
    /** Built-ins whose offer state moved, and runtime facts that changed (tool search, the model, …). */
    readonly offerChanges: number;
    /** Catalog edits the change calls for, made or not. */
    readonly edits: number;
    readonly notInCatalog: number;
  };
  /** Things the report could not find out, each with why. */
  readonly problems: readonly string[];
  readonly written?: WriteResult;
}

export type UpgradeOutcome =
  | { readonly report: UpgradeReport }
  | { readonly diagnostics: readonly CatalogDiagnostic[] }
  | { readonly usageError: string }
  /** The app has no SDK and nothing says which one it runs: exit 2, as every command that needs it. */
  | { readonly sdkMissing: string }
  | { readonly error: string };

const shownOf = (s: SdkSnapshot): SdkShown => ({
  version: s.version,
  ...(s.claudeCode ? { claudeCode: s.claudeCode } : {}),
  shown: s.shown,
  ...(s.tag ? { tag: s.tag } : {}),
});

/** The SDK the app runs now: `--from`, else its own install, else the version its lock pins. */
async function currentSdk(
  model: CatalogModel,
  from: string | undefined,
  fetch: (version: string) => Promise<string>,
): Promise<SdkSnapshot | string> {
  if (from !== undefined) return chooseSdk(from, model.config.rootDir, fetch);
  const own = await appSdk(model.config.rootDir);
  if (own) return own;
  const pinned = (await projectLock(model))?.pinned;
  if (pinned) return chooseSdk(pinned, model.config.rootDir, fetch);
  return (
    `${sdkNotInstalled(model.config.rootDir, 'upgrade')} Or name the SDK the app ` +
    `runs with --from <version>: its runtime-surface lock pins none.`
  );
}

/** The folders the cache holds, as one string: a fetch changes it. */
const cacheEntries = async (root: string) =>
  (
    await Promise.all(
      ['sdk', 'sdk-types'].map((kind) => readdir(path.join(root, kind)).catch(() => [])),
    )
  )
    .flat()
    .join(',');

/** Where the cache is, how big it grew, and how to shrink it. */
async function cacheLine(root: string): Promise<string> {
  const c = await cacheContents(root);
  return (
    `upgrade: the SDK cache ${root} now holds ${bytesText(c.bytes)} (${c.versions.length} ` +
    `whole install${c.versions.length === 1 ? '' : 's'} and the types of ${c.types.count} ` +
    `version${c.types.count === 1 ? '' : 's'}); tool-catalog cache --clean removes the installs no longer used.`
  );
}

/** The catalog as the target runs it: each renamed tool under its new name, every other tool as it is. */
function renamedModel(model: CatalogModel, rows: readonly ToolRow[]): CatalogModel {
  const now = new Map(
    rows.flatMap((r) =>
      r.change === 'renamed' && r.edit === 'rename' && r.key !== undefined
        ? [[r.key, r.name] as const]
        : [],
    ),
  );
  if (now.size === 0) return model;
  return {
    ...model,
    tools: model.tools.map((t) => (now.has(t.key) ? { ...t, names: [now.get(t.key)!] } : t)),
  };
}

/** What changed outside the tool inputs, when both versions were read whole. */
function sdkOutsideChanges(current: SdkSnapshot, target: SdkSnapshot): OutsideChanges | undefined {
  if (!current.declarations || !target.declarations) return undefined;
  const inputs = new Set(
    [...current.inputs.values(), ...target.inputs.values()].map((m) => m.typeName),
  );
  const outputs = new Map<string, string>();
  for (const s of [current, target])
    for (const [type, base] of s.outputs) outputs.set(type, s.inputs.has(base) ? base : type);
  return outsideChanges(
    current.declarations,
    target.declarations,
    { before: current.fields, after: target.fields },
    inputs,
    outputs,
  );
}

function editPositions(model: CatalogModel, edits: readonly PlannedEdit[]) {
  return edits.map((e) => {
    if (e.kind === 'declare') return e;
    let text: string;
    try {
      text = readFileSync(planFile(model, e.source), 'utf8');
    } catch {
      return e;
    }
    const position = keyPositions(e.source, text, [e.key]).get(e.key);
    return position ? { ...e, position } : e;
  });
}

export async function runUpgrade(options: UpgradeOptions): Promise<UpgradeOutcome> {
  const projectOptions = { cwd: options.cwd, config: options.config, catalog: options.catalog };
  const project = await loadProject(projectOptions);
  if (!project.ok) return { diagnostics: project.diagnostics };
  const models = project.catalogs.flatMap((c) => (c.model ? [c.model] : []));
  if (models.length !== 1)
    return {
      usageError:
        `The config has ${models.length} catalogs (` +
        `${models.map((m) => m.name).join(', ')}); choose one with --catalog <name>.`,
    };
  const model = models[0]!;
  const unknown = (options.runtimes ?? []).filter((r) => !model.runtimes.some((c) => c.name === r));
  if (unknown.length > 0)
    return {
      usageError:
        `--runtime ${unknown.join(', ')}: catalog '${model.name}' declares the ` +
        `runtime configurations ${model.runtimes.map((r) => r.name).join(', ')}.`,
    };
  const progress = options.progress;
  let current: SdkSnapshot;
  let target: SdkSnapshot;
  const cache = cacheRoot();
  const cached = await cacheEntries(cache);
  const fetch = (version: string) =>
    installedSdk(version, model.config.rootDir, cache, (n) =>
      progress?.(
        `upgrade: fetching SDK ${n.version} with its Claude Code runtime for ` +
          `${process.platform}-${process.arch} (${n.bytes ? `about ${bytesText(n.bytes)} to download` : 'download size not known'}) into ${n.dir}…`,
      ),
    );
  try {
    const found = await currentSdk(model, options.from, fetch);
    if (typeof found === 'string') return { sdkMissing: found };
    current = found;
    progress?.(`upgrade: ${current.shown} → ${options.to}…`);
    target = await chooseSdk(options.to, model.config.rootDir, fetch, progress);
  } catch (error) {
    if (error instanceof SdkChoiceError) return { usageError: error.message };
    if (error instanceof SdkFetchError) return { error: error.message };
    throw error;
  }
  const changes = toolChanges(model, current, target);
  const problems = [
    ...(await findVersions(changes.rows, current, target, model.config.rootDir, progress)),
  ];
  if (progress && (await cacheEntries(cache)) !== cached) progress(await cacheLine(cache));
  const configurations = model.runtimes.filter(
    (r) => !options.runtimes || options.runtimes.includes(r.name),
  );
  // Both versions are measured with the same catalog: each tool under the name that version runs it as.
  const targetModel = renamedModel(model, changes.rows);
  const lock = await projectLock(model);
  const sides: SideSurface[] = [];
  for (const [snapshot, side] of [
    [current, model],
    [target, targetModel],
  ] as const)
    sides.push(
      // The same install, asked the same names, offers the same: measured once.
      sides[0] && snapshot.dir === current.dir && side === model
        ? sides[0]
        : await sideSurface({
            model: side,
            snapshot,
            configurations,
            lock,
            ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}),
            ...(progress ? { progress } : {}),
          }),
    );
  const [was, now] = sides as [SideSurface, SideSurface];
  const offers = offerChanges(
    { ...model, runtimes: configurations },
    was,
    now,
    [...askedBuiltins(targetModel)],
    changes.rows,
  );
  for (const [side, s] of [
    ['current', was],
    ['target', now],
  ] as const)
    for (const [c, why] of Object.entries(s.errors))
      problems.push(`the ${side} runtime's surface in '${c}' is not known: ${why}`);
  const plan = planEdits(model, changes.rows, target.version);
  // Positions in the files as they are before any edit.
  const edits = editPositions(model, plan.edits);
  progress?.(
    options.write && plan.edits.length > 0
      ? `upgrade: applying ${plan.edits.length} catalog edit${plan.edits.length === 1 ? '' : 's'} and checking the edited catalog…`
      : 'upgrade: comparing…',
  );
  const written = options.write
    ? await writeUpgrade(model, projectOptions, plan, sides, options.interrupted)
    : undefined;
  const counts = {
    new: changes.rows.filter((r) => r.change === 'new').length,
    gone: changes.rows.filter((r) => r.change === 'gone').length,
    renamed: changes.rows.filter((r) => r.change === 'renamed').length,
    fieldsChanged: changes.fields.length,
    offerChanges: offers.rows.length + offers.facts.length,
    edits: edits.length + plan.skipped.length,
    notInCatalog: changes.notInCatalog.length,
  };
  const report: UpgradeReport = {
    catalog: model.name,
    current: shownOf(current),
    target: shownOf(target),
    changed:
      counts.new +
        counts.gone +
        counts.renamed +
        counts.fieldsChanged +
        counts.offerChanges +
        counts.edits >
        0 || offers.unmeasured.length > 0,
    tools: changes.rows,
    fields: changes.fields,
    notInCatalog: changes.notInCatalog,
    ...(changes.unknownHistory.length > 0
      ? {
          unknownHistory: {
            names: changes.unknownHistory,
            listedBy: (target.builtinNames ? target : current).version,
            noListIn: (target.builtinNames ? current : target).version,
          },
        }
      : {}),
    unlisted: changes.unlisted,
    offers: {
      ...offers,
      sources: { current: { ...was.source }, target: { ...now.source } },
      errors: { current: { ...was.errors }, target: { ...now.errors } },
    },
    edits,
    skipped: plan.skipped,
    outside: sdkOutsideChanges(current, target),
    counts,
    problems,
    ...(written ? { written } : {}),
  };
  return { report };
}
