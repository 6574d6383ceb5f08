// Writes rendered files: only those whose bytes changed, each atomically (a temp file in the
// target's own folder, then rename, so the rename never crosses devices), keeps a manifest per output
// folder and removes files a previous run owned that are no longer emitted. `check` compares the same
// final bytes and writes nothing.
import { randomBytes } from 'node:crypto';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { MANIFEST_NAME, manifestContent, parseManifest } from './manifest.js';

export interface OutputFile {
  readonly content: string;
  /** Written only when the file does not exist yet (app-owned files such as the binding file). */
  readonly createOnly?: boolean;
}

/** One catalog's output: its folder and its files (absolute paths). */
export interface OutputSet {
  readonly outDir: string;
  readonly files: ReadonlyMap<string, OutputFile>;
}

export interface WriteReport {
  /** Files written (or, in check mode, that would be). */
  readonly changed: readonly string[];
  /** Owned files no longer emitted: removed (or, in check mode, that would be). */
  readonly orphaned: readonly string[];
  readonly unchanged: number;
}

async function readOrUndefined(file: string): Promise<string | undefined> {
  try {
    return await fs.readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

const isFile = (file: string) => fs.stat(file).then((s) => s.isFile(), () => false);

/** Replaces `file` with `content` atomically, keeping the mode of the file it replaces. */
export async function writeFileAtomic(file: string, content: string): Promise<void> {
  await fs.mkdir(path.dirname(file), { recursive: true });
  const temp = path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`);
  try {
    const mode = await fs.stat(file).then((s) => s.mode & 0o7777, () => undefined);
    await fs.writeFile(temp, content);
    // writeFile's `mode` is filtered by the umask, so an explicit chmod is what really keeps it.
    if (mode !== undefined) await fs.chmod(temp, mode);
    await fs.rename(temp, file);
  } catch (error) {
    await fs.rm(temp, { force: true });
    throw error;
  }
}

/** Every set's files plus its manifest, which lists the files the set owns (not create-only ones). */
export function withManifests(sets: readonly OutputSet[]): Map<string, OutputFile> {
  const all = new Map<string, OutputFile>();
  for (const set of sets) {
    for (const [file, output] of set.files) all.set(file, output);
    const owned = [...set.files].filter(([, f]) => !f.createOnly).map(([file]) => file);
    all.set(path.join(set.outDir, MANIFEST_NAME), { content: manifestContent(set.outDir, owned) });
  }
  return all;
}

export async function writeOutputs(sets: readonly OutputSet[], options: { check?: boolean } = {}): Promise<WriteReport> {
  const files = withManifests(sets);
  const changed: string[] = [];
  let unchanged = 0;
  const entries = [...files.entries()];
  const current = await Promise.all(entries.map(([file]) => readOrUndefined(file)));
  const writes: Promise<void>[] = [];
  entries.forEach(([file, output], i) => {
    const existing = current[i];
    const stale = output.createOnly ? existing === undefined : existing !== output.content;
    if (!stale) {
      unchanged++;
      return;
    }
    changed.push(file);
    if (!options.check) writes.push(writeFileAtomic(file, output.content));
  });
  const orphaned: string[] = [];
  for (const set of sets) {
    const manifest = await readOrUndefined(path.join(set.outDir, MANIFEST_NAME));
    for (const file of manifest === undefined ? [] : parseManifest(set.outDir, manifest)) {
      if (files.has(file) || !(await isFile(file))) continue;
      orphaned.push(file);
      if (!options.check) writes.push(fs.rm(file, { force: true }));
    }
  }
  await Promise.all(writes);
  return { changed: changed.sort(), orphaned: orphaned.sort(), unchanged };
}
