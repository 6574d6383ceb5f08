// The upgrade report compares like with like: between the two pinned SDKs (0.3.168 and 0.3.333) on a
// copy of the default catalog, swapping `--from` and `--to` swaps every row — each tool that came goes,
// each field change turns round, each offer moves back — and moving to the version the app already
// has reports no change at all, in one line, with `--check` passing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json, runCli } from '../support/cli';
import { removeTempDirs } from '../support/files';
import { defaultApp, useTestCache } from './upgrade-apps';

// biome-ignore lint/suspicious/noExplicitAny: the report's JSON, read field by field
type Report = any;
const OLDEST = 'claude-agent-sdk-oldest';
const NEWEST = '@anthropic-ai/claude-agent-sdk';

/** Each field change and the change it is read the other way round. */
const TURNED: Record<string, string> = {
  'property-added': 'property-removed',
  'property-removed': 'property-added',
  'became-optional': 'became-required',
  'became-required': 'became-optional',
  'enum-values-added': 'enum-values-removed',
  'enum-values-removed': 'enum-values-added',
  'enum-dropped': 'enum-introduced',
  'enum-introduced': 'enum-dropped',
  'type-changed': 'type-changed',
  'constraint-changed': 'constraint-changed',
  'default-changed': 'default-changed',
  'enum-reordered': 'enum-reordered',
  'additional-properties-changed': 'additional-properties-changed',
};

/** The rows of a report as plain strings, turned round when `turn` is set: what the other direction must say. */
function rows(r: Report, turn = false) {
  const swap = <T>(a: T, b: T) => (turn ? [b, a] : [a, b]);
  const change = (c: string) => (turn ? ({ new: 'gone', gone: 'new' }[c] ?? c) : c);
  return {
    tools: r.tools
      .map((t: Report) => `${change(t.change)} ${t.name} ${t.typeName ?? '-'} ${t.at ?? '-'}`)
      .sort(),
    fields: r.fields
      .flatMap((f: Report) =>
        f.changes.map((c: Report) => `${f.name} ${c.path} ${turn ? TURNED[c.change] : c.change}`),
      )
      .sort(),
    offers: r.offers.rows
      .map((o: Report) => `${o.runtime} ${o.name} ${swap(o.was, o.now).join(' → ')}`)
      .sort(),
    facts: r.offers.facts
      .map((f: Report) => `${f.runtime} ${f.fact} ${swap(f.was, f.now).join(' → ')}`)
      .sort(),
    hookEvents: turn
      ? { added: r.outside.hookEvents.removed, removed: r.outside.hookEvents.added }
      : r.outside.hookEvents,
    types: {
      added: [...(turn ? r.outside.types.removed : r.outside.types.added)].sort(),
      removed: [...(turn ? r.outside.types.added : r.outside.types.removed)].sort(),
      changed: [...r.outside.types.changed].sort(),
    },
    outputs: r.outside.outputs,
    notInCatalog: r.notInCatalog,
    unknownHistory: r.unknownHistory?.names ?? [],
    unlisted: r.unlisted,
  };
}

let up: Report;
let down: Report;
let same: { json: Report; text: string; check: { code: number; stdout: string } };
let upCheck: { code: number; stdout: string };

beforeAll(async () => {
  useTestCache();
  const app = defaultApp('upgrade-swap');
  const [a, b, c, d, e] = await Promise.all([
    runCli(['upgrade', '--from', OLDEST, '--to', NEWEST, '--json'], app),
    runCli(['upgrade', '--from', NEWEST, '--to', OLDEST, '--json'], app),
    runCli(['upgrade', '--to', '0.3.333', '--json'], app),
    runCli(['upgrade', '--to', '0.3.333'], app),
    runCli(['upgrade', '--to', '0.3.333', '--check'], app),
  ]);
  upCheck = await runCli(['upgrade', '--from', OLDEST, '--to', NEWEST, '--check'], app);
  for (const run of [a, b, c, d]) expect(run.code, run.stderr).toBe(0);
  up = json(a);
  down = json(b);
  same = { json: json(c), text: d.stdout, check: e };
}, 300_000);
afterAll(removeTempDirs);

describe('the report from 0.3.168 to 0.3.333 and back (default catalog)', () => {
  it('has rows in every section, so the comparison below compares something', () => {
    expect(up.counts).toEqual({
      new: 12,
      gone: 2,
      renamed: 0,
      fieldsChanged: 7,
      offerChanges: 51,
      edits: 0,
      notInCatalog: 0,
    });
    expect(up.changed).toBe(true);
  });

  it('swapping the versions swaps every row', () => {
    expect(rows(down)).toEqual(rows(up, true));
    expect(rows(up)).toEqual(rows(down, true));
    expect(down.counts).toEqual({ ...up.counts, new: up.counts.gone, gone: up.counts.new });
  });

  it('--check exits 1 and says what would change', () => {
    expect(upCheck.code).toBe(1);
    expect(upCheck.stdout.trimEnd().split('\n').at(-1)).toBe(
      'check: SDK 0.3.333 would change the runtime-surface lock and what a session offers, 14 tools, ' +
        "the input fields of 7 tools for catalog 'claude'; review it with tool-catalog upgrade --to 0.3.333.",
    );
  });

  it('measures both versions the same way: same configuration facts and the same built-ins asked for', () => {
    for (const report of [up, down])
      for (const runtime of ['desktop', 'headless']) {
        expect(report.offers.sources.current[runtime]).toBe('lock');
        expect(report.offers.sources.target[runtime]).toBe('lock');
      }
  });
});

describe('upgrade --to the version the app has', () => {
  it('reports no change at all', () => {
    const r = same.json;
    expect(r.current.version).toBe('0.3.333');
    expect(r.target.version).toBe('0.3.333');
    expect(r.changed).toBe(false);
    expect({ tools: r.tools, fields: r.fields, edits: r.edits, skipped: r.skipped }).toEqual({
      tools: [],
      fields: [],
      edits: [],
      skipped: [],
    });
    expect({ rows: r.offers.rows, facts: r.offers.facts, unmeasured: r.offers.unmeasured }).toEqual(
      { rows: [], facts: [], unmeasured: [] },
    );
    expect(r.outside).toEqual({
      hookEvents: { added: [], removed: [] },
      outputs: [],
      types: { added: [], removed: [], changed: [] },
    });
    expect(Object.values(r.counts).every((n) => n === 0)).toBe(true);
  });

  it('says so in one line, and --check passes', () => {
    expect(same.text).toBe(
      "upgrade: catalog 'claude', SDK 0.3.333 (Claude Code 2.1.333) → 0.3.333 (Claude Code 2.1.333): " +
        'nothing changes for the catalog (no tool, input field or offer changes; no catalog edits).\n',
    );
    expect(same.check.code).toBe(0);
    expect(same.check.stdout).toContain(
      "check: SDK 0.3.333 changes nothing for catalog 'claude'.\n",
    );
  });
});
