// The runtime names earlier versions of a catalog's generated registry had: every version git
// has of it (or those since a given commit) plus the one on disk, so a removal that is already
// committed is still known, with the last commit whose registry had each name.
import { execFile, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { relativePosix } from '../text/spelling.js';

const run = promisify(execFile);

/** Where a name was last seen: a commit's short hash, or the registry on disk (not committed yet). */
export type LastSeen = { readonly commit: string } | { readonly onDisk: true };

export interface RegistryHistory {
  /** Every name some version of the registry had → the newest version that had it. */
  readonly names: ReadonlyMap<string, LastSeen>;
  /** Why the history may be incomplete (no git, a shallow clone), for the user to read. */
  readonly notes: readonly string[];
}

/** `--since` names no commit: bad usage. */
export class SinceError extends Error {
  override name = 'SinceError';
}

/** The members of `export type <Prefix>ToolName = | 'a' | 'b';` in a generated registry. */
export function namesInRegistry(source: string, prefix: string): string[] {
  const start = source.indexOf(`export type ${prefix}ToolName =`);
  if (start < 0) return [];
  const end = source.indexOf(';', start);
  const union = source.slice(start, end < 0 ? undefined : end);
  return [...union.matchAll(/'((?:[^'\\]|\\.)*)'/g)].map((m) => m[1]!.replace(/\\(.)/g, '$1'));
}

const git = (args: readonly string[], cwd: string) =>
  run('git', [...args], { cwd, maxBuffer: 64 * 1024 * 1024 }).then((r) => r.stdout);

/** The nearest folder of `file` that exists (a registry not generated yet has no folder). */
function existingFolder(file: string): string {
  let dir = path.dirname(file);
  while (!existsSync(dir) && path.dirname(dir) !== dir) dir = path.dirname(dir);
  return dir;
}

/**
 * The contents of `<commit>:<path>` for each spec, read by one `git cat-file --batch`; undefined
 * where a commit lacks the file.
 */
function readBlobs(cwd: string, specs: readonly string[]): Promise<(string | undefined)[]> {
  if (specs.length === 0) return Promise.resolve([]);
  return new Promise((resolve, reject) => {
    const child = spawn('git', ['cat-file', '--batch'], { cwd, stdio: ['pipe', 'pipe', 'ignore'] });
    const chunks: Buffer[] = [];
    child.stdout.on('data', (c: Buffer) => chunks.push(c));
    child.on('error', reject);
    child.on('close', () => {
      const out = Buffer.concat(chunks);
      const blobs: (string | undefined)[] = [];
      let at = 0;
      for (let i = 0; i < specs.length && at < out.length; i++) {
        const eol = out.indexOf(10, at);
        const header = out.toString('utf8', at, eol);
        at = eol + 1;
        const size = /^\S+ blob (\d+)$/.exec(header)?.[1];
        if (size === undefined) {
          blobs.push(undefined);
          continue;
        }
        blobs.push(out.toString('utf8', at, at + Number(size)));
        at += Number(size) + 1;
      }
      resolve(blobs);
    });
    child.stdin.end(specs.map((s) => `${s}\n`).join(''));
  });
}

/**
 * The commits whose registry version to read, newest first: every commit that changed it, or those
 * after `since` and `since` itself.
 */
async function versions(
  top: string,
  relative: string,
  since: string | undefined,
): Promise<{ hash: string; short: string }[]> {
  const parse = (text: string) =>
    text
      .split('\n')
      .filter(Boolean)
      .map((line) => {
        const [hash, short] = line.split('\t');
        return { hash: hash!, short: short! };
      });
  if (since === undefined)
    return parse(await git(['log', '--format=%H%x09%h', '--', relative], top));
  const base = await git(['rev-parse', '--verify', '--quiet', `${since}^{commit}`], top).catch(
    () => undefined,
  );
  if (!base)
    throw new SinceError(
      `--since ${since}: git knows no such commit here; pass a commit, branch ` +
        `or tag (e.g. origin/main), and fetch it first in a shallow clone.`,
    );
  const after = parse(
    await git(['log', '--format=%H%x09%h', `${since}..HEAD`, '--', relative], top),
  );
  const baseShort = (await git(['rev-parse', '--short', base.trim()], top)).trim();
  return [...after, { hash: base.trim(), short: baseShort }];
}

/**
 * The names of every earlier version of `registryFile` (the registry whose union is
 * `<prefix>ToolName`): the one on disk, then git's, newest first. Outside a git work tree only the
 * one on disk counts, and the notes say so.
 */
export async function registryHistory(
  registryFile: string,
  prefix: string,
  options: { since?: string } = {},
): Promise<RegistryHistory> {
  const names = new Map<string, LastSeen>();
  const notes: string[] = [];
  const onDisk = await readFile(registryFile, 'utf8').catch(() => undefined);
  if (onDisk) for (const name of namesInRegistry(onDisk, prefix)) names.set(name, { onDisk: true });
  const cwd = existingFolder(registryFile);
  const top = await git(['rev-parse', '--show-toplevel'], cwd).then(
    (t) => t.trim(),
    () => undefined,
  );
  if (!top) {
    if (options.since !== undefined)
      throw new SinceError(
        `--since ${options.since}: ${cwd} is not in a git work tree, so there is no history to read.`,
      );
    notes.push(
      `not a git work tree: only the registry on disk (` +
        `${path.basename(registryFile)}) tells which names were removed.`,
    );
    return { names, notes };
  }
  if (
    (await git(['rev-parse', '--is-shallow-repository'], top).catch(() => 'false')).trim() ===
    'true'
  )
    notes.push(
      'this clone is shallow, so names removed before its oldest commit are ' +
        'not known; fetch the whole history (e.g. fetch-depth: 0) or pass ' +
        '--since <commit>.',
    );
  const relative = relativePosix(top, registryFile);
  const commits = await versions(top, relative, options.since);
  const blobs = await readBlobs(
    top,
    commits.map((c) => `${c.hash}:${relative}`),
  );
  commits.forEach((commit, i) => {
    const source = blobs[i];
    if (source)
      for (const name of namesInRegistry(source, prefix))
        if (!names.has(name)) names.set(name, { commit: commit.short });
  });
  return { names, notes };
}
