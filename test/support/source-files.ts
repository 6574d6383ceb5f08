// The TypeScript sources under a folder of the repository, for the tests that read the code itself
// (layers, memo structures, line length).
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { REPO } from './paths';

/** Every `.ts` file under `dir` (repository-relative, `/`-separated); spec files only with `specs`. */
export function sourceFiles(dir: string, { specs = false } = {}): string[] {
  return readdirSync(path.join(REPO, dir), { withFileTypes: true }).flatMap((e) => {
    const rel = `${dir}/${e.name}`;
    if (e.isDirectory()) return sourceFiles(rel, { specs });
    return e.name.endsWith('.ts') && (specs || !e.name.endsWith('.spec.ts')) ? [rel] : [];
  });
}
