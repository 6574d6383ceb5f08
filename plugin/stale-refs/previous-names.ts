// The runtime names a previous generation of a catalog's registry had: read from the registry on
// disk (not yet regenerated) and from the last commit's copy (already regenerated), when git has one.
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { relativePosix } from '../text/spelling.js';

const run = promisify(execFile);

/** The members of `export type <Prefix>ToolName = | 'a' | 'b';` in a generated registry. */
export function namesInRegistry(source: string, prefix: string): string[] {
  const start = source.indexOf(`export type ${prefix}ToolName =`);
  if (start < 0) return [];
  const end = source.indexOf(';', start);
  const union = source.slice(start, end < 0 ? undefined : end);
  return [...union.matchAll(/'((?:[^'\\]|\\.)*)'/g)].map((m) => m[1]!.replace(/\\(.)/g, '$1'));
}

async function committedCopy(file: string): Promise<string | undefined> {
  const cwd = path.dirname(file);
  try {
    const { stdout: top } = await run('git', ['rev-parse', '--show-toplevel'], { cwd });
    const relative = relativePosix(top.trim(), file);
    const { stdout } = await run('git', ['show', `HEAD:${relative}`], { cwd, maxBuffer: 64 * 1024 * 1024 });
    return stdout;
  } catch {
    // Not a git work tree, git missing, or the file was never committed: nothing to compare with.
    return undefined;
  }
}

/** Names the previous registries (on disk and at HEAD) had; empty when there was none. */
export async function previousRegistryNames(registryFile: string, prefix: string): Promise<Set<string>> {
  const sources = await Promise.all([readFile(registryFile, 'utf8').catch(() => undefined), committedCopy(registryFile)]);
  const names = new Set<string>();
  for (const source of sources) if (source) for (const name of namesInRegistry(source, prefix)) names.add(name);
  return names;
}
