// `upgrade --write`: applies the edit plan to the catalog's files (each replaced atomically), loads
// the catalog again, and keeps the edits only if it is valid and its policy lets nothing through that
// it did not before; otherwise every file gets its old bytes back. Then records measured surfaces in the lock.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { SURFACE_LOCK_NAME } from '../language/output-files.js';
import type { CatalogModel } from '../model/catalog-model.js';
import { loadProject, type ProjectOptions } from '../project/load-project.js';
import { relativePosix } from '../text/spelling.js';
import { recordSurface } from '../verify/record-surface.js';
import { type EditJournal, journalEdits } from '../write/interrupt.js';
import { writeFileAtomic } from '../write/write-outputs.js';
import { CatalogEditError, editCatalogFile } from './catalog-edits.js';
import { type EditPlan, planFile } from './edit-plan.js';
import { widenedOffers } from './never-grants.js';
import { askedBuiltins, type SideSurface } from './surfaces.js';

export interface WriteResult {
  /** Catalog files changed, relative to the config folder. */
  readonly files: readonly string[];
  /** The lock, when a measured surface was recorded in it, and the version it pins before and after. */
  readonly lock?: string;
  readonly pinned?: { readonly was?: string; readonly now: string };
  /** Why nothing was written (every file keeps its bytes). */
  readonly error?: string;
  /** A surface was measured, but for the catalog before the edits: not recorded. */
  readonly unrecorded?: boolean;
}

/** The new text of every file the plan changes, or the first reason one cannot be edited. */
async function plannedTexts(model: CatalogModel, plan: EditPlan) {
  const texts = new Map<string, { before: string; after: string }>();
  for (const [source, edits] of plan.files) {
    const file = planFile(model, source);
    const before = await readFile(file, 'utf8');
    texts.set(file, {
      before,
      after: editCatalogFile(relativePosix(model.config.rootDir, file), before, edits),
    });
  }
  return texts;
}

/** Told, on Ctrl-C or SIGTERM during the write, which files got their old bytes back. */
export type Interrupted = (signal: NodeJS.Signals, restored: readonly string[]) => void;

export async function writeUpgrade(
  model: CatalogModel,
  project: ProjectOptions,
  plan: EditPlan,
  surfaces: readonly SideSurface[],
  interrupted?: Interrupted,
): Promise<WriteResult> {
  let texts: Awaited<ReturnType<typeof plannedTexts>>;
  try {
    texts = await plannedTexts(model, plan);
  } catch (error) {
    if (error instanceof CatalogEditError) return { files: [], error: error.message };
    throw error;
  }
  // Interrupted at any point until the lock is written — while the edited catalog is checked too —
  // every file gets its old bytes back, as when the check fails.
  const journal = journalEdits(interrupted);
  try {
    return await writeChecked(model, project, texts, surfaces, journal);
  } finally {
    journal.close();
  }
}

async function writeChecked(
  model: CatalogModel,
  project: ProjectOptions,
  texts: Awaited<ReturnType<typeof plannedTexts>>,
  surfaces: readonly SideSurface[],
  journal: EditJournal,
): Promise<WriteResult> {
  const changed = [...texts].filter(([, t]) => t.before !== t.after);
  const restore = () => Promise.all(changed.map(([file, t]) => writeFileAtomic(file, t.before)));
  for (const [file, t] of changed) {
    await journal.record(file, t.before);
    await writeFileAtomic(file, t.after);
  }
  const reloaded = await loadProject({ ...project, catalog: model.name });
  const after = reloaded.catalogs[0]?.model;
  if (!reloaded.ok || !after) {
    await restore();
    const messages = reloaded.diagnostics
      .filter((d) => d.severity === 'error')
      .map((d) => d.message);
    return {
      files: [],
      error: `the edited catalog does not load, so nothing was kept: ${messages.join(' | ')}`,
    };
  }
  const widened = widenedOffers(model, after);
  if (widened.length > 0) {
    await restore();
    return {
      files: [],
      error: `the edits would let more through than before, so nothing was kept: ${widened.join('; ')}`,
    };
  }
  let lock: string | undefined;
  let pinned: string | undefined;
  const was = after.surface?.sdk;
  // A surface is a record of the catalog's built-ins as they were asked for: one measured before edits
  // that add or rename built-ins is not the edited catalog's, and `verify --update` records that later.
  const asked = [...askedBuiltins(after)].sort().join(',');
  const measured = surfaces.filter(
    (side) =>
      side.measured &&
      Object.values(side.measured.configurations).some(
        (c) => Object.keys(c.builtins).sort().join(',') === asked,
      ),
  );
  const lockFile = path.join(after.config.outDir, SURFACE_LOCK_NAME);
  if (measured.length > 0)
    await journal.record(lockFile, await readFile(lockFile, 'utf8').catch(() => undefined));
  for (const side of measured) {
    // The app's own install is recorded as the pinned version (as verify --update does); any other beside it.
    const recorded = await recordSurface(
      after,
      side.measured!.runtime,
      side.measured!.configurations,
    );
    lock = relativePosix(model.config.rootDir, recorded.file);
    pinned = recorded.lock.pinned;
  }
  const unrecorded = surfaces.some((s) => s.measured) && measured.length === 0;
  return {
    files: changed.map(([file]) => relativePosix(model.config.rootDir, file)),
    ...(lock !== undefined
      ? { lock, pinned: { ...(was !== undefined ? { was } : {}), now: pinned! } }
      : {}),
    ...(unrecorded ? { unrecorded: true } : {}),
  };
}
