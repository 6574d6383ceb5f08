// A server that never stops sending — an HTTP response body, an SSE event stream, a line on stdout —
// ends the listing as soon as it passes the limit of one answer: a clear error, the connection
// dropped, and never more read than the limit (the deadline is far away, so only the limit can end it).
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { ResolvedMcpServer } from '../../plugin/load/mcp-config';
import { MAX_BODY_BYTES, MAX_LINE_BYTES } from '../../plugin/mcp/answer-limit';
import { McpListError } from '../../plugin/mcp/list-failure';
import { listServerTools } from '../../plugin/mcp/list-tools';
import { removeTempDirs, tempDir } from '../support/files';
import { FIXTURES, REPO } from '../support/paths';
import { pidsIn, stillRunning } from '../support/processes';

const FAR = { clientCapabilities: {}, connectTimeoutMs: 600_000, listTimeoutMs: 600_000 };
/** What may be in flight beyond the limit when the client stops reading: socket buffers on both sides. */
const SLACK = 16 * 1024 * 1024;

const servers: Server[] = [];
afterAll(async () => {
  await removeTempDirs();
  await Promise.all(
    servers.map(
      (s) =>
        new Promise((done) => {
          s.closeAllConnections();
          s.close(done);
        }),
    ),
  );
});

/** Writes `chunk` into `res` for ever, as fast as the client reads; `sent` counts what the response accepted. */
function pour(res: ServerResponse, chunk: Buffer, sent: { bytes: number; closed: boolean }): void {
  const more = () => {
    while (!sent.closed) {
      sent.bytes += chunk.length;
      if (!res.write(chunk)) return void res.once('drain', more);
    }
  };
  res.once('close', () => (sent.closed = true));
  more();
}

/** A local server whose every answer is `start` and then `chunk` for ever. */
async function endless(contentType: string, start: string, chunk: string) {
  const sent = { bytes: 0, closed: false };
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': contentType });
    res.write(start);
    pour(res, Buffer.from(chunk.repeat(64 * 1024)), sent);
  });
  servers.push(server);
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, sent };
}

async function failure(config: ResolvedMcpServer): Promise<McpListError> {
  const error = await listServerTools(config).then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof McpListError))
    throw new Error(`expected an McpListError, got ${String(error)}`);
  return error;
}

describe.concurrent('an answer that never ends', () => {
  it('over HTTP: a JSON body is cut at the limit', async () => {
    const { url, sent } = await endless(
      'application/json',
      '{"jsonrpc":"2.0","id":0,"result":{"x":"',
      'x',
    );
    const error = await failure({
      ...FAR,
      name: 'flood',
      type: 'http',
      url: `${url}/mcp`,
      headers: {},
    } as ResolvedMcpServer);
    expect(error.details).toMatchObject({
      phase: 'initialize',
      kind: 'invalid-answer',
      reason:
        'the server sent more than 32 MiB in one HTTP response, more than any tool list needs; drift stopped reading it.',
    });
    expect(sent.bytes).toBeGreaterThan(MAX_BODY_BYTES);
    expect(sent.bytes).toBeLessThan(MAX_BODY_BYTES + SLACK);
  });

  it('over SSE: an event stream whose event never ends is cut at the limit', async () => {
    const { url, sent } = await endless('text/event-stream', 'event: endpoint\ndata: ', 'y');
    const error = await failure({
      ...FAR,
      name: 'stream',
      type: 'sse',
      url: `${url}/sse`,
      headers: {},
    } as ResolvedMcpServer);
    expect(error.details).toMatchObject({ phase: 'connect', kind: 'invalid-answer' });
    expect(error.message).toContain('more than 32 MiB in one HTTP response');
    expect(error.message).toContain(
      "Fix: check that 'url' of this server points at an MCP endpoint",
    );
    expect(sent.bytes).toBeLessThan(MAX_BODY_BYTES + SLACK);
  });

  it('over stdio: a line without a newline is cut at the limit and the server stopped', async () => {
    const pidFile = path.join(await tempDir('mcp-flood'), 'pids');
    const script = `require('fs').appendFileSync(process.env.PID_FILE, process.pid + '\\n');
const chunk = Buffer.alloc(1 << 16, 120);
const more = () => { while (process.stdout.write(chunk)); process.stdout.once('drain', more); };
process.stdin.once('data', more);`;
    const error = await failure({
      ...FAR,
      name: 'chatty',
      type: 'stdio',
      command: 'node',
      args: ['-e', script],
      env: { PID_FILE: pidFile },
      cwd: REPO,
    } as ResolvedMcpServer);
    expect(error.details).toMatchObject({ phase: 'initialize', kind: 'invalid-answer' });
    expect(error.details.reason).toBe(
      `the server sent more than ${MAX_LINE_BYTES / 1024 / 1024} MiB on one line of stdout, more than any tool list needs; drift stopped reading it.`,
    );
    expect(stillRunning(pidsIn(pidFile))).toEqual([]);
  });
});

describe('an answer within the limit', () => {
  it('is read as before: the fixture server lists its tools over stdio', async () => {
    const listed = await listServerTools({
      ...FAR,
      name: 'paged',
      type: 'stdio',
      command: 'node',
      args: [path.join(FIXTURES, 'mcp/misbehaving-server.mjs'), 'paged', '5'],
      env: {},
      cwd: REPO,
    } as ResolvedMcpServer);
    expect(listed.tools.map((t) => t.name)).toEqual(['t00', 't01', 't02', 't03', 't04']);
  });
});
