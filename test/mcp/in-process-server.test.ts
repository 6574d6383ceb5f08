// `drift --mcp` against in-process servers built from the catalog's own builders: a small app whose
// builders change after the lock (a tool renamed, one dropped, one added, a schema changed) gets each
// reported; and the themis example's checked-in lock matches what its server lists.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { generateAndWrite } from '../../plugin/generate';
import { json, runCli } from '../support/cli';
import { artifactDir, writeFiles } from '../support/files';
import { repoPath } from '../support/paths';

let dir: string;
const cli = (...args: string[]) => runCli(['drift', '--mcp', ...args], dir);

const BUILDERS_THEN = `import { tool } from '@anthropic-ai/claude-agent-sdk';
import { z } from 'zod';
const ok = async () => ({ content: [{ type: 'text' as const, text: 'ok' }] });
export const buildAddNote = () => tool('add_note', 'Adds a note', { title: z.string(), body: z.string() }, ok);
export const buildListNotes = () => tool('list_notes', 'Lists notes', { limit: z.number().optional() }, ok);
export const buildDeleteNote = () => tool('delete_note', 'Deletes a note', { id: z.string() }, ok);
`;
// The app's builders later: add_note is called create_note, delete_note is gone, list_notes takes a
// required string limit, and the list builder also builds pin_note.
const BUILDERS_NOW = `import { tool } from '@anthropic-ai/claude-agent-sdk';
import { z } from 'zod';
const ok = async () => ({ content: [{ type: 'text' as const, text: 'ok' }] });
export const buildAddNote = () => tool('create_note', 'Adds a note', { title: z.string(), body: z.string() }, ok);
export const buildListNotes = () => [
  tool('list_notes', 'Lists notes', { limit: z.string() }, ok),
  tool('pin_note', 'Pins a note to the top. It stays there.', { id: z.string(), pinned: z.boolean() }, ok),
];
export const buildDeleteNote = () => [];
`;

beforeAll(async () => {
  dir = artifactDir('mcp-in-process');
  writeFiles(dir, {
    'tool-catalog.config.ts': `import { defineConfig } from 'agent-tool-catalog';
export default defineConfig({
  catalogs: {
    notes: {
      include: ['catalog/*.catalog.ts'],
      mcp: { notes: { type: 'sdk', module: './app/mcp-server.ts', export: 'createNotesServer' } },
    },
  },
});
`,
    'catalog/notes.catalog.ts': `import { defineCatalog } from 'agent-tool-catalog';\nexport const notes = defineCatalog({ groups: ['core'], servers: { notes: {} } });\n`,
    'catalog/tools.catalog.ts': `import { notes } from './notes.catalog';
export default notes.tools({
  add_note: { kind: 'mcp', server: 'notes', groups: ['core'], builder: { module: '../app/builders', export: 'buildAddNote' } },
  list_notes: { kind: 'mcp', server: 'notes', groups: ['core'], builder: { module: '../app/builders', export: 'buildListNotes' } },
  delete_note: { kind: 'mcp', server: 'notes', groups: ['core'], builder: { module: '../app/builders', export: 'buildDeleteNote' } },
});
`,
    'app/builders.ts': BUILDERS_THEN,
    // The server the app hosts, built by the generated builders: what drift lists.
    'app/mcp-server.ts': `import { createSdkMcpServer } from '@anthropic-ai/claude-agent-sdk';
import { buildNotesTools, createNotesToolContext } from '../generated/notes/tools';
export function createNotesServer() {
  return createSdkMcpServer({ name: 'notes', version: '1.0.0', tools: buildNotesTools(createNotesToolContext({ predicates: {} }), { include: ['core'] }) });
}
`,
  });
  expect((await generateAndWrite({ cwd: dir })).ok).toBe(true);
});

describe('drift --mcp against an in-process server built from the builders', () => {
  it('agrees with the catalog once the lock is written', async () => {
    expect((await cli('--update')).code).toBe(0);
    const run = await cli();
    expect(run.stdout).toContain(
      'notes (in-process: ./app/mcp-server.ts, export createNotesServer)\n  notes 1.0.0 lists 3 tools in 1 page; the catalog names 3 tools on this server.\n',
    );
    expect(run.code).toBe(0);
  });

  it('reports a renamed, a dropped, an added tool and a changed schema', async () => {
    writeFileSync(path.join(dir, 'app/builders.ts'), BUILDERS_NOW);
    const run = await cli();
    expect(run.stdout).toBe(
      [
        "drift --mcp: catalog 'notes' against its MCP servers (lock: generated/notes/mcp-tools.lock.json)",
        '',
        'notes (in-process: ./app/mcp-server.ts, export createNotesServer)',
        '  notes 1.0.0 lists 3 tools in 1 page; the catalog names 3 tools on this server.',
        "  new: the server has 'pin_note', which the catalog does not declare.",
        "    Paste into a catalog file's .tools({...}) call, then classify it (category, exposure):",
        "      pin_note: { kind: 'mcp', server: 'notes', exposure: 'disabled', label: 'Pin note', description: 'Pins a note to the top.' },",
        "  renamed: 'add_note' (catalog/tools.catalog.ts:3:3) names 'add_note', which the server no longer lists; it is probably the server's 'create_note' now (identical input schema; name similarity 0.55).",
        "    Fix: set wire: 'create_note' on 'add_note' (or rename the tool), if it is the same tool.",
        "  gone: 'delete_note' (catalog/tools.catalog.ts:5:3) names 'delete_note', which the server no longer lists.",
        '    Fix: remove it from the catalog, then find what still uses it with tool-catalog stale-refs.',
        '  since the lock (! may refuse calls that worked before, + accepts more, ~ neither):',
        '    list_notes: input schema changed',
        '      ! limit: type number → string',
        '      ! limit: now required (was optional)',
        '    added: pin_note',
        '    removed: delete_note',
        '    probably renamed: add_note → create_note (identical input schema; name similarity 0.55)',
        '    Fix: review these changes (and the catalog, if they change what a tool does), then record them with tool-catalog drift --mcp --update.',
        '',
        'drift --mcp: 1 server checked: 3 differences with the catalog, 4 changes since the lock.',
        '',
      ].join('\n'),
    );
    expect(run.code).toBe(1);
  });

  it('records the change with --update, and still exits 1 while the catalog disagrees', async () => {
    const run = await cli('--update', '--json');
    expect(run.code).toBe(1);
    const catalog = json(run).catalogs[0];
    expect(catalog).toMatchObject({ catalog: 'notes', lockUpdated: true, ok: false });
    expect(catalog.servers[0].catalog.gone.map((g: { wire: string }) => g.wire)).toEqual([
      'delete_note',
    ]);
    expect((await cli()).stdout).not.toContain('since the lock');
  });
});

describe('the themis example', () => {
  it('has a lock that matches what its in-process server lists', async () => {
    const run = await runCli(
      ['drift', '--mcp', '--config', 'examples/themis-agent/tool-catalog.config.ts'],
      repoPath(),
    );
    expect(run.stdout).toContain(
      '  run time: 4 tools the catalog does not name, likely from tools named only at run time; the lock keeps track of them:\n    gdrive_search_specs, list_automations, load_skill_resources, run_automation\n',
    );
    expect(run.stdout).toContain(
      'not checked (the config does not say how to reach them): linear, metabase, sentry',
    );
    expect(run.code).toBe(0);
  });
});
