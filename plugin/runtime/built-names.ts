// Whether a builder built its tools under the names its catalog entry declares: a tool built as
// `cron_v2` while the catalog says `cron` is offered under a name no policy, guard or UI knows.
import { BuiltNameMismatchError, type BuiltNameMismatch } from './errors.js';
import { mcpToolName } from './names.js';

/** The fields of a catalog entry the check reads (the generated registry's descriptor has them). */
export interface BuiltNamesEntry {
  readonly key: string;
  readonly kind: string;
  readonly names?: readonly string[];
  readonly server?: string;
  readonly namesFrom?: string;
}

/** The runtime name of a built in-process tool (`mcp__<server>__<name>`), or `(no name)`. */
function builtName(tool: unknown, server: string): string {
  const name =
    typeof tool === 'object' && tool !== null ? (tool as { name?: unknown }).name : undefined;
  return typeof name === 'string' ? mcpToolName(server, name) : '(no name)';
}

/**
 * The mismatch between an in-process tool's declared runtime names and the names of the tools its
 * builder returned, or undefined when they are the same set. Only entries whose names are known at
 * build time are checked: `fullNames: []` (the builder's tools are found by the SDK), names a resolver
 * computes and names mirrored from a channel are not declared, so there is nothing to compare.
 */
export function builtNameMismatch(
  entry: BuiltNamesEntry,
  built: readonly unknown[],
): BuiltNameMismatch | undefined {
  if (entry.kind !== 'mcp' || entry.server === undefined || entry.namesFrom !== undefined)
    return undefined;
  const declared = entry.names ?? [];
  if (declared.length === 0) return undefined;
  const names = built.map((tool) => builtName(tool, entry.server!));
  const wanted = new Set(declared);
  const got = new Set(names);
  const same = got.size === wanted.size && [...got].every((name) => wanted.has(name));
  return same ? undefined : { tool: entry.key, declared: [...declared], built: names };
}

/**
 * Where a tool that lists an app's builders as they are (`drift --mcp`, which reports renames itself)
 * receives mismatches instead of `buildTools` throwing: a function on `globalThis` under this
 * registered symbol, so every copy of the runtime sees it.
 */
const OBSERVER = Symbol.for('agent-tool-catalog.built-name-observer');

type Observer = (mismatch: BuiltNameMismatch) => void;

/** Throws `BuiltNameMismatchError`, unless a lister is observing builds (`observeBuiltNames`). */
export function reportBuiltNameMismatch(mismatch: BuiltNameMismatch): void {
  const observer = (globalThis as Record<symbol, unknown>)[OBSERVER];
  if (typeof observer === 'function') (observer as Observer)(mismatch);
  else throw new BuiltNameMismatchError(mismatch);
}

/** Runs `build` with builder names taken as built: each mismatch goes to `observe`, none throws. */
export async function observeBuiltNames<T>(
  observe: Observer,
  build: () => T | Promise<T>,
): Promise<T> {
  const scope = globalThis as Record<symbol, unknown>;
  const previous = scope[OBSERVER];
  scope[OBSERVER] = observe;
  try {
    return await build();
  } finally {
    if (previous === undefined) delete scope[OBSERVER];
    else scope[OBSERVER] = previous;
  }
}
