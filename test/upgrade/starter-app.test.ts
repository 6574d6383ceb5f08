// A new user's app (the starter catalog `init` writes, which leaves out the built-ins the SDK lists
// only by name) between the two pinned SDKs, both ways: a built-in the catalog does not declare is
// never `new` or `gone` unless the SDK itself gained or lost it, both versions are measured with the
// same built-ins asked for (so tool search is not switched on for one side only), swapping the
// versions swaps every row, and the version the app has is no change.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json, runCli } from '../support/cli';
import { removeTempDirs } from '../support/files';
import { starterApp, useTestCache } from './upgrade-apps';

// biome-ignore lint/suspicious/noExplicitAny: the report's JSON, read field by field
type Report = any;
const OLDEST = 'claude-agent-sdk-oldest';
const NEWEST = '@anthropic-ai/claude-agent-sdk';

/** Every row of a report as a string; `turn`: as the other direction must say it. */
const rows = (r: Report, turn = false) => ({
  tools: r.tools
    .map(
      (t: Report) =>
        `${turn ? ({ new: 'gone', gone: 'new' } as Record<string, string>)[t.change] : t.change} ${t.name}`,
    )
    .sort(),
  offers: r.offers.rows
    .map(
      (o: Report) =>
        `${o.runtime} ${o.name} ${turn ? `${o.now} → ${o.was}` : `${o.was} → ${o.now}`}`,
    )
    .sort(),
  facts: r.offers.facts
    .map((f: Report) => `${f.fact} ${turn ? `${f.now} → ${f.was}` : `${f.was} → ${f.now}`}`)
    .sort(),
  notInCatalog: r.notInCatalog.map((t: Report) => t.name),
  unknownHistory: r.unknownHistory?.names ?? [],
});

let app: string;
let up: Report;
let down: Report;

beforeAll(async () => {
  useTestCache();
  app = await starterApp('upgrade-starter');
  // The runtime of each version runs here (the app has no lock yet).
  const [a, b] = await Promise.all([
    runCli(['upgrade', '--from', OLDEST, '--to', NEWEST, '--json'], app),
    runCli(['upgrade', '--from', NEWEST, '--to', OLDEST, '--json'], app),
  ]);
  for (const run of [a, b]) expect(run.code, run.stderr).toBe(0);
  up = json(a);
  down = json(b);
}, 600_000);
afterAll(removeTempDirs);

describe("a new user's app, 0.3.168 ↔ 0.3.333", () => {
  it('calls no built-in new that both versions have; the ones the catalog leaves out are listed apart', () => {
    const names = (r: Report, change: string) =>
      r.tools.filter((t: Report) => t.change === change).map((t: Report) => t.name);
    // Every new tool is a type 0.3.168 does not have (0.3.168 lists no names, so a name-only tool cannot be called new).
    expect(up.tools.filter((t: Report) => t.change === 'new' && !t.typeName)).toEqual([]);
    for (const name of ['ToolSearch', 'Skill', 'SendMessage', 'ListAgents', 'LSP'])
      expect(up.unknownHistory.names, name).toContain(name);
    expect(up.unknownHistory).toMatchObject({ listedBy: '0.3.333', noListIn: '0.3.168' });
    expect(names(down, 'gone')).toEqual(names(up, 'new'));
    // The starter declares every type 0.3.333 has, and 0.3.168 lists no names: nothing is both versions' and left out.
    expect([up.notInCatalog, down.notInCatalog]).toEqual([[], []]);
  });

  it('measures both versions with the same built-ins asked for: tool search stays off on both', () => {
    for (const r of [up, down]) {
      expect(r.offers.sources).toEqual({ current: { default: 'run' }, target: { default: 'run' } });
      expect(r.offers.facts.filter((f: Report) => f.fact === 'tool search')).toEqual([]);
    }
  });

  it('swapping the versions swaps every row', () => {
    expect(rows(down)).toEqual(rows(up, true));
  });

  it('the version the app has: no change, and --check exits 0', async () => {
    const run = await runCli(['upgrade', '--to', NEWEST, '--check', '--json'], app);
    expect(run.code, run.stderr).toBe(0);
    const same = json(run);
    expect(same.changed).toBe(false);
    expect(same.tools).toEqual([]);
    expect(same.offers.rows).toEqual([]);
    expect(same.notInCatalog.map((t: Report) => t.name)).toEqual(
      expect.arrayContaining(['ToolSearch', 'Skill', 'SendMessage']),
    );
  });
});
