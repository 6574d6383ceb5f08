// Folders for tests to write into, fixture copies (fixtures are never written in place), and
// fingerprints of an output folder to prove that nothing changed.
import { createHash } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ARTIFACTS, CATALOG_FIXTURES } from './paths';

const temps: string[] = [];

/** A fresh folder under the OS temp folder (real path), removed by `removeTempDirs`. */
export async function tempDir(label: string): Promise<string> {
  const dir = await fs.realpath(
    await fs.mkdtemp(path.join(os.tmpdir(), `tool-catalog-test-${label}-`)),
  );
  temps.push(dir);
  return dir;
}

/** Removes every folder `tempDir` made in this test file (call it in `afterAll`). */
export async function removeTempDirs(): Promise<void> {
  await Promise.all(temps.splice(0).map((d) => fs.rm(d, { recursive: true, force: true })));
}

/** Copies `test/fixtures/catalogs/<name>` into a fresh temp folder and returns its path. */
export async function copyCatalogFixture(name: string): Promise<string> {
  const dir = await tempDir(name);
  await fs.cp(path.join(CATALOG_FIXTURES, name), dir, { recursive: true });
  return dir;
}

/**
 * `test/.artifacts/<name>`, emptied: for a project that must resolve packages from the repository
 * and that is worth keeping for a look after the run. Only one test file may use a given name.
 */
export function artifactDir(name: string): string {
  const dir = path.join(ARTIFACTS, name);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  return dir;
}

/** A new folder `test/.artifacts/<name>-<pid>-<random>`: safe when several test files use one name. */
export function uniqueArtifactDir(name: string): string {
  return artifactDir(`${name}-${process.pid}-${Math.random().toString(36).slice(2, 8)}`);
}

/** Writes `files` (relative path → content) under `dir`, creating folders. */
export function writeFiles(dir: string, files: Readonly<Record<string, string>>): void {
  for (const [relative, content] of Object.entries(files)) {
    const file = path.join(dir, relative);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, content);
  }
}

/**
 * Every file under `dir` (dotfiles included) → sha256 of its bytes and its mode; a link → its
 * target; a FIFO, socket or device → its kind.
 */
export async function fingerprint(dir: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  const walk = async (sub: string) => {
    for (const entry of await fs.readdir(path.join(dir, sub), { withFileTypes: true })) {
      const rel = path.posix.join(sub, entry.name);
      if (entry.isDirectory()) await walk(rel);
      else if (entry.isSymbolicLink()) out[rel] = `-> ${await fs.readlink(path.join(dir, rel))}`;
      // A FIFO, socket or device is named, never read (a FIFO would block the read).
      else if (!entry.isFile()) out[rel] = entry.isFIFO() ? 'fifo' : 'special';
      else {
        const file = path.join(dir, rel);
        const [bytes, stat] = await Promise.all([fs.readFile(file), fs.stat(file)]);
        out[rel] =
          `${createHash('sha256').update(bytes).digest('hex')} ${(stat.mode & 0o777).toString(8)}`;
      }
    }
  };
  await walk('');
  return out;
}

/** Files under `dir` that look like the writer's temp files. */
export async function leftoverTempFiles(dir: string): Promise<string[]> {
  const all = await fs.readdir(dir, { recursive: true });
  return all.filter((f) => /\.tmp$/.test(f));
}
