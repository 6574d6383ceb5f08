// The first published SDK version in which a tool's presence changed, found by bisecting the
// versions between two known ends (not every number is published). Each probe fetches one
// version's types, so probes are shared between tools and a few run at once.

/**
 * The first of `versions` after `lo`, up to and including `hi`, where `probe` gives `hiState` — the
 * state at `hi` — assuming the state changed once in between. Undefined when a probe cannot tell.
 */
export async function firstVersionWith(
  versions: readonly string[],
  lo: string,
  hi: string,
  hiState: boolean,
  probe: (version: string) => Promise<boolean | undefined>,
  compare: (a: string, b: string) => number,
): Promise<string | undefined> {
  const between = versions.filter((v) => compare(v, lo) > 0 && compare(v, hi) < 0);
  const candidates = [...between, hi];
  let left = 0;
  let right = candidates.length - 1;
  while (left < right) {
    const mid = Math.floor((left + right) / 2);
    const state = await probe(candidates[mid]!);
    if (state === undefined) return undefined;
    if (state === hiState) right = mid;
    else left = mid + 1;
  }
  return candidates[left];
}

/** Runs at most `limit` of the calls at once, each key once: a memo of promises behind a small queue. */
export function sharedLimited<T>(
  limit: number,
  run: (key: string) => Promise<T>,
): (key: string) => Promise<T> {
  const memo = new Map<string, Promise<T>>();
  const waiting: (() => void)[] = [];
  let active = 0;
  const slot = async () => {
    if (active >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
    active++;
  };
  const release = () => {
    active--;
    waiting.shift()?.();
  };
  return (key) => {
    let found = memo.get(key);
    if (!found) {
      found = slot().then(() => run(key).finally(release));
      memo.set(key, found);
    }
    return found;
  };
}
