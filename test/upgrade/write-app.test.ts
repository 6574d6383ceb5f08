// `upgrade --write` on the default catalog as an app had it for SDK 0.3.168, moving to 0.3.333: the
// version each new or gone tool came or went in is found on the registry (fetched once into the
// tests' cache), the edits land in place with every other byte kept, nothing is granted, and the
// written catalog agrees with both SDKs.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CatalogModel } from '../../plugin/model/catalog-model';
import { json, runCli } from '../support/cli';
import { loadModel } from '../support/projects';
import { granted } from './never-grants';
import { fixtureApp, useTestCache } from './upgrade-apps';

// biome-ignore lint/suspicious/noExplicitAny: the report's JSON, read field by field
type Report = any;
const FILES = [
  'catalog/claude.catalog.ts',
  'catalog/tools/context.catalog.ts',
  'catalog/tools/file.catalog.ts',
  'catalog/tools/orchestration.catalog.ts',
  'catalog/tools/search.catalog.ts',
  'catalog/tools/shell.catalog.ts',
  'generated/claude/runtime-surface.lock.json',
];

let app: string;
let before: Record<string, string>;
let after: Record<string, string>;
let modelBefore: CatalogModel;
let modelAfter: CatalogModel;
let report: Report;

const read = (dir: string) =>
  Object.fromEntries(FILES.map((f) => [f, readFileSync(path.join(dir, f), 'utf8')]));

beforeAll(async () => {
  useTestCache();
  app = fixtureApp('app-0.3.168', 'upgrade-write');
  before = read(app);
  modelBefore = await loadModel(app);
  const run = await runCli(
    [
      'upgrade',
      '--from',
      'claude-agent-sdk-oldest',
      '--to',
      '@anthropic-ai/claude-agent-sdk',
      '--write',
      '--json',
    ],
    app,
  );
  expect(run.code, run.stdout + run.stderr).toBe(0);
  report = json(run);
  after = read(app);
  modelAfter = await loadModel(app);
  // The first run on a machine fetches about 40 SDK versions' types (about 2 minutes); later runs none.
}, 600_000);

const row = (change: string, name: string) =>
  report.tools.find((r: Report) => r.change === change && r.name === name);

