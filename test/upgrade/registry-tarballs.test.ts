// The types of an SDK version come straight from its registry tarball: one npm call lists every
// tarball between two versions, each download is checked against the digest the registry lists and
// keeps only the package's own type files, and a download that fails in any way falls back to an
// npm install (seen here by taking npm off PATH: the fallback then fails with npm's error), after
// which no other download is tried. The last tests reach the registry: a search for the versions two
// tools came in makes one npm call and no install, and the tarball of the SDK this repository
// installs gives its files byte for byte.
import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { createTarGzip } from 'nanotar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SdkFetchError } from '../../plugin/upgrade/npm-command';
import {
  readDists,
  tarballSource,
  tarballsBetween,
  typesFromTarball,
  type TarballDist,
} from '../../plugin/upgrade/registry-tarballs';
import { findVersions } from '../../plugin/upgrade/find-versions';
import { CACHE_ENV, sdkTypesOf } from '../../plugin/upgrade/sdk-cache';
import { typesSnapshot } from '../../plugin/upgrade/sdk-snapshot';
import type { ToolRow } from '../../plugin/upgrade/tool-changes';
import { removeTempDirs, tempDir } from '../support/files';
import { REPO } from '../support/paths';

const FILES = ['sdk-tools.d.ts', 'sdk.d.ts', 'package.json'];
const sri = (algorithm: string, bytes: Uint8Array) =>
  `${algorithm}-${createHash(algorithm).update(bytes).digest('base64')}`;

/** A tarball as the registry serves one: the package in one top folder, with more than the types. */
async function tarball(version: string, top = 'package'): Promise<Uint8Array> {
  return createTarGzip([
    { name: `${top}/package.json`, data: JSON.stringify({ name: 'sdk', version }) },
    {
      name: `${top}/sdk-tools.d.ts`,
      data: `export type Tools${version.replaceAll('.', '_')} = 1;\n`,
    },
    { name: `${top}/sdk.d.ts`, data: 'export declare const sdk: 1;\n' },
    { name: `${top}/sdk.mjs`, data: 'export const sdk = 1;\n' },
    { name: `${top}/lib/sdk.d.ts`, data: 'a deeper file of the same name\n' },
  ]);
}

