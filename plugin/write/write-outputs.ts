// Writes rendered files: only those whose bytes changed, each atomically (a temp file in the
// target's own folder, then rename, so the rename never crosses devices), and removes files a
// previous run owned that are no longer emitted. `check` compares the same final bytes and writes nothing.
import { randomBytes } from 'node:crypto';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import type { EmittedFile } from '../render/emitter';
import { MANIFEST_NAME } from '../render/render-outputs';

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

/** Files listed by the manifests of the output folders, i.e. what earlier runs wrote and own. */
async function previouslyOwned(files: ReadonlyMap<string, EmittedFile>): Promise<string[]> {
  const manifests = [...files.keys()].filter((f) => path.basename(f) === MANIFEST_NAME);
  const owned: string[] = [];
  for (const manifest of manifests) {
    const text = await readOrUndefined(manifest);
    if (!text) continue;
    try {
      const list = (JSON.parse(text) as { files?: unknown }).files;
      if (!Array.isArray(list)) continue;
      const outDir = path.dirname(manifest);
      for (const f of list) {
        if (typeof f !== 'string') continue;
        const file = path.resolve(outDir, f);
        // A hand-edited or corrupt manifest must never make the writer delete outside its folder.
        if (!file.startsWith(outDir + path.sep)) continue;
        owned.push(file);
      }
    } catch {
      // A corrupt manifest only means orphans cannot be found this once; it is rewritten below.
    }
  }
  return owned;
}

export async function writeOutputs(files: ReadonlyMap<string, EmittedFile>, options: { check?: boolean } = {}): Promise<WriteReport> {
  const changed: string[] = [];
  let unchanged = 0;
  const entries = [...files.entries()];
  const current = await Promise.all(entries.map(([file]) => readOrUndefined(file)));
  const writes: Promise<void>[] = [];
  entries.forEach(([file, emitted], i) => {
    const existing = current[i];
    const stale = emitted.createOnly ? existing === undefined : existing !== emitted.content;
    if (!stale) {
      unchanged++;
      return;
    }
    changed.push(file);
    if (!options.check) writes.push(writeFileAtomic(file, emitted.content));
  });
  const orphaned: string[] = [];
  for (const file of await previouslyOwned(files)) {
    if (files.has(file) || !(await isFile(file))) continue;
    orphaned.push(file);
    if (!options.check) writes.push(fs.rm(file, { force: true }));
  }
  await Promise.all(writes);
  return { changed: changed.sort(), orphaned: orphaned.sort(), unchanged };
}
