// The `upgrade` core the CLI calls: the catalog, the SDK the app runs and the one it moves to, what
// changes per tool (with the version each tool came or went in, found on the registry), how the
// runtime's offer changes per configuration, the catalog edits that follow — and, with `write`, the
// edits applied and the measured surfaces recorded in the lock.
import { readFileSync } from 'node:fs';
import type { CatalogDiagnostic } from '../diagnostics/diagnostics.js';
import { compareVersions } from '../language/versions.js';
import type { CatalogModel } from '../model/catalog-model.js';
import { sdkNotInstalled } from '../load/sdk-location.js';
import { loadProject } from '../project/load-project.js';
import { firstVersionWith, sharedLimited } from './bisect.js';
import { keyPositions, type KeyPosition } from './catalog-edits.js';
import { type EditPlan, type PlannedEdit, planEdits, planFile } from './edit-plan.js';
import { type OfferChanges, offerChanges } from './offer-changes.js';
import { publishedVersions, SdkFetchError } from './sdk-cache.js';
import {
  appSdk,
  chooseSdk,
  SdkChoiceError,
  type SdkSnapshot,
  typesSnapshot,
} from './sdk-snapshot.js';
import { projectLock, type SideSurface, sideSurface } from './surfaces.js';
import { type FieldRow, type Presence, type ToolRow, toolChanges } from './tool-changes.js';
import { type WriteResult, writeUpgrade } from './write-upgrade.js';

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
}

interface SdkShown {
  readonly version: string;
  readonly claudeCode?: string;
  readonly shown: string;
}

export interface UpgradeReport {
  readonly catalog: string;
  readonly current: SdkShown;
  readonly target: SdkShown;
  readonly tools: readonly ToolRow[];
  readonly fields: readonly FieldRow[];
  /** Built-ins the catalog declares without a type that the target's name list does not list. */
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
  readonly counts: {
    readonly new: number;
    readonly gone: number;
    readonly renamed: number;
    readonly fieldsChanged: number;
    readonly offerChanges: number;
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
});

/** The SDK the app runs now: `--from`, else its own install, else the version its lock pins. */
async function currentSdk(
  model: CatalogModel,
  from: string | undefined,
): Promise<SdkSnapshot | string> {
  if (from !== undefined) return chooseSdk(from, model.config.rootDir);
  const own = await appSdk(model.config.rootDir);
  if (own) return own;
  const pinned = (await projectLock(model))?.pinned;
  if (pinned) return chooseSdk(pinned, model.config.rootDir);
  return (
    `${sdkNotInstalled(model.config.rootDir, 'upgrade')} Or name the SDK the app ` +
    `runs with --from <version>: its runtime-surface lock pins none.`
  );
}

/** Fills in `at` of each row that needs a version: the first published version with (or without) the tool. */
async function findVersions(
  rows: readonly ToolRow[],
  current: SdkSnapshot,
  target: SdkSnapshot,
  cwd: string,
  progress?: (l: string) => void,
) {
  const pending = rows.filter((r) => r.need && r.at === undefined);
  if (pending.length === 0) return [];
  const [lo, hi] =
    compareVersions(current.version, target.version) < 0 ? [current, target] : [target, current];
  progress?.(
    `upgrade: finding the SDK version each of ${pending.length} tools came or went in (npm, cached)…`,
  );
  let versions: string[];
  try {
    versions = await publishedVersions(cwd);
  } catch (error) {
    if (!(error instanceof SdkFetchError)) throw error;
    return [
      `the published SDK versions cannot be listed, so no version was found ` +
        `for ${pending.map((r) => r.name).join(', ')}: ${error.message}`,
    ];
  }
  const snapshot = sharedLimited(4, (version) =>
    version === current.version
      ? Promise.resolve(current)
      : version === target.version
        ? Promise.resolve(target)
        : typesSnapshot(version, cwd),
  );
  const has = (s: SdkSnapshot, p: Presence) =>
    'type' in p
      ? s.inputs.has(p.type)
      : s.builtinNames
        ? s.builtinNames.includes(p.name)
        : undefined;
  const problems: string[] = [];
  await Promise.all(
    pending.map(async (row) => {
      try {
        const at = await firstVersionWith(
          versions,
          lo.version,
          hi.version,
          row.need!.inLater,
          async (v) => has(await snapshot(v), row.need!.presence),
          compareVersions,
        );
        if (at !== undefined) Object.assign(row, { at, atFrom: 'registry' });
      } catch (error) {
        if (!(error instanceof SdkFetchError || error instanceof SdkChoiceError)) throw error;
        problems.push(`no version found for ${row.name}: ${error.message}`);
      }
    }),
  );
  return problems;
}

/** Names the offer comparison covers: the catalog's built-ins and the target names of new and renamed tools. */
const offerNames = (model: CatalogModel, rows: readonly ToolRow[]) => [
  ...new Set([
    ...model.tools.flatMap((t) => (t.kind === 'sdk' ? t.names : [])),
    ...rows.filter((r) => r.change !== 'gone').map((r) => r.name),
  ]),
];

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
  try {
    const found = await currentSdk(model, options.from);
    if (typeof found === 'string') return { sdkMissing: found };
    current = found;
    progress?.(`upgrade: ${current.shown} → ${options.to}…`);
    target = await chooseSdk(options.to, model.config.rootDir);
  } catch (error) {
    if (error instanceof SdkChoiceError) return { usageError: error.message };
    if (error instanceof SdkFetchError) return { error: error.message };
    throw error;
  }
  const changes = toolChanges(model, current, target);
  const problems = await findVersions(
    changes.rows,
    current,
    target,
    model.config.rootDir,
    progress,
  );
  const configurations = model.runtimes.filter(
    (r) => !options.runtimes || options.runtimes.includes(r.name),
  );
  const names = offerNames(model, changes.rows);
  const lock = await projectLock(model);
  const sides: SideSurface[] = [];
  for (const snapshot of [current, target]) {
    const recorded = lock?.runtimes[snapshot.version];
    if (!recorded || configurations.some((c) => !recorded.configurations[c.name]))
      progress?.(
        `upgrade: running Claude Code ${snapshot.claudeCode ?? snapshot.version} to see what it offers…`,
      );
    sides.push(
      await sideSurface({
        model,
        snapshot,
        configurations,
        names,
        lock,
        ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}),
      }),
    );
  }
  const [was, now] = sides as [SideSurface, SideSurface];
  const offers = offerChanges(
    { ...model, runtimes: configurations },
    was,
    now,
    names,
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
  const written = options.write
    ? await writeUpgrade(model, projectOptions, plan, sides)
    : undefined;
  const report: UpgradeReport = {
    catalog: model.name,
    current: shownOf(current),
    target: shownOf(target),
    tools: changes.rows,
    fields: changes.fields,
    unlisted: changes.unlisted,
    offers: {
      ...offers,
      sources: { current: { ...was.source }, target: { ...now.source } },
      errors: { current: { ...was.errors }, target: { ...now.errors } },
    },
    edits,
    skipped: plan.skipped,
    counts: {
      new: changes.rows.filter((r) => r.change === 'new').length,
      gone: changes.rows.filter((r) => r.change === 'gone').length,
      renamed: changes.rows.filter((r) => r.change === 'renamed').length,
      fieldsChanged: changes.fields.length,
      offerChanges: offers.rows.length,
    },
    problems,
    ...(written ? { written } : {}),
  };
  return { report };
}
