// `upgrade` between the two pinned SDKs (0.3.168, the oldest supported, and 0.3.333, the newest) on a
// copy of the default catalog, both ways: the rows that are true of them — tools that came and went,
// names the types do not show, input fields, and what the runtime itself now defers or leaves out.
// The catalog already says all of it, so no edit is called for, nothing is fetched and no runtime runs.
import { readdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json, runCli } from '../support/cli';
import { removeTempDirs, tempDir } from '../support/files';
import { defaultApp, useTestCache } from './upgrade-apps';

// biome-ignore lint/suspicious/noExplicitAny: the report's JSON, read field by field
type Report = any;
const OLDEST = 'claude-agent-sdk-oldest';
const NEWEST = '@anthropic-ai/claude-agent-sdk';

let app: string;
let cache: string;
let up: Report;
let down: Report;
let text: string;

beforeAll(async () => {
  // An empty cache: anything the command fetched would have to land here.
  cache = await tempDir('upgrade-cache');
  useTestCache(cache);
  app = defaultApp('upgrade-pinned');
  const [a, b, c] = await Promise.all([
    runCli(['upgrade', '--from', OLDEST, '--to', NEWEST, '--json'], app),
    runCli(['upgrade', '--from', NEWEST, '--to', OLDEST, '--json'], app),
    runCli(['upgrade', '--from', OLDEST, '--to', NEWEST], app),
  ]);
  expect(a.code, a.stderr).toBe(0);
  expect(b.code, b.stderr).toBe(0);
  up = json(a);
  down = json(b);
  text = c.stdout;
}, 120_000);
afterAll(removeTempDirs);

const row = (report: Report, change: string, name: string) =>
  report.tools.find((r: Report) => r.change === change && r.name === name);
const offer = (report: Report, runtime: string, name: string) =>
  report.offers.rows.find((r: Report) => r.runtime === runtime && r.name === name);

