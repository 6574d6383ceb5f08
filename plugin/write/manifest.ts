// The manifest the writer keeps in each output folder: the files a run wrote and owns, so the next
// run can remove the ones no longer emitted (and never touches anything else).
import path from 'node:path';
import { SURFACE_LOCK_NAME } from '../language/output-files.js';
import { toPosix } from '../text/spelling.js';

export const MANIFEST_NAME = '.tool-catalog-manifest.json';

/**
 * The lock of reviewed MCP tools that `drift --mcp --update` keeps in the output folder. `generate`
 * never owns it: it is never listed in a manifest, and a manifest that lists it anyway is not obeyed.
 */
export const MCP_LOCK_NAME = 'mcp-tools.lock.json';

/** Files of an output folder the writer must never replace or remove, whatever a manifest says. */
const NEVER_OWNED = new Set([MCP_LOCK_NAME, SURFACE_LOCK_NAME]);
const neverOwned = (outDir: string, file: string) =>
  path.dirname(file) === outDir && NEVER_OWNED.has(path.basename(file));

/** The manifest of `outDir` listing `owned` (absolute paths) and itself, and the default locale. */
export function manifestContent(
  outDir: string,
  owned: readonly string[],
  defaultLocale?: string,
): string {
  const files = [
    ...owned.filter((f) => !neverOwned(outDir, f)).map((f) => toPosix(path.relative(outDir, f))),
    MANIFEST_NAME,
  ].sort();
  const manifest = { generatedBy: 'agent-tool-catalog', defaultLocale, files };
  return `${JSON.stringify(manifest, null, 2)}\n`;
}

/** The default locale a manifest records (undefined when it records none or does not parse). */
export function manifestDefaultLocale(text: string): string | undefined {
  try {
    const recorded = (JSON.parse(text) as { defaultLocale?: unknown }).defaultLocale;
    return typeof recorded === 'string' ? recorded : undefined;
  } catch {
    return undefined;
  }
}

/** Every file a manifest lists, resolved from `outDir` (none for a manifest that does not parse). */
export function manifestEntries(outDir: string, text: string): string[] {
  let list: unknown;
  try {
    list = (JSON.parse(text) as { files?: unknown }).files;
  } catch {
    return [];
  }
  if (!Array.isArray(list)) return [];
  return list
    .filter((f): f is string => typeof f === 'string' && !f.includes('\0'))
    .map((f) => path.resolve(outDir, f));
}

/**
 * The files a manifest lists that the writer may still own: entries outside the output folders
 * (`..` or absolute ones, as spelled; the writer checks real places before it removes anything),
 * and files it never owns, are dropped, so a corrupt or hand-edited manifest cannot make the
 * writer delete them.
 */
export function parseManifest(
  outDir: string,
  text: string,
  folders: readonly string[] = [outDir],
): string[] {
  return manifestEntries(outDir, text).filter(
    (f) => folders.some((dir) => f.startsWith(dir + path.sep)) && !neverOwned(outDir, f),
  );
}
