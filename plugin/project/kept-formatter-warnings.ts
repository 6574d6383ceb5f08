// The formatter warnings of a run (whether Prettier or Biome would rewrite generated files), looked up
// again in a watch session only when a folder the search walks gained, lost or renamed an entry (a
// config or ignore file added or removed, a `.git` that ends the search), or a file it reads was
// written (package.json, an ignore file, the Biome config, the installed Biome's package.json).
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { PendingDiagnostic } from '../diagnostics/diagnostics.js';
import { formatterWarnings } from '../load/formatter-config.js';
import { formatterInputs } from '../load/find-formatters.js';
import { keepLast, keepsLast, lastKept, memoSlot } from '../session-memory.js';
import { stillStands, takeStamp, withNearestFolder, type TreeStamp } from './tree-stamp.js';

interface KeptWarnings {
  /** The output folders and files the warnings were worked out for. */
  readonly outputs: string;
  readonly warnings: PendingDiagnostic[];
  readonly stamp: TreeStamp;
}

const WARNINGS = memoSlot<string, KeptWarnings>('formatter warnings and what decided them');

/** The files in each folder whose content the search reads (their appearance changes the folder). */
const READ_IN_FOLDER = [
  'package.json',
  '.prettierignore',
  '.gitignore',
  'biome.json',
  'biome.jsonc',
  'node_modules/@biomejs/biome/package.json',
];

/** `rootDir` and its parents up to the repository's top (the first folder with `.git`), as the search walks. */
function foldersUp(rootDir: string): string[] {
  const folders: string[] = [];
  for (let dir = path.resolve(rootDir); ; dir = path.dirname(dir)) {
    folders.push(dir);
    if (existsSync(path.join(dir, '.git')) || path.dirname(dir) === dir) return folders;
  }
}

/**
 * Each folder the search walks, the files it reads there, and the files it found (a Prettier config
 * under any of its names): what `formatterInputs` names, without its globs.
 */
const searchPaths = (rootDir: string) => [
  ...new Set([
    ...foldersUp(rootDir).flatMap((dir) => [
      dir,
      ...READ_IN_FOLDER.flatMap((f) => withNearestFolder(path.join(dir, f))),
    ]),
    ...formatterInputs(rootDir).filter((f) => !/[*?]/.test(f)),
  ]),
];

/** `formatterWarnings(rootDir, outputs)`; in a watch session, the last ones while nothing they read changed. */
export function keptFormatterWarnings(
  rootDir: string,
  outputs: ReadonlyMap<string, readonly string[]>,
): PendingDiagnostic[] {
  if (!keepsLast()) return formatterWarnings(rootDir, outputs);
  const key = JSON.stringify([...outputs]);
  const known = lastKept(WARNINGS, rootDir);
  if (known && known.outputs === key && stillStands(known.stamp)) return known.warnings;
  // Stamped before the search: a change made while it reads shows next time.
  const stamp = takeStamp(searchPaths(rootDir));
  const warnings = formatterWarnings(rootDir, outputs);
  if (stamp) keepLast(WARNINGS, rootDir, { outputs: key, warnings, stamp });
  return warnings;
}
