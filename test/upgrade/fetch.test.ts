// `upgrade --to <version>` fetches that SDK from the registry, with its runtime binary, into a cache
// of its own — never into the app — and a second run reuses it; a version that does not exist is one
// clear error with nothing left behind. The fetch is the point here, so this file reaches the
// registry (npm's own cache makes it quick after the first time on a machine).
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json, runCli } from '../support/cli';
import { removeTempDirs, tempDir } from '../support/files';
import { defaultApp, useTestCache } from './upgrade-apps';

// biome-ignore lint/suspicious/noExplicitAny: the report's JSON, read field by field
type Report = any;

let app: string;
let cache: string;
let fetched: Report;
let installed: Report;
/** What the first run, which fetched the SDK, said on stderr while it ran. */
let progress: string;

const sdkDir = () => path.join(cache, 'sdk', '0.3.168');
const leftovers = (dir: string) => readdirSync(dir).filter((n) => n.endsWith('.tmp'));
/** The parts of a report that do not say where the SDK was read from. */
const findings = (r: Report) => ({
  tools: r.tools,
  fields: r.fields,
  offers: r.offers,
  counts: r.counts,
  edits: r.edits,
});

beforeAll(async () => {
  cache = await tempDir('upgrade-fetch-cache');
  app = defaultApp('upgrade-fetch');
  // In this process, with no limit of its own: a fetch on a loaded machine can take minutes.
  useTestCache(cache);
  const first = await runCli(['upgrade', '--to', '0.3.168'], app);
  expect(first.code, first.stdout + first.stderr).toBe(0);
  progress = first.stderr;
  const [a, b] = await Promise.all([
    runCli(['upgrade', '--to', '0.3.168', '--json'], app),
    runCli(['upgrade', '--to', 'claude-agent-sdk-oldest', '--json'], app),
  ]);
  expect(a.code, a.stdout + a.stderr).toBe(0);
  expect(b.code, b.stdout + b.stderr).toBe(0);
  fetched = json(a);
  installed = json(b);
}, 900_000);
afterAll(removeTempDirs);

describe('upgrade --to <version>', () => {
  it('installs that version and its runtime binary into the cache, not into the app', () => {
    const pkg = path.join(sdkDir(), 'node_modules/@anthropic-ai');
    expect(
      JSON.parse(readFileSync(path.join(pkg, 'claude-agent-sdk/package.json'), 'utf8')).version,
    ).toBe('0.3.168');
    // The platform's binary comes as an optional dependency (`claude-agent-sdk-linux-x64` here).
    expect(readdirSync(pkg).filter((n) => n.startsWith('claude-agent-sdk-'))).toHaveLength(1);
    expect(existsSync(path.join(app, 'node_modules'))).toBe(false);
    expect(fetched.target).toMatchObject({ version: '0.3.168', claudeCode: '2.1.168' });
    expect(fetched.target.shown).toContain(sdkDir());
    expect(leftovers(path.join(cache, 'sdk'))).toEqual([]);
  });

  it('names each stage as it starts, the download size, and where the cache is and how big it grew', () => {
    const lines = progress.trimEnd().split('\n');
    const fetching = lines.find((l) => l.startsWith('upgrade: fetching SDK 0.3.168'));
    expect(fetching).toMatch(
      new RegExp(
        `^upgrade: fetching SDK 0\\.3\\.168 with its Claude Code runtime for ${process.platform}-${process.arch} ` +
          `\\(about (\\d+) MB to download\\) into ${sdkDir().replaceAll('.', '\\.')}…$`,
      ),
    );
    // The SDK and its runtime binary: about 190 MB on the registry for 0.3.168 on linux-x64.
    expect(Number(/about (\d+) MB/.exec(fetching!)![1])).toBeGreaterThan(50);
    const grew = lines.find((l) => l.startsWith('upgrade: the SDK cache'));
    expect(grew).toMatch(
      new RegExp(
        `^upgrade: the SDK cache ${cache.replaceAll('.', '\\.')} now holds (\\d+) MB \\(1 whole install and the types of 0 versions\\); ` +
          'tool-catalog cache --clean removes the installs no longer used\\.$',
      ),
    );
    // Stages in the order they run, the fetch before the comparison.
    const order = ['upgrade: fetching', 'upgrade: the SDK cache', 'upgrade: comparing'].map((p) =>
      lines.findIndex((l) => l.startsWith(p)),
    );
    expect(order.every((i, n) => i >= 0 && (n === 0 || i > order[n - 1]!))).toBe(true);
  });

  it('reports what the same version installed in the app reports', () => {
    expect(installed.target.version).toBe('0.3.168');
    expect(findings(fetched)).toEqual(findings(installed));
    expect(fetched.counts).toMatchObject({ new: 2, gone: 12, renamed: 0 });
  });

  it('reuses a version already fetched', async () => {
    const before = statSync(sdkDir()).ino;
    const again = await runCli(['upgrade', '--to', '0.3.168', '--json'], app);
    expect(again.code, again.stderr).toBe(0);
    expect(findings(json(again))).toEqual(findings(fetched));
    expect(statSync(sdkDir()).ino).toBe(before);
  }, 300_000);

  it('says what failed for a version the registry does not have, and leaves nothing in the cache', async () => {
    const run = await runCli(['upgrade', '--to', '0.0.1'], app);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('upgrade: npm install @anthropic-ai/claude-agent-sdk@0.0.1');
    expect(run.stderr).toMatch(/failed:\n/);
    expect(existsSync(path.join(cache, 'sdk', '0.0.1'))).toBe(false);
    expect(leftovers(path.join(cache, 'sdk'))).toEqual([]);
  }, 300_000);

  it('cache: shows where the versions are and their size; --clean keeps the one used last and removes the rest and abandoned fetches', async () => {
    // An older install used long ago, and a fetch whose process is gone (pid 999999 runs nothing here).
    const older = path.join(cache, 'sdk', '0.3.100');
    mkdirSync(path.join(older, 'node_modules'), { recursive: true });
    writeFileSync(path.join(older, 'node_modules', 'big'), Buffer.alloc(200_000));
    writeFileSync(path.join(older, '.last-used'), '2026-01-01T00:00:00.000Z\n');
    utimesSync(path.join(older, '.last-used'), new Date('2026-01-01'), new Date('2026-01-01'));
    const abandoned = path.join(cache, 'sdk', '0.3.200.999999.abc123.tmp');
    mkdirSync(abandoned);
    writeFileSync(path.join(abandoned, 'half'), Buffer.alloc(1_000));
    const shown = await runCli(['cache'], app);
    expect(shown.code).toBe(0);
    expect(shown.stdout).toMatch(
      new RegExp(`^SDK cache: ${cache.replaceAll('.', '\\.')} \\(\\d+ MB\\)`),
    );
    expect(shown.stdout).toMatch(/\n {2}0\.3\.100 +200 KB {2}last used 2026-01-01\n/);
    expect(shown.stdout).toMatch(
      /\n {2}0\.3\.168 +\d+ MB {2}last used \S+ {2}\(used last: --clean keeps it\)\n/,
    );
    expect(shown.stdout).toContain('  1 fetch left unfinished\n');
    const cleaned = await runCli(['cache', '--clean'], app);
    expect(cleaned.stdout).toBe(
      `cache: removed 0.3.100 from ${cache} (201 KB freed); kept 0.3.168, used last.\n`,
    );
    expect(readdirSync(path.join(cache, 'sdk'))).toEqual(['0.3.168']);
  });
});