describe('upgrade from SDK 0.3.168 to 0.3.333 (default catalog)', () => {
  it('names both ends, and fetched nothing', () => {
    expect(up.current).toMatchObject({ version: '0.3.168', claudeCode: '2.1.168' });
    expect(up.target).toMatchObject({ version: '0.3.333', claudeCode: '2.1.333' });
    expect(readdirSync(cache)).toEqual([]);
  });

  it('REPL and TaskOutput are gone at 0.3.277, as the catalog already says', () => {
    for (const name of ['REPL', 'TaskOutput'])
      expect(row(up, 'gone', name)).toMatchObject({
        typeName: `${name}Input`,
        key: name,
        at: '0.3.277',
        atFrom: 'catalog',
      });
    expect(up.counts.gone).toBe(2);
  });

  it('ProposeGoalInput is the tool SetGoal, and ProposeSkillsInput runs as propose_skills (names from the SDK tables, not the types)', () => {
    expect(row(up, 'new', 'SetGoal')).toMatchObject({
      typeName: 'ProposeGoalInput',
      key: 'SetGoal',
      at: '0.3.227',
    });
    expect(row(up, 'new', 'propose_skills')).toMatchObject({
      typeName: 'ProposeSkillsInput',
      key: 'ProposeSkills',
    });
    expect(row(up, 'new', 'ProposeGoal')).toBeUndefined();
  });

  it('lists every tool type that arrived, each already declared with its addedIn', () => {
    const arrived = up.tools
      .filter((r: Report) => r.change === 'new')
      .map((r: Report) => `${r.name}@${r.at}`);
    expect(arrived).toEqual([
      'Artifact@0.3.172',
      'ClaudeDesign@0.3.199',
      'OfferChromeSetup@0.3.290',
      'Projects@0.3.174',
      'ReadMcpResourceDirTool@0.3.186',
      'ReadNotifications@0.3.229',
      'RefreshMcpTools@0.3.211',
      'ReportFindings@0.3.196',
      'SendFeedback@0.3.212',
      'SetGoal@0.3.227',
      'ShowOnboardingRolePicker@0.3.172',
      'propose_skills@0.3.212',
    ]);
    expect(up.tools.every((r: Report) => r.edit === undefined)).toBe(true);
    expect(up.edits).toEqual([]);
  });

  it('reports input fields added, removed and made optional', () => {
    const changes = (name: string) =>
      up.fields
        .find((f: Report) => f.name === name)
        .changes.map((c: Report) => `${c.path} ${c.change}`);
    expect(changes('Agent')).toContain('effort property-added');
    expect(changes('Read')).toEqual(['allow_large property-added']);
    expect(changes('Monitor')).toEqual([
      'command became-optional',
      'persistent property-removed',
      'ws property-added',
    ]);
    expect(changes('ScheduleWakeup')).toEqual(
      expect.arrayContaining(['prompt became-optional', 'reason became-optional']),
    );
  });

  it('reads both surfaces from the lock and shows the tools the runtime now defers, in both configurations', () => {
    expect(up.offers.sources).toEqual({
      current: { desktop: 'lock', headless: 'lock' },
      target: { desktop: 'lock', headless: 'lock' },
    });
    for (const runtime of ['desktop', 'headless']) {
      for (const name of ['CronCreate', 'TaskCreate', 'TaskStop', 'EnterWorktree', 'WebFetch'])
        expect(offer(up, runtime, name), `${runtime} ${name}`).toMatchObject({
          was: 'direct',
          now: 'deferred',
        });
      expect(up.offers.facts).toContainEqual({
        runtime,
        fact: 'tool search',
        was: 'off',
        now: 'on',
      });
      expect(offer(up, runtime, 'TaskOutput')).toMatchObject({ was: 'direct', now: 'absent' });
      expect(offer(up, runtime, 'ListAgents')).toMatchObject({
        was: 'absent',
        now: 'direct',
        blocked: false,
      });
    }
    expect(offer(up, 'desktop', 'WebFetch').blocked).toBe(true);
  });

  it('AskUserQuestion and plan mode are absent without a permission callback on the newest runtime only', () => {
    for (const name of ['AskUserQuestion', 'EnterPlanMode', 'ExitPlanMode'])
      expect(offer(up, 'headless', name), name).toMatchObject({ was: 'direct', now: 'absent' });
    expect(offer(up, 'desktop', 'AskUserQuestion')).toBeUndefined();
    expect(offer(up, 'desktop', 'EnterPlanMode')).toMatchObject({ was: 'direct', now: 'deferred' });
  });

  it('prints the same for people', () => {
    expect(text).toContain(
      "upgrade: catalog 'claude', SDK 0.3.168 (Claude Code 2.1.168) → 0.3.333 (Claude Code 2.1.333)",
    );
    expect(text).toMatch(
      /\n {2}gone {5}REPL +REPLInput +removed in 0\.3\.277; 'REPL' already says so/,
    );
    expect(text).toMatch(/\n {2}new {6}SetGoal +ProposeGoalInput +added in 0\.3\.227/);
    expect(text).toContain(
      '    direct → absent: TaskOutput, AskUserQuestion, EnterPlanMode, ExitPlanMode\n',
    );
    expect(text).toContain('    ! persistent: removed (was required boolean)\n');
    expect(text).toContain('Catalog edits: none needed.');
  });
});

describe('upgrade from SDK 0.3.333 back to 0.3.168 (default catalog)', () => {
  it('REPL and TaskOutput come back, up to their removedIn; the tools added since are gone before their addedIn', () => {
    for (const name of ['REPL', 'TaskOutput'])
      expect(row(down, 'new', name)).toMatchObject({ key: name, at: '0.3.277', atFrom: 'catalog' });
    expect(row(down, 'gone', 'SetGoal')).toMatchObject({
      typeName: 'ProposeGoalInput',
      at: '0.3.227',
      atFrom: 'catalog',
    });
    expect(row(down, 'gone', 'Artifact')).toMatchObject({ at: '0.3.172' });
    expect(down.counts).toMatchObject({ new: 2, gone: 12, renamed: 0 });
    expect(down.edits).toEqual([]);
  });

  it('sees the same fields and offers the other way round', () => {
    const agent = down.fields.find((f: Report) => f.name === 'Agent').changes;
    expect(agent).toContainEqual(
      expect.objectContaining({ path: 'effort', change: 'property-removed', severity: 'breaking' }),
    );
    expect(offer(down, 'desktop', 'CronCreate')).toMatchObject({ was: 'deferred', now: 'direct' });
    expect(offer(down, 'headless', 'AskUserQuestion')).toMatchObject({
      was: 'absent',
      now: 'direct',
    });
    expect(down.offers.rows).toHaveLength(up.offers.rows.length);
  });
});
