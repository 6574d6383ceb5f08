// The first published SDK version each new or gone tool came or went in, for `addedIn` / `removedIn`:
// found by bisecting the registry's versions, one version's types per probe (cached).
import { compareVersions } from '../language/versions.js';
import { firstVersionWith, sharedLimited } from './bisect.js';
import { SdkFetchError } from './npm-command.js';
import { publishedVersions } from './sdk-cache.js';
import { tarballSource, tarballsBetween } from './registry-tarballs.js';
import { SdkChoiceError, type SdkSnapshot, typesSnapshot } from './sdk-snapshot.js';
import type { Presence, ToolRow } from './tool-changes.js';

/** Fills in `at` of each row that needs a version: the first published version with (or without) the tool. */
export async function findVersions(
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
  // The types of each version straight from its registry tarball; npm installs what that cannot give.
  const fromRegistry = tarballSource(() => tarballsBetween(lo.version, hi.version, cwd));
  const snapshot = sharedLimited(4, (version) =>
    version === current.version
      ? Promise.resolve(current)
      : version === target.version
        ? Promise.resolve(target)
        : typesSnapshot(version, cwd, fromRegistry),
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
