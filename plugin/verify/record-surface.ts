// `verify --update`: writes what the surface runs measured into `runtime-surface.lock.json`, as the
// record of the runtime version that ran, keeping the records of other versions. The app's own SDK
// becomes the pinned version; a version chosen with `--sdk` is recorded beside it.
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { SURFACE_LOCK_NAME } from '../language/output-files.js';
import { compareVersions } from '../language/versions.js';
import {
  readSurfaceLock,
  SURFACE_LOCK_VERSION,
  type RecordedConfiguration,
  type RecordedRuntime,
  type SurfaceLock,
} from '../load/surface-lock.js';
import type { CatalogModel } from '../model/catalog-model.js';
import type { ClaudeRuntime } from './claude-runtime.js';

/** Keys sorted, so the lock's bytes depend only on what was recorded. */
const sorted = <T>(record: Readonly<Record<string, T>>): Record<string, T> =>
  Object.fromEntries(Object.entries(record).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));

function runtimeRecord(
  runtime: ClaudeRuntime,
  configurations: Readonly<Record<string, RecordedConfiguration>>,
) {
  const record: RecordedRuntime = {
    claudeCode: runtime.claudeCodeVersion,
    ...(runtime.builtinNames ? { builtinNames: [...runtime.builtinNames] } : {}),
    aliases: sorted(runtime.aliases),
    configurations: Object.fromEntries(
      Object.entries(configurations).map(([name, c]) => [
        name,
        { ...c, builtins: sorted(c.builtins) },
      ]),
    ),
  };
  return record;
}

/** The lock text with `configurations` recorded for the runtime that ran; every other record is kept. */
export async function recordSurface(
  model: CatalogModel,
  runtime: ClaudeRuntime,
  configurations: Readonly<Record<string, RecordedConfiguration>>,
): Promise<{ file: string; lock: SurfaceLock }> {
  const file = path.join(model.config.outDir, SURFACE_LOCK_NAME);
  const { lock: previous } = await readSurfaceLock(model.config.outDir, model.name);
  const version = runtime.sdkVersion;
  const kept = previous?.runtimes[version]?.configurations ?? {};
  // Configurations the catalog no longer declares are dropped from this version's record.
  const declared = new Set(model.runtimes.map((r) => r.name));
  const merged = Object.fromEntries(
    Object.entries({ ...kept, ...configurations }).filter(([name]) => declared.has(name)),
  );
  const runtimes = { ...previous?.runtimes, [version]: runtimeRecord(runtime, merged) };
  const lock: SurfaceLock = {
    lockVersion: SURFACE_LOCK_VERSION,
    catalog: model.name,
    pinned: runtime.chosen && previous ? previous.pinned : version,
    runtimes: Object.fromEntries(
      Object.entries(runtimes).sort(([a], [b]) => compareVersions(a, b)),
    ),
  };
  await mkdir(path.dirname(file), { recursive: true });
  // Through a temp file beside it and a rename: a reader never sees half a lock.
  const temp = `${file}.${process.pid}.tmp`;
  await writeFile(temp, `${JSON.stringify(lock, null, 2)}\n`);
  await rename(temp, file);
  return { file, lock };
}
