// Fetches Claude Agent SDK versions from the npm registry into a cache of its own, never into the
// app's node_modules: a whole install (the SDK and its runtime binary) to run, or the types alone.
import { existsSync } from 'node:fs';
import { copyFile, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { SDK_PACKAGE } from '../load/sdk-location.js';
import { binaryPackages } from '../verify/claude-runtime.js';
import { compareVersions, isVersion } from '../language/versions.js';
import { npm } from './npm-command.js';
import type { TypesSource } from './registry-tarballs.js';

/** Overrides where fetched SDKs are kept (tests point it at a folder of their own). */
export const CACHE_ENV = 'AGENT_TOOL_CATALOG_CACHE';

/** `$AGENT_TOOL_CATALOG_CACHE`, else `$XDG_CACHE_HOME/agent-tool-catalog`, else `~/.cache/agent-tool-catalog`. */
export function cacheRoot(env: NodeJS.ProcessEnv = process.env): string {
  if (env[CACHE_ENV]) return path.resolve(env[CACHE_ENV]);
  const base =
    env.XDG_CACHE_HOME ||
    (process.platform === 'win32' && env.LOCALAPPDATA
      ? env.LOCALAPPDATA
      : path.join(os.homedir(), '.cache'));
  return path.join(base, 'agent-tool-catalog');
}

/**
 * Fills `dir` through a temp folder beside it and a rename: a folder in the cache is complete or
 * absent, and two processes fetching the same version at once both end with one complete copy.
 */
async function fillOnce(dir: string, fill: (temp: string) => Promise<void>): Promise<string> {
  if (existsSync(dir)) return dir;
  await mkdir(path.dirname(dir), { recursive: true });
  const temp = `${dir}.${process.pid}.${Math.random().toString(36).slice(2, 8)}.tmp`;
  try {
    await fill(temp);
    await rename(temp, dir).catch((error: NodeJS.ErrnoException) => {
      if (!existsSync(dir)) throw error;
    });
  } finally {
    await rm(temp, { recursive: true, force: true });
  }
  return dir;
}

const installArgs = (prefix: string, version: string, typesOnly: boolean) => [
  'install',
  `${SDK_PACKAGE}@${version}`,
  '--prefix',
  prefix,
  '--no-save',
  '--no-package-lock',
  '--no-audit',
  '--no-fund',
  '--ignore-scripts',
  // The types alone: neither the runtime binary (an optional dependency) nor the peers.
  ...(typesOnly ? ['--omit=optional', '--omit=peer', '--legacy-peer-deps'] : []),
];

/** A file in each whole install whose time says when an `upgrade` last used it (`cache --clean` keeps the latest). */
export const LAST_USED = '.last-used';

/** What a whole install of a version costs, said before it is fetched. */
export interface FetchNotice {
  readonly version: string;
  readonly dir: string;
  /** Bytes of the SDK's and this platform's runtime package, when the registry says. */
  readonly bytes?: number;
}

/**
 * The folder of a whole install of `version` (the SDK, its peers and this platform's runtime binary),
 * fetched on first use; pass it where a command takes an SDK folder (`--sdk`). `notice` hears of a
 * fetch before it starts.
 */
export async function installedSdk(
  version: string,
  cwd: string,
  root = cacheRoot(),
  notice?: (n: FetchNotice) => void | Promise<void>,
): Promise<string> {
  const dir = path.join(root, 'sdk', version);
  if (!existsSync(dir) && notice)
    await notice({ version, dir, ...(await downloadBytes(version, cwd)) });
  await fillOnce(dir, async (temp) => {
    await mkdir(temp, { recursive: true });
    await npm(installArgs(temp, version, false), cwd);
  });
  await writeFile(path.join(dir, LAST_USED), `${new Date().toISOString()}\n`);
  return dir;
}

/**
 * The size of the two big downloads of a whole install — the SDK and this platform's runtime — from
 * the registry npm is configured with (its tarball addresses, then the size each answer gives).
 * Best effort: nothing when the registry does not say within a few seconds.
 */
async function downloadBytes(version: string, cwd: string): Promise<{ bytes?: number }> {
  try {
    const urls = await Promise.all(
      [SDK_PACKAGE, `${SDK_PACKAGE}-${binaryPackages()[0]}`].map(async (name) =>
        (await npm(['view', `${name}@${version}`, 'dist.tarball'], cwd)).trim(),
      ),
    );
    const sizes = await Promise.all(
      urls.map(async (url) => {
        const answer = await fetch(url, { method: 'HEAD', signal: AbortSignal.timeout(5_000) });
        return Number(answer.headers.get('content-length'));
      }),
    );
    const bytes = sizes.reduce((a, b) => a + b, 0);
    return Number.isFinite(bytes) && bytes > 0 ? { bytes } : {};
  } catch {
    return {};
  }
}

/** The files of `version` that say which tools it has: `sdk-tools.d.ts`, `sdk.d.ts` and `package.json`. */
const TYPES_FILES = ['sdk-tools.d.ts', 'sdk.d.ts', 'package.json'] as const;

/**
 * A folder with `TYPES_FILES` of `version` (about 1 MB fetched, a few hundred KB kept). `source`,
 * asked only when the cache lacks the version, fills it from elsewhere (the registry's tarball, see
 * registry-tarballs.ts); without it, or when it cannot, npm installs the version's package.
 */
export async function sdkTypesOf(
  version: string,
  cwd: string,
  root = cacheRoot(),
  source?: TypesSource,
): Promise<string> {
  return fillOnce(path.join(root, 'sdk-types', version), async (temp) => {
    if (source) {
      if (await source(version, TYPES_FILES, temp)) return;
      // Whatever the source left there before it failed.
      await rm(temp, { recursive: true, force: true });
    }
    const install = `${temp}-install`;
    try {
      await mkdir(install, { recursive: true });
      await npm(installArgs(install, version, true), cwd);
      const from = path.join(install, 'node_modules', SDK_PACKAGE);
      await mkdir(temp, { recursive: true });
      for (const name of TYPES_FILES)
        if (existsSync(path.join(from, name)))
          await copyFile(path.join(from, name), path.join(temp, name));
    } finally {
      await rm(install, { recursive: true, force: true });
    }
  });
}

/** A name that can only be a dist-tag (`latest`, `next`), not a version, a path or a scoped package. */
export const looksLikeTag = (choice: string) => /^[A-Za-z][A-Za-z0-9._-]*$/.test(choice);

/** The SDK's dist-tags on the registry (`latest` → `0.3.335`), as npm reports them. */
export async function sdkDistTags(cwd: string): Promise<Record<string, string>> {
  const listed = JSON.parse(
    await npm(['view', SDK_PACKAGE, 'dist-tags', '--json'], cwd),
  ) as unknown;
  if (typeof listed !== 'object' || listed === null) return {};
  return Object.fromEntries(
    Object.entries(listed).filter((e): e is [string, string] => isVersion(String(e[1]))),
  );
}

/**
 * The SDK versions published on the registry, oldest first. The list is kept in the cache, so a
 * later run without the network still knows them (a version published since is then missing).
 */
export async function publishedVersions(cwd: string, root = cacheRoot()): Promise<string[]> {
  const file = path.join(root, 'published-versions.json');
  let listed: unknown;
  try {
    listed = JSON.parse(await npm(['view', SDK_PACKAGE, 'versions', '--json'], cwd));
    await mkdir(root, { recursive: true });
    await writeFile(file, `${JSON.stringify(listed)}\n`);
  } catch (error) {
    if (!existsSync(file)) throw error;
    listed = JSON.parse(await readFile(file, 'utf8'));
  }
  const versions = (Array.isArray(listed) ? listed : [listed]).filter(isVersion);
  return versions.sort(compareVersions);
}
