// `drift --mcp` against servers that send what no one should: control characters and bidi overrides
// in names, versions and stderr (printed as visible escapes, never faking a line), schemas thousands
// of levels deep and values nested a hundred thousand levels (the run ends cleanly, the lock
// round-trips), and tool names the catalog must declare with care (each suggestion is valid).
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { formatDiagnosticLine } from '../../plugin/diagnostics/diagnostics';
import { loadProject } from '../../plugin/project/load-project';
import { json, runCli } from '../support/cli';
import { removeTempDirs, tempDir, writeFiles } from '../support/files';
import { FIXTURES } from '../support/paths';

afterAll(removeTempDirs);

const SCRIPTED = path.join(FIXTURES, 'mcp/scripted-server.mjs');
/** Anything a terminal acts on or a reader cannot see, except the newline between lines. */
const UNSAFE =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this pattern finds.
  /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069\ufeff]/;
const STACK_FRAME = /^\s+at .+[:(]\d+:\d+\)?$/m;

/**
 * A project whose catalog `app` reaches server `docs` (the scripted server, reading `server/`) and
 * declares `catalog` as its tools; `serverFiles` are what the server answers with.
 */
async function project(
  label: string,
  serverFiles: Record<string, string>,
  tools = "known: { kind: 'mcp', server: 'docs' }",
) {
  const dir = await tempDir(label);
  writeFiles(dir, {
    'tool-catalog.config.ts': `import { defineConfig } from 'agent-tool-catalog';
export default defineConfig({ catalogs: { app: { include: ['catalog/*.catalog.ts'], mcp: {
  docs: { command: 'node', args: [${JSON.stringify(SCRIPTED)}, 'server'], connectTimeoutMs: 120000, listTimeoutMs: 120000 },
} } } });
`,
    'catalog/app.catalog.ts': `import { defineCatalog } from 'agent-tool-catalog';
export const app = defineCatalog({ servers: { docs: {} } });
export default app.tools({ ${tools} });
`,
    ...Object.fromEntries(
      Object.entries(serverFiles).map(([name, text]) => [`server/${name}`, text]),
    ),
  });
  return dir;
}

const tool = (name: string, properties: Record<string, unknown> = {}) => ({
  name,
  inputSchema: { type: 'object', properties },
});

describe('strings from a server', () => {
  const FAKE =
    'drift --mcp: 1 server checked; the catalog and the lock match what the servers list.';
  const hostile = [
    `clear\u001b[2J\u001b[H`,
    `bell\u0007nul\u0000`,
    `fake\n${FAKE}`,
    `bidi\u202egnp.exe`,
    `isolate\u2066x\u2069`,
    `c1\u009b31m`,
  ];

  it('are escaped wherever the report shows them: tool names, server name and version, property names', async () => {
    const dir = await project('mcp-escapes', {
      'server.json': JSON.stringify({ name: 'evil\u001b]0;pwned\u0007', version: `1.0\n${FAKE}` }),
      'tools.json': JSON.stringify([
        tool('known', { [`q\u001b[31m\n${FAKE}`]: { type: 'string' } }),
        ...hostile.map((name) => tool(name)),
      ]),
    });
    const first = await runCli(['drift', '--mcp', '--update'], dir);
    // A schema change since the lock: its property path is printed too.
    writeFileSync(
      path.join(dir, 'server/tools.json'),
      JSON.stringify([
        tool('known', { [`q\u001b[31m\n${FAKE}`]: { type: 'number' } }),
        ...hostile.map((name) => tool(name)),
      ]),
    );
    const second = await runCli(['drift', '--mcp'], dir);
    for (const run of [first, second]) {
      expect(run.code).toBe(1);
      const output = run.stdout + run.stderr;
      expect(output).not.toMatch(UNSAFE);
      expect(output.split('\n')).not.toContain(FAKE);
      expect(output).not.toMatch(STACK_FRAME);
    }
    expect(first.stdout).toContain('evil\\x1b]0;pwned\\x07 1.0\\ndrift --mcp: 1 server checked');
    expect(first.stdout).toContain('clear\\x1b[2J\\x1b[H');
    expect(first.stdout).toContain('bell\\x07nul\\x00');
    expect(first.stdout).toContain('bidi\\u202egnp.exe');
    expect(first.stdout).toContain('c1\\x9b31m');
    expect(second.stdout).toContain(`q\\x1b[31m\\n${FAKE}: type string → number`);
    // The JSON output keeps the exact strings (JSON escapes), with nothing raw a terminal would act on.
    const asJson = await runCli(['drift', '--mcp', '--json'], dir);
    expect(asJson.stdout).not.toMatch(UNSAFE);
    expect(json(asJson).catalogs[0].servers[0].serverInfo.name).toBe('evil\u001b]0;pwned\u0007');
  });

  it("are escaped in a failing server's report: its stderr, without its colours", async () => {
    const dir = await project('mcp-escapes-failure', {
      'stderr.txt': `\u001b[31mError:\u001b[0m boom\r\n${FAKE}\n\u001b]0;title\u0007\u202eevil\u0000\n`,
      'exit-code': '4',
    });
    const run = await runCli(['drift', '--mcp'], dir);
    expect(run.code).toBe(1);
    expect(run.stdout + run.stderr).not.toMatch(UNSAFE);
    expect(run.stdout).toContain(
      `  Its stderr ended with:\n    | Error: boom\n    | ${FAKE}\n    | \\u202eevil\\x00\n`,
    );
  });
});

