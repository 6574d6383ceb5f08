// Writes rendered files safely. Only files whose bytes changed are written, and only files the tool
// owns: listed in its manifest, carrying its `@generated` header, or merged from their current
// content (locale files); only into its output folders for real (output-places.ts). Every changed
// file is first staged as a temp file in its own folder; only when all are staged are they renamed
// into place, so a failure leaves every file as it was.
import {
  chmodSync,
  promises as fs,
  lstatSync,
  mkdirSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { MANIFEST_NAME, manifestContent, parseManifest } from './manifest.js';
import { standingOutput, type StandingOutput } from './output-compare.js';
import { readOutput, wroteOutput } from './output-memory.js';
import { carriesHeader, GENERATED_MARK, outputPlaces, type PlacedSet } from './output-places.js';
import { notOwnedProblem, writeProblem, type WriteProblem } from './write-problems.js';

export interface OutputFile {
  readonly content: string;
  /** Written only when the file does not exist yet (app-owned files such as the binding file). */
  readonly createOnly?: boolean;
  /** Computed from the file's current content, which the renderer read and kept (locale files). */
  readonly mergesExisting?: boolean;
}

/** One catalog's output: its folders, its project and its files (absolute paths). */
export interface OutputSet extends PlacedSet {
  readonly files: ReadonlyMap<string, OutputFile>;
  /**
   * Files of an earlier run whose content this run's files carry on (a locale file's translations):
   * removed when no longer emitted though they carry no generated header.
   */
  readonly carried?: ReadonlySet<string>;
  /**
   * The locale whose file holds the catalog's copy, recorded in the manifest (renamed last), so the
   * next run tells a switch of default locale from a run killed between two locale files.
   */
  readonly defaultLocale?: string;
}

export interface WriteReport {
  /** Files written (or, in check mode, that would be). */
  readonly changed: readonly string[];
  /** Owned files no longer emitted: removed (or, in check mode, that would be). */
  readonly orphaned: readonly string[];
  /**
   * Files an earlier run listed and this one no longer emits that stay where they are: they no
   * longer carry the generated header, or are not really in the output folder (a symbolic link).
   */
  readonly leftAlone: readonly string[];
  /** Temp files of interrupted runs: removed (or, in check mode, reported). */
  readonly leftovers: readonly string[];
  readonly unchanged: number;
  /** Why nothing (or not everything) was written: files the tool does not own, file system errors. */
  readonly problems: readonly WriteProblem[];
}

const TEMP_FILE = /^\..+\.(\d+)\.[0-9a-f]{8}\.tmp$/;

/**
 * Eight hex digits that make a temp name unlikely to be taken. A temp file is created exclusively
 * (`wx`), so a name that is taken or guessed fails the write instead of following anything; the
 * digits need no cryptographic source, and `node:crypto` would add about 9 ms to loading the bundler
 * plugins, which load this module.
 */
const tempSuffix = () =>
  Math.floor(Math.random() * 0x1_0000_0000)
    .toString(16)
    .padStart(8, '0');

const tempName = (file: string) =>
  path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.${tempSuffix()}.tmp`);

/** Whether the process that made a temp file is gone (its file is then a leftover of an interrupted run). */
function isDead(pid: number): boolean {
  if (pid === process.pid) return false;
  try {
    process.kill(pid, 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

/** Temp files in `folders` left by processes that no longer run. */
function leftoverTempFiles(folders: Iterable<string>): string[] {
  const found: string[] = [];
  for (const folder of folders) {
    let names: string[] = [];
    try {
      names = readdirSync(folder);
    } catch {
      // A folder not there yet holds no leftovers.
    }
    for (const name of names) {
      const match = TEMP_FILE.exec(name);
      if (match && isDead(Number(match[1]))) found.push(path.join(folder, name));
    }
  }
  return found.sort();
}

/** Replaces `file` with `content` atomically, keeping the mode of the file it replaces. */
export async function writeFileAtomic(file: string, content: string): Promise<void> {
  const temp = stage(file, content);
  try {
    await fs.rename(temp, file);
  } catch (error) {
    await fs.rm(temp, { force: true });
    throw error;
  }
}

/** The permission bits of `file`, if it is there. */
function modeOf(file: string): number | undefined {
  try {
    return statSync(file).mode & 0o7777;
  } catch {
    return undefined;
  }
}

/**
 * Writes `content` to a temp file beside `file` (with `file`'s mode) and returns its path. The calls
 * are synchronous: no one watches a temp file, and each asynchronous call is a round trip through
 * the thread pool (six per changed file; writing one changed file among 35 took 2.9 ms so, and takes
 * 2.0 ms now). Only the rename that makes the output appear stays asynchronous: a file a bundler's
 * watcher has just reported deleted must not reappear while the watcher is still handling that
 * deletion.
 */
function stage(file: string, content: string, made: string[] = []): string {
  const temp = tempName(file);
  try {
    const first = mkdirSync(path.dirname(file), { recursive: true });
    if (first !== undefined) made.push(first);
    const mode = modeOf(file);
    writeFileSync(temp, content, { flag: 'wx' });
    // writeFile's `mode` is filtered by the umask, so an explicit chmod is what really keeps it.
    if (mode !== undefined) chmodSync(temp, mode);
    return temp;
  } catch (error) {
    rmSync(temp, { force: true });
    throw error;
  }
}

/** Every set's files plus its manifest, which lists the files the set owns (not create-only ones). */
export function withManifests(sets: readonly OutputSet[]): Map<string, OutputFile> {
  const all = new Map<string, OutputFile>();
  for (const set of sets) {
    for (const [file, output] of set.files) all.set(file, output);
    const owned = [...set.files].filter(([, f]) => !f.createOnly).map(([file]) => file);
    all.set(path.join(set.outDir, MANIFEST_NAME), {
      content: manifestContent(set.outDir, owned, set.defaultLocale),
    });
  }
  return all;
}

export interface WriteOptions {
  /** Report what would change; write and remove nothing. */
  readonly check?: boolean;
}

/** The files each set's manifest lists (inside its folders), with the set that listed them. */
async function listedBefore(sets: readonly OutputSet[]): Promise<Map<string, OutputSet>> {
  const listed = new Map<string, OutputSet>();
  for (const set of sets) {
    const manifest = await readOutput(path.join(set.outDir, MANIFEST_NAME)).catch(() => undefined);
    if (manifest !== undefined)
      for (const file of parseManifest(set.outDir, manifest, set.folders))
        if (!listed.has(file)) listed.set(file, set);
  }
  return listed;
}

/** Whether anything (a file, a folder, a link) stands at `file`. */
function standsThere(file: string): boolean {
  try {
    return lstatSync(file, { throwIfNoEntry: false }) !== undefined;
  } catch {
    return true;
  }
}

/** The first problem of each file or link in the way, in a stable order. */
function oncePerPlace(problems: readonly WriteProblem[]): WriteProblem[] {
  const placeOf = (p: WriteProblem) => (p.at as { file: string }).file;
  const byPlace = new Map<string, WriteProblem>();
  for (const p of [...problems].sort((a, b) => placeOf(a).localeCompare(placeOf(b))))
    if (!byPlace.has(placeOf(p))) byPlace.set(placeOf(p), p);
  return [...byPlace.values()];
}

export async function writeOutputs(
  sets: readonly OutputSet[],
  options: WriteOptions = {},
): Promise<WriteReport> {
  const files = withManifests(sets);
  const setOf = new Map<string, OutputSet>();
  for (const set of sets) {
    for (const file of set.files.keys()) setOf.set(file, set);
    setOf.set(path.join(set.outDir, MANIFEST_NAME), set);
  }
  const rootOf = (file: string) => {
    const set = setOf.get(file);
    return set?.root ?? set?.outDir ?? path.dirname(file);
  };
  const places = outputPlaces();
  const problems: WriteProblem[] = [];
  const previouslyOwned = await listedBefore(sets);
  const changed: string[] = [];
  let unchanged = 0;
  // Read, compared and let go one by one: never all held at once (40 MB at 20,000 tools). The reads
  // are synchronous: mapped to promises together, all were read before any was compared.
  for (const [file, output] of files) {
    const set = setOf.get(file)!;
    let existing: StandingOutput;
    try {
      existing = await standingOutput(file, output.content);
    } catch (error) {
      problems.push(writeProblem(file, error, rootOf(file)));
      continue;
    }
    const stale = output.createOnly ? existing.kind === 'missing' : existing.kind !== 'same';
    if (!stale) {
      unchanged++;
      continue;
    }
    // Only a file that is written is looked at on disk: where it really is, and whether it is a link.
    const misplaced = places.writeProblem(set, file);
    const owned =
      existing.kind === 'missing' ||
      output.mergesExisting ||
      previouslyOwned.has(file) ||
      path.basename(file) === MANIFEST_NAME ||
      (existing.kind === 'different' && existing.head.includes(GENERATED_MARK));
    if (misplaced) problems.push(misplaced);
    else if (!owned) problems.push(notOwnedProblem(file, rootOf(file)));
    changed.push(file);
  }
  const folders = new Set([...sets.map((s) => s.outDir), ...changed.map((f) => path.dirname(f))]);
  const leftovers = leftoverTempFiles(folders);
  const orphaned: string[] = [];
  const leftAlone: string[] = [];
  for (const [file, set] of previouslyOwned) {
    if (files.has(file)) continue;
    const removable =
      places.removable(set, file) && (set.carried?.has(file) || carriesHeader(file));
    if (removable) orphaned.push(file);
    else if (standsThere(file)) leftAlone.push(file);
  }
  const report = (p: WriteProblem[]) => ({
    changed: [...changed].sort(),
    orphaned: orphaned.sort(),
    leftAlone: leftAlone.sort(),
    leftovers,
    unchanged,
    problems: p,
  });
  if (options.check || problems.length > 0) return report(oncePerPlace(problems));

  // Renamed in the order the files were rendered (each set's manifest last): a renderer puts a file
  // that keeps what another file gave up before that file, so a run killed mid-way loses nothing.
  const order = new Map([...files.keys()].map((file, i) => [file, i]));
  changed.sort((a, b) => order.get(a)! - order.get(b)!);
  // Stage every changed file; a single failure removes every staged file and changes nothing.
  const staged: [temp: string, file: string][] = [];
  const failures: WriteProblem[] = [];
  /** Folders staging made: a failure removes them too (they hold only staged files). */
  const made: string[] = [];
  for (const file of changed) {
    try {
      staged.push([stage(file, files.get(file)!.content, made), file]);
    } catch (error) {
      failures.push(writeProblem(file, error, rootOf(file)));
    }
  }
  if (failures.length > 0) {
    for (const [temp] of staged) rmSync(temp, { force: true });
    for (const folder of made.reverse()) rmSync(folder, { recursive: true, force: true });
    // One folder that cannot be written fails every file in it: say so once per folder (or once
    // for the file that stands where the folders must be), in a stable order.
    const placeOf = (f: WriteProblem) => (f.at as { file: string }).file;
    const unwritable = new Set(changed);
    const byFolder = new Map(
      failures
        .sort((a, b) => placeOf(a).localeCompare(placeOf(b)))
        .map((f) => [unwritable.has(placeOf(f)) ? path.dirname(placeOf(f)) : placeOf(f), f]),
    );
    return report([...byFolder.values()]);
  }
  for (const [temp, file] of staged) {
    try {
      await fs.rename(temp, file);
    } catch (error) {
      await fs.rm(temp, { force: true });
      failures.push(writeProblem(file, error, rootOf(file)));
    }
  }
  // On a case-insensitive file system `zh-cn.json` may be the very file just written as `zh-CN.json`.
  const identity = (file: string) => {
    const s = statSync(file, { throwIfNoEntry: false });
    return s ? `${s.dev}:${s.ino}` : '';
  };
  const written = new Set(staged.map(([, file]) => identity(file)));
  const removable = orphaned.map((f) => {
    const id = identity(f);
    return id !== '' && !written.has(id);
  });
  await Promise.all(
    [...orphaned.filter((_, i) => removable[i]), ...leftovers].map((f) =>
      fs.rm(f, { force: true }),
    ),
  );
  // What a watch session remembers of the outputs: unchanged files are not read again.
  for (const [, file] of staged) wroteOutput(file, files.get(file)!.content);
  for (const file of orphaned) wroteOutput(file, undefined);
  return report(failures);
}
