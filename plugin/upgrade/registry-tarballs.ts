// The types of one SDK version straight from its registry tarball. One `npm view` (npm's registry
// as configured) lists the address and integrity of every version between two ends; each version
// the search for a tool's first version probes is then one download, checked against that
// integrity, of which three small files are kept. An `npm install` per version took about 1.3 s of
// CPU for the same three files; the install stays as the way back when a download fails (a private
// registry that wants npm's credentials, no network).
import { createHash } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseTarGzip } from 'nanotar';
import { SDK_PACKAGE } from '../load/sdk-location.js';
import { npm } from './npm-command.js';

/** Where the registry keeps one version's tarball, and the digest npm would check it against. */
export interface TarballDist {
  readonly version: string;
  readonly tarball: string;
  readonly integrity: string;
}

/** A download of about 1 MB that takes longer than this is given up (npm then installs the version). */
const DOWNLOAD_TIMEOUT_MS = 60_000;

/** A tarball larger than this is not the SDK's types package (about 1 MB): it is not downloaded. */
const MAX_TARBALL_BYTES = 64 * 1024 * 1024;

/** `npm view <pkg>@<range> version dist.tarball dist.integrity --json`: one object, or a list of them. */
export function readDists(stdout: string): Map<string, TarballDist> {
  const text = stdout.trim();
  const parsed: unknown = text === '' ? [] : JSON.parse(text);
  const rows = Array.isArray(parsed) ? parsed : [parsed];
  const dists = new Map<string, TarballDist>();
  for (const row of rows) {
    if (typeof row !== 'object' || row === null) continue;
    const {
      version,
      'dist.tarball': tarball,
      'dist.integrity': integrity,
    } = row as Record<string, unknown>;
    if (typeof version === 'string' && typeof tarball === 'string' && typeof integrity === 'string')
      dists.set(version, { version, tarball, integrity });
  }
  return dists;
}

/** The tarball of every published SDK version from `lo` to `hi`, by version (one npm call). */
export async function tarballsBetween(
  lo: string,
  hi: string,
  cwd: string,
): Promise<Map<string, TarballDist>> {
  const range = `${SDK_PACKAGE}@>=${lo} <=${hi}`;
  return readDists(
    await npm(['view', range, 'version', 'dist.tarball', 'dist.integrity', '--json'], cwd),
  );
}

/** Strongest first: npm checks a tarball against the strongest digest its integrity lists. */
const ALGORITHMS = ['sha512', 'sha384', 'sha256', 'sha1'] as const;

/** Throws unless `bytes` match one of the strongest digests `integrity` (a subresource-integrity list) gives. */
function checkIntegrity(bytes: Uint8Array, integrity: string, where: string): void {
  const listed = integrity.split(/\s+/).map((entry) => {
    const dash = entry.indexOf('-');
    return { algorithm: entry.slice(0, dash), digest: entry.slice(dash + 1) };
  });
  for (const algorithm of ALGORITHMS) {
    const digests = listed.filter((e) => e.algorithm === algorithm).map((e) => e.digest);
    if (digests.length === 0) continue;
    const actual = createHash(algorithm).update(bytes).digest('base64');
    if (digests.includes(actual)) return;
    throw new Error(`${where}: its ${algorithm} digest is not the one the registry lists`);
  }
  throw new Error(`${where}: the registry lists no digest this check knows (${integrity})`);
}

/**
 * Downloads `dist`, checks it, and writes the files of the package's top folder named in `files`
 * into `into`. Throws when the download fails, the digest differs, or the package is not `dist`'s
 * version; `into` may then hold some of the files.
 */
export async function typesFromTarball(
  dist: TarballDist,
  files: readonly string[],
  into: string,
): Promise<void> {
  const answer = await fetch(dist.tarball, { signal: AbortSignal.timeout(DOWNLOAD_TIMEOUT_MS) });
  if (!answer.ok) throw new Error(`${dist.tarball}: the registry answered ${answer.status}`);
  if (Number(answer.headers.get('content-length') ?? 0) > MAX_TARBALL_BYTES)
    throw new Error(`${dist.tarball}: larger than ${MAX_TARBALL_BYTES} bytes`);
  const bytes = new Uint8Array(await answer.arrayBuffer());
  checkIntegrity(bytes, dist.integrity, dist.tarball);
  const wanted = new Set(files);
  const entries = await parseTarGzip(bytes, {
    filter: (f) => f.type === 'file' && wanted.has(inTop(f.name) ?? ''),
  });
  const manifest = entries.find((e) => inTop(e.name) === 'package.json');
  const version = manifest
    ? (JSON.parse(manifest.text) as { version?: unknown }).version
    : undefined;
  if (version !== dist.version)
    throw new Error(`${dist.tarball}: holds version ${String(version)}, not ${dist.version}`);
  await mkdir(into, { recursive: true });
  for (const entry of entries)
    await writeFile(path.join(into, inTop(entry.name)!), entry.data ?? new Uint8Array());
}

/** A file's name in the package: npm's tarballs hold it in one top folder (`package/`, whatever its name). */
function inTop(name: string): string | undefined {
  const [, file, ...deeper] = name.split('/');
  return deeper.length === 0 ? file : undefined;
}

/**
 * Fills a folder with the named files of one version; false when it did not (the caller then installs
 * the version with npm).
 */
export type TypesSource = (
  version: string,
  files: readonly string[],
  into: string,
) => Promise<boolean>;

/**
 * The tarballs `list` gives (`tarballsBetween`), as a `TypesSource`: listed on first use. Once a
 * download has failed, no other is tried: where the registry cannot be reached without npm (a
 * proxy, credentials), each probe would otherwise wait out its own failure before npm installs the
 * version.
 */
export function tarballSource(list: () => Promise<Map<string, TarballDist>>): TypesSource {
  let dists: Promise<Map<string, TarballDist>> | undefined;
  let failed = false;
  return async (version, files, into) => {
    if (failed) return false;
    dists ??= list().catch(() => new Map());
    const dist = (await dists).get(version);
    if (!dist || failed) return false;
    try {
      await typesFromTarball(dist, files, into);
      return true;
    } catch {
      failed = true;
      return false;
    }
  };
}
