// A lock edited by hand, merged badly or tampered with — a field of the wrong type, a value nested
// a hundred thousand levels, a field the lock never has — and a lock path that is a folder: each is
// one message naming the file, line and column of the field and how to fix it, exit 1, never a
// crash; `--update` rewrites a damaged lock and never replaces a folder.
import {
  cpSync,
  existsSync,
  mkdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../support/cli';
import { removeTempDirs, tempDir, writeFiles } from '../support/files';
import { FIXTURES } from '../support/paths';

afterAll(removeTempDirs);

const LOCK = 'generated/app/mcp-tools.lock.json';
const STACK_FRAME = /^\s+at .+[:(]\d+:\d+\)?$/m;
let base: string;
let valid: string;

beforeAll(async () => {
  base = await tempDir('mcp-locks');
  writeFiles(base, {
    'tool-catalog.config.ts': `import { defineConfig } from 'agent-tool-catalog';
export default defineConfig({ catalogs: { app: { include: ['catalog/*.catalog.ts'], mcp: {
  docs: { command: 'node', args: [${JSON.stringify(path.join(FIXTURES, 'mcp/misbehaving-server.mjs'))}, 'paged', '2'], connectTimeoutMs: 120000, listTimeoutMs: 120000 },
} } } });
`,
    'catalog/app.catalog.ts': `import { defineCatalog } from 'agent-tool-catalog';
export const app = defineCatalog({ servers: { docs: {} } });
export default app.tools({ t00: { kind: 'mcp', server: 'docs' }, t01: { kind: 'mcp', server: 'docs' } });
`,
  });
  const update = await runCli(['drift', '--mcp', '--update'], base);
  expect(update.code).toBe(0);
  valid = readFileSync(path.join(base, LOCK), 'utf8');
});

/** A copy of the project with its lock's text replaced by `edit(valid)`. */
async function withLock(edit: (text: string) => string): Promise<string> {
  const dir = await tempDir('mcp-lock-case');
  cpSync(base, dir, { recursive: true });
  writeFileSync(path.join(dir, LOCK), edit(valid));
  return dir;
}

const deep = (levels: number) => `${'['.repeat(levels)}${']'.repeat(levels)}`;
const first = (text: string, from: string, to: string) => {
  if (!text.includes(from)) throw new Error(`the lock has no ${from}`);
  return text.replace(from, to);
};

describe.concurrent('a lock that cannot be used', () => {
  it.each([
    [
      'the whole lock is {"type":5}',
      () => '{"type":5}',
      `${LOCK} is not an MCP tools lock of version 1`,
    ],
    [
      'a property summary says {"type":5}',
      (t: string) =>
        first(t, '"q": {"type":"string","required":true}', '"q": {"type":5,"required":true}'),
      `${LOCK}:12:26: server 'docs', tool 't00', property 'q': "type" must be a type name such as "string", not 5`,
    ],
    [
      'a tool has no inputSchemaHash',
      (t: string) => first(t, /"inputSchemaHash": "[^"]+",/.exec(t)![0], ''),
      `${LOCK}:9:9: server 'docs', tool 't00': "inputSchemaHash" is missing (it must be "sha256:" and 64 hex digits)`,
    ],
    [
      'an enum is a string',
      (t: string) =>
        first(t, '"q": {"type":"string","required":true}', '"q": {"type":"string","enum":"a|b"}'),
      `server 'docs', tool 't00', property 'q': "enum" must be an array, not "a|b"`,
    ],
    [
      'a default nests 100,000 levels',
      (t: string) =>
        first(
          t,
          '"q": {"type":"string","required":true}',
          `"q": {"type":"string","default":${deep(100_000)}}`,
        ),
      `server 'docs', tool 't00', property 'q': "default" nests deeper than 32 levels`,
    ],
    [
      'annotations nest 100,000 levels',
      (t: string) =>
        first(
          t,
          '"inputSchemaHash"',
          `"annotations": {"x":${deep(100_000)}},\n          "inputSchemaHash"`,
        ),
      `server 'docs', tool 't00': "annotations" nests deeper than 32 levels`,
    ],
    [
      'a tool has a field the lock never has',
      (t: string) =>
        first(t, '"inputSchemaHash"', '"run": "rm -rf /",\n          "inputSchemaHash"'),
      `server 'docs', tool 't00' has a field "run" the lock does not have`,
    ],
    [
      'the tools are an array',
      (t: string) => t.replace(/"tools": \{[\s\S]*\n {6}\}\n/, '"tools": []\n'),
      `server 'docs': "tools" must be an object, not an array`,
    ],
    [
      'the transport is unknown',
      (t: string) => first(t, '"transport": "stdio"', '"transport": "carrier-pigeon"'),
      `server 'docs': "transport" must be one of stdio, http, sse, sdk, not "carrier-pigeon"`,
    ],
    [
      "the server's version is a number",
      (t: string) => first(t, '"version":"1.0.0"', '"version":1'),
      `server 'docs': "server.version" must be a string, not 1`,
    ],
    ['the text is cut short', (t: string) => t.slice(0, 200), `${LOCK}:9:`],
  ])('%s: one message with where and what, exit 1', async (_, edit, message) => {
    const dir = await withLock(edit);
    const run = await runCli(['drift', '--mcp'], dir);
    expect(run.code).toBe(1);
    expect(run.stdout + run.stderr).not.toMatch(STACK_FRAME);
    const line = run.stdout.split('\n').find((l) => l.startsWith('lock: '));
    expect(line).toContain(message);
    expect(line).toMatch(
      /(write it again with tool-catalog drift --mcp --update( docs)?|from version control.*)\.$/,
    );
  });

  it('is written again by --update, and then read as any other', async () => {
    const dir = await withLock((t) =>
      first(t, '"q": {"type":"string","required":true}', '"q": {"type":5}'),
    );
    expect((await runCli(['drift', '--mcp', '--update'], dir)).code).toBe(0);
    expect(readFileSync(path.join(dir, LOCK), 'utf8')).toBe(valid);
    expect((await runCli(['drift', '--mcp'], dir)).code).toBe(0);
  });
});

describe('a lock path that is a folder', () => {
  it('is reported, and --update leaves the folder and what is in it alone', async () => {
    const dir = await withLock((t) => t);
    const lock = path.join(dir, LOCK);
    rmSync(lock);
    mkdirSync(lock);
    writeFileSync(path.join(lock, 'keep.txt'), 'mine');
    const message = `lock: ${LOCK} is a folder, not a lock file; move it away, then write the lock with tool-catalog drift --mcp --update.`;
    for (const args of [
      ['drift', '--mcp'],
      ['drift', '--mcp', '--update'],
    ]) {
      const run = await runCli(args, dir);
      expect(run.code).toBe(1);
      expect(run.stdout + run.stderr).not.toMatch(STACK_FRAME);
      expect(run.stdout).toContain(message);
    }
    expect(statSync(lock).isDirectory()).toBe(true);
    expect(readFileSync(path.join(lock, 'keep.txt'), 'utf8')).toBe('mine');
    expect(existsSync(`${lock}.tmp`)).toBe(false);
  });
});
