// SDK versions as the catalog and the runtime-surface lock write them (`0.3.196`): a check and an
// order. The Claude Agent SDK publishes plain `major.minor.patch` versions.
const VERSION = /^(\d+)\.(\d+)\.(\d+)$/;

export const isVersion = (value: unknown): value is string =>
  typeof value === 'string' && VERSION.test(value);

/** Negative when `a` is older than `b`, zero when equal, positive when newer. */
export function compareVersions(a: string, b: string): number {
  const pa = VERSION.exec(a)!.slice(1).map(Number);
  const pb = VERSION.exec(b)!.slice(1).map(Number);
  for (let i = 0; i < 3; i++) if (pa[i] !== pb[i]) return pa[i]! - pb[i]!;
  return 0;
}

/** Whether a tool that exists from `addedIn` until (not including) `removedIn` is in `version`. */
export const inVersionRange = (version: string, addedIn?: string, removedIn?: string) =>
  (addedIn === undefined || compareVersions(version, addedIn) >= 0) &&
  (removedIn === undefined || compareVersions(version, removedIn) < 0);
