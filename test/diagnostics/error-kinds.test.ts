// One fixture per kind of catalog error, run through the real CLI: the stable code, the exact
// file:line:col, every error reported in one run, and not one byte of the previous output changed.
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json, runBin } from '../support/cli';
import {
  copyCatalogFixture,
  fingerprint,
  leftoverTempFiles,
  removeTempDirs,
} from '../support/files';

interface Expected {
  readonly code: string;
  /** `file:line:col`, relative to the fixture folder. */
  readonly at: string;
  /** A fragment the message must contain (the fix it suggests, the cycle it prints, …). */
  readonly says: string;
  /** `file:line:col` of the related location (the other declaration). */
  readonly related?: string;
}

const CASES: Record<string, readonly Expected[]> = {
  'broken-syntax': [
    {
      code: 'TC100',
      at: 'catalog/tools.catalog.ts:6:60',
      says: 'Unexpected ","',
    },
  ],
  'broken-forbidden-import': [
    {
      code: 'TC102',
      at: 'catalog/tools.catalog.ts:2:31',
      says: '"app-labels" cannot be imported here',
    },
  ],
  'broken-evaluation': [
    { code: 'TC101', at: 'catalog/tools.catalog.ts:5:92', says: "reading 'text'" },
  ],
  'broken-duplicate-key': [
    {
      code: 'TC120',
      at: 'catalog/tools.catalog.ts:5:3',
      says: "Tool 'Read' is declared twice",
      related: 'catalog/other.catalog.ts:6:3',
    },
  ],
  'broken-duplicate-key-literal': [
    {
      code: 'TC120',
      at: 'catalog/tools.catalog.ts:7:3',
      says: "'Read' is written twice",
      related: 'catalog/tools.catalog.ts:5:3',
    },
  ],
  'broken-duplicate-name': [
    {
      code: 'TC121',
      at: 'catalog/tools.catalog.ts:5:3',
      says: "runtime name 'mcp__tools__get_pr_diff'",
      related: 'catalog/diff.catalog.ts:6:3',
    },
  ],
  'broken-conditional-without-condition': [
    { code: 'TC130', at: 'catalog/tools.catalog.ts:6:61', says: "add condition: '<name>'" },
  ],
  'broken-condition-not-conditional': [
    {
      code: 'TC131',
      at: 'catalog/tools.catalog.ts:5:60',
      says: "set exposure: 'conditional' or remove the condition",
    },
  ],
  'broken-unknown-category': [
    { code: 'TC140', at: 'catalog/tools.catalog.ts:5:34', says: "Did you mean 'file'?" },
  ],
  'broken-unknown-condition': [
    { code: 'TC141', at: 'catalog/tools.catalog.ts:6:72', says: "Did you mean 'has-git'?" },
  ],
  'broken-unknown-predicate': [
    {
      code: 'TC141',
      at: 'catalog/tools.catalog.ts:5:71',
      says: "unknown predicate 'canQueryData'",
    },
  ],
  'broken-unknown-pair-group': [
    { code: 'TC142', at: 'catalog/tools.catalog.ts:5:72', says: "declare it in 'pairGroups'" },
  ],
  'broken-unknown-server': [
    {
      code: 'TC143',
      at: 'catalog/tools.catalog.ts:5:34',
      says: "unknown MCP server 'agent-memory'",
    },
  ],
  'broken-unknown-group': [
    { code: 'TC144', at: 'catalog/tools.catalog.ts:5:77', says: "Did you mean 'chat_only'?" },
  ],
  'broken-unknown-dependency': [
    { code: 'TC145', at: 'catalog/tools.catalog.ts:6:62', says: "Did you mean 'Read'?" },
  ],
  'broken-target-unknown': [
    {
      code: 'TC002',
      at: 'tool-catalog.config.ts:6:87',
      says: `"ai-skd" is not a target; use one of: claude-agent-sdk, ai-sdk, openai-agents. Did you mean 'ai-sdk'?`,
    },
    {
      code: 'TC320',
      at: 'tool-catalog.config.ts:6:97',
      says: "'ai-sdk@5': the ai-sdk target supports ai 6 and 7",
    },
  ],
  'broken-openai-collision': [
    {
      code: 'TC321',
      at: 'catalog/tools.catalog.ts:9:3',
      says:
        "Tool 'TrackerIssue' and tool 'LocalIssue' would both be named 'get_issue' in the openai-agents target: " +
        'the OpenAI Agents SDK names a tool by its wire name alone (no server prefix), with every character ' +
        "other than a letter or digit sent as '_', so it cannot tell them apart; rename one of them, or " +
        "leave openai-agents out of the catalog's targets.",
      related: 'catalog/tools.catalog.ts:7:3',
    },
    {
      code: 'TC321',
      at: 'catalog/vocabulary.catalog.ts:7:13',
      says: "Subagent 'pin-note' and tool 'PinNote' would both be named 'pin_note' in the openai-agents target",
      related: 'catalog/tools.catalog.ts:8:3',
    },
  ],
  'broken-target-collision': [
    {
      code: 'TC321',
      at: 'catalog/tools.catalog.ts:7:3',
      says:
        "Tool 'DocSearch' and tool 'NoteSearch' would both be named 'search' in the ai-sdk target: the " +
        'Vercel AI SDK names a tool by its wire name alone (no server prefix), so it cannot tell them ' +
        "apart; rename one of them, or leave ai-sdk out of the catalog's targets.",
      related: 'catalog/tools.catalog.ts:6:3',
    },
    {
      code: 'TC321',
      at: 'catalog/vocabulary.catalog.ts:6:13',
      says: "Subagent 'search' and tool 'NoteSearch' would both be named 'search'",
      related: 'catalog/tools.catalog.ts:6:3',
    },
  ],
  'broken-dependency-cycle': [
    { code: 'TC150', at: 'catalog/tools.catalog.ts:5:50', says: 'A → B → C → A' },
  ],
  'broken-mangled-server': [
    {
      code: 'TC160',
      at: 'catalog/vocabulary.catalog.ts:11:25',
      says: "server name 'my__tools' would be mangled",
    },
  ],
  'broken-mangled-wire': [
    {
      code: 'TC160',
      at: 'catalog/tools.catalog.ts:5:48',
      says: "wire name 'web.fetch' would be mangled",
    },
  ],
  'broken-unknown-field': [
    { code: 'TC170', at: 'catalog/tools.catalog.ts:5:60', says: "Did you mean 'label'?" },
  ],
  'broken-empty-catalog': [
    { code: 'TC111', at: 'catalog/vocabulary.catalog.ts:4:35', says: 'declares no tools' },
  ],
  'broken-no-definition': [
    {
      code: 'TC110',
      at: 'catalog/tools.catalog.ts:1:1',
      says: 'exports a defineCatalog({...}) result',
    },
  ],
  'broken-foreign-tool-set': [
    {
      code: 'TC112',
      at: 'catalog/other.catalog.ts:6:28',
      says: 'import the catalog from vocabulary.catalog.ts',
    },
  ],
  'broken-unknown-channel': [
    { code: 'TC146', at: 'catalog/tools.catalog.ts:5:40', says: "declare it in 'channels'" },
  ],
  'broken-invalid-value': [
    {
      code: 'TC171',
      at: 'catalog/tools.catalog.ts:5:52',
      says: "'exposure' must be one of 'user', 'internal', 'conditional', 'disabled'",
    },
  ],
  'broken-missing-field': [
    { code: 'TC172', at: 'catalog/tools.catalog.ts:5:3', says: "add server: '<name>'" },
  ],
  'broken-no-sources': [
    { code: 'TC111', at: 'tool-catalog.config.ts:6:22', says: 'match no file' },
  ],
  'broken-config-syntax': [
    {
      code: 'TC100',
      at: 'tool-catalog.config.ts:6:50',
      says: 'Expected "," or "}" but found "outDir"',
    },
  ],
  'broken-config-invalid': [
    { code: 'TC002', at: 'tool-catalog.config.ts:8:7', says: "Did you mean 'outDir'?" },
  ],
  'broken-three-errors': [
    { code: 'TC140', at: 'catalog/tools.catalog.ts:5:34', says: "unknown category 'files'" },
    {
      code: 'TC130',
      at: 'catalog/tools.catalog.ts:6:53',
      says: "'Bash' is 'conditional' but names no condition",
    },
    { code: 'TC145', at: 'catalog/tools.catalog.ts:7:54', says: "unknown tool 'Write'" },
  ],
  'broken-renamed-from': [
    { code: 'TC161', at: 'catalog/vocabulary.catalog.ts:5:45', says: "'files' is declared today" },
    {
      code: 'TC161',
      at: 'catalog/tools.catalog.ts:6:82',
      says: "tool 'Bash' has that key or runtime name today",
    },
    {
      code: 'TC162',
      at: 'catalog/tools.catalog.ts:7:73',
      says: 'a full name must read mcp__<server>__<wire>',
    },
    {
      code: 'TC161',
      at: 'catalog/tools.catalog.ts:7:89',
      says: "Tools 'Cron' and 'Notify' both list 'claw_cron' as a former name",
      related: 'catalog/tools.catalog.ts:6:69',
    },
  ],
};

