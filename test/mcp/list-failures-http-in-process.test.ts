// Listing an HTTP or SSE server that refuses, locks out or stays mute, or an in-process server module
// that gives no server or answers with what JSON cannot hold, ends in a clear error naming the server,
// the phase and why; an HTTP listing sends the headers the config names.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import type { ResolvedMcpServer } from '../../plugin/load/mcp-config';
import { removeTempDirs, tempDir, writeFiles } from '../support/files';
import { failure, LIMITS, SHORT } from './list-failures-support';

afterAll(removeTempDirs);

describe.concurrent('an HTTP server that fails', () => {
  const servers: Server[] = [];
  afterAll(() =>
    Promise.all(
      servers.map(
        (s) =>
          new Promise((done) => {
            s.closeAllConnections();
            s.close(done);
          }),
      ),
    ),
  );
  /** A local server that answers every request with `handler`; its URL. */
  async function httpServer(
    handler: Parameters<typeof createServer>[1],
    keep = true,
  ): Promise<string> {
    const server = createServer(handler);
    await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    if (keep) servers.push(server);
    else await new Promise((closed) => server.close(closed));
    return url;
  }
  const http = (name: string, type: 'http' | 'sse', url: string, headers = {}) =>
    ({ ...LIMITS, name, type, url, headers }) as ResolvedMcpServer;

  it('refuses the connection', async () => {
    const url = await httpServer(() => {}, false);
    const error = await failure(http('closed', 'http', `${url}/mcp`));
    expect(error.details).toMatchObject({ phase: 'initialize', kind: 'connection-refused' });
  });

  it('refuses the credentials', async () => {
    const url = await httpServer((_req, res) => res.writeHead(401).end());
    const error = await failure(http('locked', 'http', `${url}/mcp`));
    expect(error.details).toMatchObject({
      kind: 'unauthorized',
      reason: 'the server refused the credentials (HTTP 401).',
    });
  });

  it('accepts the SSE connection and never sends its endpoint: the deadline still ends it', async () => {
    const url = await httpServer((_req, res) =>
      res.writeHead(200, { 'content-type': 'text/event-stream' }).flushHeaders(),
    );
    const error = await failure({
      ...http('mute', 'sse', `${url}/sse`),
      connectTimeoutMs: SHORT,
    } as ResolvedMcpServer);
    expect(error.details).toMatchObject({
      phase: 'connect',
      kind: 'timeout',
      reason: 'no answer from the server within 400 ms.',
    });
  });

  it('sends each configured header, read from the environment', async () => {
    let seen: string | undefined;
    const url = await httpServer((req, res) => {
      seen = req.headers.authorization;
      res.writeHead(404).end();
    });
    process.env.TOOL_CATALOG_TEST_TOKEN = 'secret-123';
    const error = await failure(
      http('headers', 'http', `${url}/mcp`, {
        Authorization: { env: 'TOOL_CATALOG_TEST_TOKEN', prefix: 'Bearer ' },
      }),
    );
    expect(error.details.kind).toBe('not-found');
    expect(seen).toBe('Bearer secret-123');
  });
});

describe('an in-process server that answers with what JSON cannot hold', () => {
  it('is a clear error, as the same answer over a wire would be', async () => {
    const dir = await tempDir('mcp-cyclic');
    // A connectable server written by hand: its tool's schema refers to itself.
    writeFiles(dir, {
      'server.mjs': `export function createServer() {
  let wire;
  return {
    async connect(transport) {
      wire = transport;
      transport.onmessage = (m) => {
        if (m.method === 'initialize')
          return transport.send({ jsonrpc: '2.0', id: m.id, result: { protocolVersion: m.params.protocolVersion, capabilities: { tools: {} }, serverInfo: { name: 'cyclic', version: '1' } } });
        if (m.method !== 'tools/list') return;
        const schema = { type: 'object' };
        schema.properties = { self: schema };
        transport.send({ jsonrpc: '2.0', id: m.id, result: { tools: [{ name: 'loop', inputSchema: schema }] } });
      };
      await transport.start();
    },
    async close() { await wire?.close(); },
  };
}
`,
    });
    const error = await failure({
      ...LIMITS,
      name: 'cyclic',
      type: 'sdk',
      module: './server.mjs',
      export: 'createServer',
      resolveDir: dir,
    } as ResolvedMcpServer);
    expect(error.details).toMatchObject({ phase: 'tools/list', kind: 'server-error' });
    expect(error.details.reason).toMatch(
      /^the server answered with error -32603: the server's message cannot be written as JSON \(Converting circular structure to JSON/,
    );
  });
});

describe('an in-process server module that gives no server', () => {
  it('names what the module exports, and what it returned', async () => {
    const dir = await tempDir('mcp-module');
    writeFiles(dir, {
      'server.mjs':
        'export const notAServer = () => ({ name: "x" });\nexport function throws() { throw new Error("no database"); }\n',
    });
    const sdk = (exportName: string) =>
      ({
        ...LIMITS,
        name: 'app',
        type: 'sdk',
        module: './server.mjs',
        export: exportName,
        resolveDir: dir,
      }) as ResolvedMcpServer;
    expect((await failure(sdk('createServer'))).details).toMatchObject({
      phase: 'load',
      kind: 'load-failed',
      reason:
        "the module has no export 'createServer'; it exports notAServer, throws. Set 'export' in the config to the function that builds the server.",
    });
    expect((await failure(sdk('throws'))).details.reason).toBe(
      'the export threw while building the server: no database',
    );
    expect((await failure(sdk('notAServer'))).details.reason).toBe(
      'its export gave an object with name, not a server; return createSdkMcpServer({ name, tools }) or an MCP server (an object with connect and close).',
    );
  });
});