describe('upgrade --write from SDK 0.3.168 to 0.3.333, on the catalog of 0.3.168', () => {
  it('finds on the registry the version each tool type came or went in', () => {
    const versions = Object.fromEntries(
      report.tools
        .filter((r: Report) => r.at !== undefined)
        .map((r: Report) => [r.name, `${r.change} ${r.at}`]),
    );
    expect(versions).toEqual({
      Artifact: 'new 0.3.172',
      ShowOnboardingRolePicker: 'new 0.3.172',
      Projects: 'new 0.3.174',
      ReadMcpResourceDirTool: 'new 0.3.186',
      ReportFindings: 'new 0.3.196',
      ClaudeDesign: 'new 0.3.199',
      RefreshMcpTools: 'new 0.3.211',
      propose_skills: 'new 0.3.212',
      SendFeedback: 'new 0.3.212',
      SetGoal: 'new 0.3.227',
      ReadNotifications: 'new 0.3.229',
      OfferChromeSetup: 'new 0.3.290',
      REPL: 'gone 0.3.277',
      TaskOutput: 'gone 0.3.277',
    });
    expect(
      report.tools
        .filter((r: Report) => r.at !== undefined)
        .every((r: Report) => r.atFrom === 'registry'),
    ).toBe(true);
    expect(row('new', 'SetGoal')).toMatchObject({ typeName: 'ProposeGoalInput', edit: 'declare' });
  });

  it('leaves out the built-ins only the newest name list shows: 0.3.168 lists no names, so they are not known to be new', () => {
    expect(report.unknownHistory).toEqual({
      names: [
        'EndConversation',
        'LSP',
        'ListAgents',
        'PowerShell',
        'SendUserFile',
        'SendUserMessage',
        'ShareOnboardingGuide',
        'SubagentHandback',
        'WaitForMcpServers',
      ],
      listedBy: '0.3.333',
      noListIn: '0.3.168',
    });
    for (const name of report.unknownHistory.names)
      expect(
        report.tools.find((r: Report) => r.name === name),
        name,
      ).toBeUndefined();
  });

  it('writes two catalog files: removedIn on the gone tools, and the new tools added disabled after the last entry', () => {
    // 0.3.333 ran here with the catalog as it was: not the edited catalog's surface, so not recorded.
    expect(report.written).toEqual({
      files: ['catalog/tools/shell.catalog.ts', 'catalog/tools/orchestration.catalog.ts'],
      unrecorded: true,
    });
    const changed = FILES.filter((f) => before[f] !== after[f]);
    expect(changed).toEqual([
      'catalog/tools/orchestration.catalog.ts',
      'catalog/tools/shell.catalog.ts',
    ]);
    // Shell: exactly two insertions, nothing else touched.
    const shell = after['catalog/tools/shell.catalog.ts']!;
    expect(shell.split(", removedIn: '0.3.277'").join('')).toBe(
      before['catalog/tools/shell.catalog.ts'],
    );
    expect(shell).toContain(
      "  REPL: {\n    kind: 'sdk', category: 'shell', exposure: 'disabled', removedIn: '0.3.277', icon: 'code',\n",
    );
    // Orchestration: the old text with one block of lines inserted before the closing `});`.
    const was = before['catalog/tools/orchestration.catalog.ts']!;
    const now = after['catalog/tools/orchestration.catalog.ts']!;
    const tail = '});\n';
    expect(now.endsWith(tail) && was.endsWith(tail)).toBe(true);
    expect(now.startsWith(was.slice(0, -tail.length))).toBe(true);
    const added = now
      .slice(was.length - tail.length, -tail.length)
      .split('\n')
      .filter(Boolean);
    expect(added[0]).toBe(
      '  // Built-ins of SDK 0.3.333 the catalog did not declare (tool-catalog upgrade): disabled until classified.',
    );
    expect(added).toHaveLength(1 + 12);
    expect(added).toContain(
      "  SetGoal: { kind: 'sdk', sdkType: 'ProposeGoal', category: 'orchestration', exposure: 'disabled', addedIn: '0.3.227', label: 'Set goal' },",
    );
    expect(added).toContain(
      "  ProposeSkills: { kind: 'sdk', name: 'propose_skills', sdkType: 'ProposeSkills', category: 'orchestration', exposure: 'disabled', addedIn: '0.3.212', label: 'Propose skills' },",
    );
  });

  it('never grants: every tool is let through in the same places or fewer, and every new tool is disabled', () => {
    expect(granted(modelBefore, modelAfter)).toEqual([]);
    const known = new Set(modelBefore.tools.map((t) => t.key));
    const added = modelAfter.tools.filter((t) => !known.has(t.key));
    expect(added).toHaveLength(12);
    expect(added.every((t) => t.exposure === 'disabled')).toBe(true);
    expect(
      modelAfter.tools.filter((t) => known.has(t.key)).map((t) => [t.key, t.exposure]),
    ).toEqual(modelBefore.tools.map((t) => [t.key, t.exposure]));
  });

  it('leaves the lock alone (what ran was the catalog before the edits) and a catalog both SDKs agree with', async () => {
    expect(after['generated/claude/runtime-surface.lock.json']).toBe(
      before['generated/claude/runtime-surface.lock.json'],
    );
    const newest = await runCli(['drift'], app);
    const oldest = await runCli(['drift', '--sdk', 'claude-agent-sdk-oldest'], app);
    expect(newest.stdout).toContain("ok: all 43 SDK-typed tools match the SDK's 43 tool types");
    expect(oldest.stdout).toContain("ok: all 33 SDK-typed tools match the SDK's 33 tool types");
    expect([newest.code, oldest.code]).toEqual([0, 0]);
  });

  it('has nothing left to edit on a second run, which records both surfaces of the edited catalog; a third reads them', async () => {
    const args = [
      'upgrade',
      '--from',
      'claude-agent-sdk-oldest',
      '--to',
      '@anthropic-ai/claude-agent-sdk',
      '--write',
      '--json',
    ];
    const again = await runCli(args, app);
    expect(again.code).toBe(0);
    expect(json(again)).toMatchObject({ edits: [], skipped: [], written: { files: [] } });
    expect(json(again).offers.sources).toEqual({
      current: { desktop: 'run', headless: 'run' },
      target: { desktop: 'run', headless: 'run' },
    });
    const now = read(app);
    const lockFile = 'generated/claude/runtime-surface.lock.json';
    expect({ ...now, [lockFile]: '' }).toEqual({ ...after, [lockFile]: '' });
    expect(Object.keys(JSON.parse(now[lockFile]!).runtimes)).toEqual(['0.3.168', '0.3.333']);
    const third = await runCli(args, app);
    expect(json(third).offers.sources).toEqual({
      current: { desktop: 'lock', headless: 'lock' },
      target: { desktop: 'lock', headless: 'lock' },
    });
    expect(read(app)).toEqual(now);
  }, 300_000);
});
