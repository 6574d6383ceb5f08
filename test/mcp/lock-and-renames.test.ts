// The lock's text (deterministic, one line per property, read back as written, a damaged one
// refused with a fix), and probable renames: proposed on real evidence, not on a shared empty schema.
import { describe, expect, it } from 'vitest';
import { summarizeSchema } from '../../plugin/mcp/schema-summary';
import { formatLock, LockError, lockServer, parseLock } from '../../plugin/mcp/lock-file';
import type { ListedServer } from '../../plugin/mcp/list-tools';
import { schemaHash } from '../../plugin/mcp/canonical-json';
import { probableRenames, type RenameCandidate } from '../../plugin/drift/renames';

const listing = (tools: ListedServer['tools']): ListedServer => ({
  name: 'docs',
  reached: 'stdio: docs',
  serverInfo: { name: 'docs-server', version: '2.1.0' },
  tools,
  pages: 1,
  problems: [],
  hasToolsCapability: true,
  timings: { connectMs: 1, listMs: 1 },
});
const search = {
  name: 'search',
  description: 'Searches the docs',
  inputSchema: {
    type: 'object',
    properties: {
      query: { type: 'string', description: 'words' },
      scope: { type: 'string', enum: ['all', 'api'], default: 'all' },
    },
    required: ['query'],
  },
  annotations: { readOnlyHint: true },
};
const ping = {
  name: 'ping',
  inputSchema: { type: 'object', properties: {} },
  outputSchema: { type: 'object', properties: { ok: { type: 'boolean' } } },
};

describe('the lock file', () => {
  it('is written in one deterministic layout, tools sorted, one line per property', () => {
    const text = formatLock({
      lockfileVersion: 1,
      servers: { docs: lockServer(listing([search, ping]), 'stdio', { roots: {} }) },
    });
    expect(text).toBe(`{
  "lockfileVersion": 1,
  "servers": {
    "docs": {
      "transport": "stdio",
      "server": {"name":"docs-server","version":"2.1.0"},
      "clientCapabilities": {"roots":{}},
      "tools": {
        "ping": {
          "inputSchemaHash": "${schemaHash(ping.inputSchema)}",
          "outputSchemaHash": "${schemaHash(ping.outputSchema)}",
          "properties": {}
        },
        "search": {
          "inputSchemaHash": "${schemaHash(search.inputSchema)}",
          "annotations": {"readOnlyHint":true},
          "properties": {
            "query": {"type":"string","required":true},
            "scope": {"type":"string","enum":["all","api"],"default":"all"}
          }
        }
      }
    }
  }
}
`);
    expect(formatLock(parseLock(text, 'lock.json'))).toBe(text);
    expect(
      formatLock({
        lockfileVersion: 1,
        servers: { docs: lockServer(listing([ping, search]), 'stdio', { roots: {} }) },
      }),
    ).toBe(text);
  });

  it('refuses a lock it cannot use, saying how to write it again', () => {
    expect(() =>
      parseLock('{ "lockfileVersion": 1, ', 'generated/app/mcp-tools.lock.json'),
    ).toThrow(LockError);
    expect(() =>
      parseLock('{ "lockfileVersion": 1, ', 'generated/app/mcp-tools.lock.json'),
    ).toThrow(
      /^generated\/app\/mcp-tools\.lock\.json:1:25: the lock is not valid JSON \(.*\); restore it from version control, or write it again with tool-catalog drift --mcp --update\.$/,
    );
    expect(() => parseLock('{ "lockfileVersion": 2, "servers": {} }', 'lock.json')).toThrow(
      'lock.json is not an MCP tools lock of version 1',
    );
    expect(() =>
      parseLock(
        '{ "lockfileVersion": 1, "servers": { "docs": { "tools": { "a": {} }, "clientCapabilities": {} } } }',
        'lock.json',
      ),
    ).toThrow(
      'lock.json:1:38: server \'docs\': "transport" is missing (it must be one of stdio, http, sse, sdk); write it again with tool-catalog drift --mcp --update docs.',
    );
  });
});

const candidate = (name: string, inputSchema: object, description?: string): RenameCandidate => ({
  name,
  description,
  hash: schemaHash(inputSchema),
  summary: summarizeSchema(inputSchema),
});
const sumSchema = {
  type: 'object',
  properties: { a: { type: 'number' }, b: { type: 'number' } },
  required: ['a', 'b'],
};
const none = { type: 'object', properties: {} };

describe('probable renames', () => {
  it('pairs an identical schema with an unlike name, and a like name with a changed schema', () => {
    const renames = probableRenames(
      [
        candidate('get-sum', sumSchema, 'Returns the sum of two numbers'),
        candidate('triggerLongOperation', {
          type: 'object',
          properties: { duration: { type: 'number' }, steps: { type: 'number' } },
        }),
      ],
      [
        candidate('add-numbers', sumSchema, 'Returns the sum of two numbers'),
        candidate('trigger-long-running-operation', {
          type: 'object',
          properties: {
            duration: { type: 'number' },
            steps: { type: 'number' },
            label: { type: 'string' },
          },
        }),
        candidate('fetch-weather', { type: 'object', properties: { city: { type: 'string' } } }),
      ],
    );
    expect(renames.map((r) => `${r.from} → ${r.to}: ${r.evidence.join('; ')}`)).toEqual([
      'get-sum → add-numbers: identical input schema; name similarity 0.27; description overlap 1.00',
      'triggerLongOperation → trigger-long-running-operation: 67% of property paths and types shared; name similarity 0.75',
    ]);
  });

  it('does not pair tools on a schema without properties that many share, and leaves weak pairs out', () => {
    const renames = probableRenames(
      [candidate('get-env', none), candidate('get-tiny-image', none)],
      [candidate('toggle-logging', none), candidate('get-small-picture', none)],
    );
    expect(renames).toEqual([]);
  });

  it('uses the name alone when no schema is known, and needs it to be close', () => {
    expect(
      probableRenames([{ name: 'search_docs' }], [candidate('search-docs', none)]).map((r) => r.to),
    ).toEqual(['search-docs']);
    expect(probableRenames([{ name: 'search_docs' }], [candidate('delete_page', none)])).toEqual(
      [],
    );
  });
});