const OUT = 'generated/demo';
const where = (p: { file: string; line: number; column: number }) =>
  `${p.file}:${p.line}:${p.column}`;
let previousOutput: string;

beforeAll(async () => {
  // A real earlier output: the valid fixture, generated once, plus a file its manifest owns, so
  // that any write or orphan removal by a failing run would show in the fingerprint.
  const valid = await copyCatalogFixture('valid');
  const run = await runBin(['generate'], valid);
  expect(run.code, run.stderr).toBe(0);
  previousOutput = path.join(valid, OUT);
  const manifestFile = path.join(previousOutput, '.tool-catalog-manifest.json');
  const manifest = JSON.parse(await fs.readFile(manifestFile, 'utf8')) as { files: string[] };
  manifest.files.push('old-renderer.ts');
  await fs.writeFile(manifestFile, JSON.stringify(manifest));
  await fs.writeFile(path.join(previousOutput, 'old-renderer.ts'), 'export const OLD = 1;\n');
});
afterAll(removeTempDirs);

async function fixtureWithPreviousOutput(name: string): Promise<string> {
  const dir = await copyCatalogFixture(name);
  await fs.cp(previousOutput, path.join(dir, OUT), { recursive: true });
  return dir;
}

// The cases side by side: each waits on a process of its own, in a folder of its own.
describe.concurrent('every error kind is reported with its code and exact location, and nothing is written', () => {
  it.each(Object.entries(CASES))('%s', async (name, expected) => {
    const dir = await fixtureWithPreviousOutput(name);
    const before = await fingerprint(dir);
    const run = await runBin(['generate', '--json'], dir);
    expect(run.code).toBe(1);
    const result = json(run);
    expect(result.ok).toBe(false);
    expect(result.changed).toEqual([]);
    expect(
      result.diagnostics.map((d: { code: string; position: Parameters<typeof where>[0] }) => ({
        code: d.code,
        at: where(d.position),
      })),
    ).toEqual(expected.map((e) => ({ code: e.code, at: e.at })));
    for (const [i, d] of (
      result.diagnostics as {
        severity: string;
        message: string;
        related: Parameters<typeof where>[0][];
      }[]
    ).entries()) {
      expect(d.severity).toBe('error');
      expect(d.message).toContain(expected[i]!.says);
      if (expected[i]!.related) expect(d.related.map(where)).toEqual([expected[i]!.related]);
    }
    expect(await fingerprint(dir)).toEqual(before);
    expect(await leftoverTempFiles(dir)).toEqual([]);
  });
});

