// The formatter warnings of a run (whether Prettier or Biome would rewrite generated files), looked up
// again in a watch session only when something the search reads changed: a settings file appeared,
// went or was renamed in a folder it walks (a config or ignore file, a `.git` that ends the search),
// or a file it reads was written (package.json, an ignore file, a config, the installed Biome's
// package.json).
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type { PendingDiagnostic } from '../diagnostics/diagnostics.js';
import { formatterInputs } from '../load/find-formatters.js';
import { formatterWarnings } from '../load/formatter-config.js';
import { keepLast, keepsLast, lastKept, memoSlot } from '../session-memory.js';
import { settledStamp, stillStands, takeStamp, type TreeStamp } from './tree-stamp.js';

/** A folder the search walks: its stamp (none when too recent to trust) and its settings files. */
interface WalkedFolder {
  readonly folder: string;
  readonly stamp?: string;
  readonly settings: string;
}

interface KeptWarnings {
  /** The output folders and files the warnings were worked out for. */
  readonly outputs: string;
  readonly warnings: PendingDiagnostic[];
  readonly files: TreeStamp;
  readonly folders: readonly WalkedFolder[];
  /** The names (globs) of settings files, as `formatterInputs` gives them. */
  readonly names: readonly string[];
}

const WARNINGS = memoSlot<string, KeptWarnings>('formatter warnings and what decided them');

/** Files in each folder whose content the search reads, besides the settings files. */
const READ_IN_FOLDER = ['node_modules/@biomejs/biome/package.json'];

/** `rootDir` and its parents up to the repository's top (the first folder with `.git`), as the search walks. */
function foldersUp(rootDir: string): string[] {
  const folders: string[] = [];
  for (let dir = path.resolve(rootDir); ; dir = path.dirname(dir)) {
    folders.push(dir);
    if (existsSync(path.join(dir, '.git')) || path.dirname(dir) === dir) return folders;
  }
}

/**
 * The entries of `folder` that may be settings files (or `.git`, which ends the search), as one
 * string: those starting with a settings name's literal part (before any glob character), a
 * superset of what the names match. Read with one folder listing: a busy folder such as /tmp is
 * listed on most runs.
 */
function settingsIn(folder: string, names: readonly string[]): string {
  const prefixes = [...names, '.git'].map((n) => n.split(/[*?[{(!]/)[0]!);
  try {
    return readdirSync(folder)
      .filter((entry) => prefixes.some((p) => entry.startsWith(p)))
      .sort()
      .join('|');
  } catch (error) {
    return `!${(error as NodeJS.ErrnoException).code ?? '?'}`;
  }
}

/**
 * Whether a folder still holds the same settings files: at once when its stamp is the same (nothing
 * was added, removed or renamed in it), else by listing them (a busy folder such as /tmp changes for
 * other reasons).
 */
const sameSettings = (walked: WalkedFolder, names: readonly string[]) =>
  (walked.stamp !== undefined && settledStamp(walked.folder) === walked.stamp) ||
  settingsIn(walked.folder, names) === walked.settings;

/** `formatterWarnings(rootDir, outputs)`; in a watch session, the last ones while nothing they read changed. */
export function keptFormatterWarnings(
  rootDir: string,
  outputs: ReadonlyMap<string, readonly string[]>,
): PendingDiagnostic[] {
  if (!keepsLast()) return formatterWarnings(rootDir, outputs);
  const key = JSON.stringify([...outputs]);
  const known = lastKept(WARNINGS, rootDir);
  if (
    known &&
    known.outputs === key &&
    stillStands(known.files) &&
    known.folders.every((f) => sameSettings(f, known.names))
  )
    return known.warnings;
  // Looked at before the search: a change made while it reads shows next time.
  const inputs = formatterInputs(path.resolve(rootDir));
  const root = path.resolve(rootDir);
  const names = inputs.filter((f) => path.dirname(f) === root).map((f) => path.basename(f));
  const folders = foldersUp(root).map((folder) => ({
    folder,
    stamp: settledStamp(folder),
    settings: settingsIn(folder, names),
  }));
  // Every file the search read or found (not the globs), and the installed Biome's version.
  const read = inputs.filter((f) => !/[*?]/.test(f));
  const files = takeStamp([
    ...new Set([
      ...read,
      ...folders.flatMap((f) => READ_IN_FOLDER.map((r) => path.join(f.folder, r))),
    ]),
  ]);
  const warnings = formatterWarnings(rootDir, outputs);
  if (files) keepLast(WARNINGS, rootDir, { outputs: key, warnings, files, folders, names });
  return warnings;
}
