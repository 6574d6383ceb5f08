// The manifest the writer keeps in each output folder: the files a run wrote and owns, so the next
// run can remove the ones no longer emitted (and never touches anything else).
import path from 'node:path';
import { toPosix } from '../text/spelling.js';

export const MANIFEST_NAME = '.tool-catalog-manifest.json';

/** The manifest of `outDir` listing `owned` (absolute paths) and itself. */
export function manifestContent(outDir: string, owned: readonly string[]): string {
  const files = [...owned.map((f) => toPosix(path.relative(outDir, f))), MANIFEST_NAME].sort();
  return `${JSON.stringify({ generatedBy: 'agent-tool-catalog', files }, null, 2)}\n`;
}

/** The files a manifest lists, resolved; entries outside `outDir` are dropped, so a corrupt manifest cannot make the writer delete elsewhere. */
export function parseManifest(outDir: string, text: string): string[] {
  let list: unknown;
  try {
    list = (JSON.parse(text) as { files?: unknown }).files;
  } catch {
    return [];
  }
  if (!Array.isArray(list)) return [];
  return list.filter((f): f is string => typeof f === 'string').map((f) => path.resolve(outDir, f)).filter((f) => f.startsWith(outDir + path.sep));
}