const served = new Map<string, Uint8Array>();
/** The paths the server was asked for, in order. */
const asked: string[] = [];
let server: Server;
let base: string;
beforeAll(async () => {
  server = createServer((request, response) => {
    asked.push(request.url ?? '');
    const body = served.get(request.url ?? '');
    response.writeHead(body ? 200 : 404).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.close();
  await removeTempDirs();
});

/** Serves `bytes` and gives their dist, with `integrity` overridden when given. */
function serve(version: string, bytes: Uint8Array, integrity = sri('sha512', bytes)): TarballDist {
  const url = `/sdk-${version}-${served.size}.tgz`;
  served.set(url, bytes);
  return { version, tarball: `${base}${url}`, integrity };
}

/** Runs `work` with no npm on PATH, and PATH back after. */
async function withoutNpm<T>(work: () => Promise<T>): Promise<T> {
  const saved = process.env.PATH;
  process.env.PATH = '/nonexistent';
  try {
    return await work();
  } finally {
    process.env.PATH = saved;
  }
}

describe('npm view of a range', () => {
  it('reads one version (an object), several (a list) and none, skipping rows without a dist', () => {
    const row = (v: string) => ({
      version: v,
      'dist.tarball': `https://r/sdk-${v}.tgz`,
      'dist.integrity': `sha512-${v}`,
    });
    expect([...readDists(JSON.stringify(row('0.3.1'))).keys()]).toEqual(['0.3.1']);
    const list = [row('0.3.1'), { version: '0.3.2' }, row('0.3.3')];
    expect([...readDists(JSON.stringify(list)).values()]).toEqual(
      [row('0.3.1'), row('0.3.3')].map((r) => ({
        version: r.version,
        tarball: r['dist.tarball'],
        integrity: r['dist.integrity'],
      })),
    );
    expect(readDists('').size).toBe(0);
  });
});

describe('types from a tarball', () => {
  it('keeps only the named files of the top folder, whatever it is called', async () => {
    const into = await tempDir('tarball-types');
    await typesFromTarball(serve('0.3.7', await tarball('0.3.7', 'sdk')), FILES, into);
    expect(readdirSync(into).sort()).toEqual([...FILES].sort());
    expect(readFileSync(path.join(into, 'sdk.d.ts'), 'utf8')).toBe(
      'export declare const sdk: 1;\n',
    );
    expect(readFileSync(path.join(into, 'sdk-tools.d.ts'), 'utf8')).toContain('Tools0_3_7');
  });

  it('refuses a tarball whose strongest listed digest differs, even when a weaker one matches', async () => {
    const bytes = await tarball('0.3.8');
    const into = await tempDir('tarball-digest');
    const forged = `${sri('sha512', new Uint8Array([1]))} ${sri('sha1', bytes)}`;
    await expect(typesFromTarball(serve('0.3.8', bytes, forged), FILES, into)).rejects.toThrow(
      /sha512 digest is not the one the registry lists/,
    );
    expect(existsSync(into) && readdirSync(into)).toEqual([]);
    // The weaker digest alone is what npm would check too.
    await typesFromTarball(serve('0.3.8', bytes, sri('sha1', bytes)), FILES, into);
    expect(readdirSync(into)).toHaveLength(3);
  });

  it('refuses a missing tarball and one that holds another version', async () => {
    const into = await tempDir('tarball-wrong');
    const gone = { ...serve('0.3.9', await tarball('0.3.9')), tarball: `${base}/nothing.tgz` };
    await expect(typesFromTarball(gone, FILES, into)).rejects.toThrow(/answered 404/);
    const other = serve('0.3.9', await tarball('0.3.10'));
    await expect(typesFromTarball(other, FILES, into)).rejects.toThrow(
      /holds version 0\.3\.10, not 0\.3\.9/,
    );
  });
});

/** A source of the given dists, as `tarballSource` makes one from npm's list. */
const sourceOf = (...dists: TarballDist[]) =>
  tarballSource(async () => new Map(dists.map((d) => [d.version, d])));

describe('the types cache', () => {
  it('fills a version from its tarball without running npm', async () => {
    const root = await tempDir('types-cache');
    const source = sourceOf(serve('0.3.11', await tarball('0.3.11')));
    const dir = await withoutNpm(() => sdkTypesOf('0.3.11', root, root, source));
    expect(readdirSync(dir).sort()).toEqual([...FILES].sort());
  });

  it('falls back to npm when the download fails, and leaves nothing behind when that fails too', async () => {
    const root = await tempDir('types-fallback');
    const bytes = await tarball('0.3.12');
    const source = sourceOf(serve('0.3.12', bytes, sri('sha512', new Uint8Array([2]))));
    const fetched = withoutNpm(() => sdkTypesOf('0.3.12', root, root, source));
    await expect(fetched).rejects.toThrow(SdkFetchError);
    await expect(fetched).rejects.toThrow(/npm install @anthropic-ai\/claude-agent-sdk@0\.3\.12/);
    expect(readdirSync(path.join(root, 'sdk-types'))).toEqual([]);
  });

  it('tries no other download once one has failed, and none for a version it was not given', async () => {
    const into = await tempDir('types-give-up');
    const gone = { ...serve('0.3.13', await tarball('0.3.13')), tarball: `${base}/gone.tgz` };
    const good = serve('0.3.14', await tarball('0.3.14'));
    const source = sourceOf(gone, good);
    expect(await source('0.3.15', FILES, into)).toBe(false);
    const before = asked.length;
    expect(await source('0.3.13', FILES, into)).toBe(false);
    expect(await source('0.3.14', FILES, into)).toBe(false);
    expect(asked.slice(before)).toEqual(['/gone.tgz']);
    expect(await sourceOf(good)('0.3.14', FILES, into)).toBe(true);
  });
});

/** Runs `work` with an `npm` first on PATH that logs its arguments, one call a line, then runs npm. */
async function loggingNpm<T>(work: (calls: () => string[]) => Promise<T>): Promise<T> {
  const bin = await tempDir('logging-npm');
  const log = path.join(bin, 'calls.log');
  const real = execFileSync('sh', ['-c', 'command -v npm'], { encoding: 'utf8' }).trim();
  writeFileSync(
    path.join(bin, 'npm'),
    `#!/bin/sh\nprintf '%s\\n' "$*" >> '${log}'\nexec '${real}' "$@"\n`,
  );
  chmodSync(path.join(bin, 'npm'), 0o755);
  const saved = { PATH: process.env.PATH, cache: process.env[CACHE_ENV] };
  process.env.PATH = `${bin}:${saved.PATH}`;
  process.env[CACHE_ENV] = await tempDir('types-search-cache');
  try {
    return await work(() => (existsSync(log) ? readFileSync(log, 'utf8').trim().split('\n') : []));
  } finally {
    process.env.PATH = saved.PATH;
    if (saved.cache === undefined) delete process.env[CACHE_ENV];
    else process.env[CACHE_ENV] = saved.cache;
  }
}

describe('the registry', () => {
  it('finds the version each tool came in with one npm call for every tarball, and no install', async () => {
    await loggingNpm(async (calls) => {
      const ends = tarballSource(() => tarballsBetween('0.3.170', '0.3.174', REPO));
      const [current, target] = await Promise.all(
        ['0.3.170', '0.3.174'].map((v) => typesSnapshot(v, REPO, ends)),
      );
      const before = calls().length;
      const row = (name: string): ToolRow => ({
        change: 'new',
        name,
        need: { field: 'addedIn', presence: { type: name }, inLater: true },
      });
      const rows = [row('Artifact'), row('Projects')];
      expect(await findVersions(rows, current!, target!, REPO)).toEqual([]);
      expect(rows.map((r) => r.at)).toEqual(['0.3.172', '0.3.174']);
      const search = calls().slice(before);
      expect(search.filter((c) => c.startsWith('install'))).toEqual([]);
      expect(search.filter((c) => c.includes('dist.tarball'))).toHaveLength(1);
    });
  }, 120_000);

  it("lists the SDK's tarballs and gives the installed version's files byte for byte", async () => {
    const sdk = path.join(REPO, 'node_modules/@anthropic-ai/claude-agent-sdk');
    const { version } = JSON.parse(readFileSync(path.join(sdk, 'package.json'), 'utf8'));
    const [major, minor, patch] = version.split('.').map(Number);
    const before = `${major}.${minor}.${patch - 2}`;
    const dists = await tarballsBetween(before, version, REPO);
    expect([...dists.keys()]).toContain(version);
    for (const dist of dists.values()) expect(dist.integrity).toMatch(/^sha512-/);
    const into = await tempDir('registry-types');
    await typesFromTarball(dists.get(version)!, FILES, into);
    for (const file of ['sdk-tools.d.ts', 'sdk.d.ts'])
      expect(readFileSync(path.join(into, file), 'utf8'), file).toBe(
        readFileSync(path.join(sdk, file), 'utf8'),
      );
  }, 120_000);
});