describe.concurrent('the human-readable report', () => {
  it('prints file:line:col, the code, the sentence and a code frame with a caret under the column', async () => {
    const dir = await fixtureWithPreviousOutput('broken-syntax');
    const run = await runBin(['generate'], dir);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('catalog/tools.catalog.ts:6:60: error TC100: Unexpected ",".');
    // The caret sits under the second comma: 59 columns in, after the gutter "    | ".
    expect(run.stderr).toContain(
      `> 6 |   Bash: { kind: 'sdk', category: 'shell', label: 'Bäsh' }, ,\n    | ${' '.repeat(59)}^`,
    );
    expect(run.stderr).toContain('Nothing was written.');
  });

  it('shows both places of a duplicate declared in two files', async () => {
    const run = await runBin(['generate'], await fixtureWithPreviousOutput('broken-duplicate-key'));
    expect(run.stderr).toContain(
      "catalog/tools.catalog.ts:5:3: error TC120: Tool 'Read' is declared twice",
    );
    expect(run.stderr).toContain("  catalog/other.catalog.ts:6:3: 'Read' is already declared here");
  });

  it('reports all three errors of one catalog in one run and counts them', async () => {
    const run = await runBin(['generate'], await fixtureWithPreviousOutput('broken-three-errors'));
    expect(run.code).toBe(1);
    expect(run.stderr.match(/^catalog\/tools\.catalog\.ts:\d+:\d+: error TC\d+/gm)).toHaveLength(3);
    expect(run.stderr).toContain('\n3 errors\n');
  });

  it('paths stay right when the config is found in a folder above the working directory', async () => {
    const dir = await fixtureWithPreviousOutput('broken-syntax');
    const run = await runBin(['generate'], path.join(dir, 'catalog'));
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/^tools\.catalog\.ts:6:60: error TC100/m);
  });
});