/** `levels` objects nested as property `a` of property `a`…, as raw JSON text. */
const deepSchema = (levels: number) =>
  `${'{"type":"object","properties":{"a":'.repeat(levels)}{"type":"string"}${'}}'.repeat(levels)}`;
/** A JSON array nested `levels` deep, as raw text (JSON.stringify cannot write it). */
const deepValue = (levels: number) => `${'['.repeat(levels)}${']'.repeat(levels)}`;

describe('schemas and values nested very deep', () => {
  it('are listed, hashed, summarized, locked and compared without a crash', async () => {
    const tools = `[
      {"name":"known","inputSchema":${deepSchema(2_000)}},
      {"name":"deep_default","inputSchema":{"type":"object","properties":{"x":{"type":"array","default":${deepValue(100_000)}}}}},
      {"name":"deep_items","inputSchema":{"type":"object","properties":{"x":${'{"type":"array","items":'.repeat(3_000)}{"type":"string"}${'}'.repeat(3_000)}}}},
      {"name":"deep_annotations","inputSchema":{"type":"object"},"annotations":{"title":"t","x":${deepValue(100_000)}}}
    ]`.replace(/\n\s*/g, ''); // one line: the server sends it as one JSON-RPC message
    const dir = await project(
      'mcp-deep',
      { 'tools.json': tools },
      "known: { kind: 'mcp', server: 'docs' }",
    );
    const update = await runCli(['drift', '--mcp', '--update'], dir);
    expect(update.stdout + update.stderr).not.toMatch(STACK_FRAME);
    expect(update.stdout).toContain('lock written: generated/app/mcp-tools.lock.json');
    const lock = readFileSync(path.join(dir, 'generated/app/mcp-tools.lock.json'), 'utf8');
    // Values too deep to show are a note with their hash; the summary stops at its depth limit.
    expect(lock).toContain('"default":[[[[');
    expect(lock).toMatch(/"\(a value nested deeper than 32 levels, sha256:[0-9a-f]{64}\)"/);
    expect(lock).toContain('"x": {"type":"array<array<array<');
    // The lock it wrote is read back and matches the server.
    const again = await runCli(['drift', '--mcp'], dir);
    expect(again.stdout).toContain('the lock has the same 4 tools and input schemas.');
    const asJson = await runCli(['drift', '--mcp', '--json'], dir);
    expect(json(asJson).catalogs[0].servers[0].tools).toBe(4);
    // A change deep inside still changes the hash.
    writeFileSync(
      path.join(dir, 'server/tools.json'),
      tools.replace('{"type":"string"}', '{"type":"number"}'),
    );
    const changed = await runCli(['drift', '--mcp'], dir);
    expect(changed.code).toBe(1);
    expect(changed.stdout).toContain('known: input schema changed outside its properties');
  });
});

describe('suggested declarations', () => {
  it('each loads in the catalog without a diagnostic; a name the SDK would rewrite is explained instead', async () => {
    // `other` is a key the catalog already has, `docs_known` a wire it already declares.
    const names = [
      'a__b',
      '__proto__',
      'constructor',
      'toString',
      'known',
      'docs_known',
      'other',
      '_',
      '-',
      'x y',
      'a.b',
      'é',
    ];
    const dir = await project(
      'mcp-declarations',
      { 'tools.json': JSON.stringify([...names, 'docs_known_2'].map((n) => tool(n))) },
      "known: { kind: 'mcp', server: 'docs' }, other: { kind: 'mcp', server: 'docs', wire: 'docs_known' }",
    );
    const run = await runCli(['drift', '--mcp'], dir);
    const declarations = run.stdout
      .split('\n')
      .filter((l) => l.startsWith('      ') && l.includes("kind: 'mcp'"))
      .map((l) => l.trim());
    expect(declarations).toHaveLength(8);
    expect(declarations).toContain(
      "docs_other: { kind: 'mcp', server: 'docs', wire: 'other', exposure: 'disabled', label: 'Other' },",
    );
    for (const name of ['x y', 'a.b', 'é'])
      expect(run.stdout).toContain(
        `    '${name}' cannot be declared: the SDK rewrites tool names with characters`,
      );
    // Pasted as they are, every one is valid, and the catalog now names each tool it could.
    const file = path.join(dir, 'catalog/app.catalog.ts');
    writeFileSync(
      file,
      readFileSync(file, 'utf8').replace(
        'export default app.tools({ ',
        `export default app.tools({ ${declarations.join(' ')} `,
      ),
    );
    const loaded = await loadProject({ cwd: dir });
    expect(loaded.diagnostics.map(formatDiagnosticLine)).toEqual([]);
    const after = await runCli(['drift', '--mcp'], dir);
    expect(after.stdout).toContain(
      'new: the server has 3 tools the catalog does not declare: a.b, x y, é.',
    );
  });
});
