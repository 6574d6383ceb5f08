// How a relative import finds its file, in the order the bundler tries (import-boundary.ts resolves
// every import by it, for the bundler): an evaluation cached for a file stays right only while every
// candidate that came before the file it used is still absent, and that file is still there.
import { statSync, type Stats } from 'node:fs';
import path from 'node:path';

/**
 * What stands at a path: a regular file, a folder, something else (a FIFO, a device or a socket, which
 * an import is refused), or nothing.
 */
export type PathState = 'f' | 'd' | 'x' | '-';

const RESOLVE_EXTENSIONS = ['.ts', '.mts', '.cts', '.tsx', '.js', '.mjs', '.cjs', '.jsx', '.json'];

/** `./x.js` written for `./x.ts`, as TypeScript allows. */
const TS_FOR_JS: Readonly<Record<string, string>> = {
  '.js': '.ts',
  '.jsx': '.tsx',
  '.mjs': '.mts',
  '.cjs': '.cts',
};

/** Every path a relative `specifier` imported from `from` may resolve to, first match first. */
const candidatesOf = (from: string, specifier: string): string[] =>
  candidatesAt(path.resolve(path.dirname(from), specifier));

/** Every path an import of the absolute path `base` may resolve to, first match first. */
export function candidatesAt(base: string): string[] {
  const ext = path.extname(base);
  const rewritten = TS_FOR_JS[ext];
  return [
    base,
    ...RESOLVE_EXTENSIONS.map((e) => base + e),
    ...(rewritten ? [base.slice(0, -ext.length) + rewritten] : []),
    ...RESOLVE_EXTENSIONS.map((e) => path.join(base, `index${e}`)),
  ];
}

export function pathState(file: string): PathState {
  try {
    return stateOf(statSync(file, { throwIfNoEntry: false }));
  } catch {
    return '-';
  }
}

/** The state of what `stats` describe (none: nothing stands there). */
export const stateOf = (stats: Stats | undefined): PathState =>
  !stats ? '-' : stats.isFile() ? 'f' : stats.isDirectory() ? 'd' : 'x';

/**
 * The candidates of one import up to the file it resolved to, each with what stands there now; or
 * undefined when, by these states, the import would not resolve to `resolved` (the bundler found
 * another file, or a file appeared or went while it ran): such an evaluation is not kept.
 */
export function takeoverStates(
  from: string,
  specifier: string,
  resolved: string,
  state: (file: string) => PathState,
): [string, PathState][] | undefined {
  const states: [string, PathState][] = [];
  for (const candidate of candidatesOf(from, specifier)) {
    const now = state(candidate);
    states.push([candidate, now]);
    if (now === 'f') return candidate === resolved ? states : undefined;
  }
  return undefined;
}
