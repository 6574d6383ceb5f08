// Request bodies over the fake API's size limit are refused with 413 as soon as they pass it (or at once
// when their length is declared), never read to their end first, and nothing of them is counted.
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeApi, MAX_REQUEST_BYTES, startFakeApi } from '../../plugin/verify/fake-api';
import { within } from './fake-runtime';

let api: FakeApi;
beforeAll(async () => {
  api = await startFakeApi();
});
afterAll(() => api.stop());

interface Answer {
  readonly status: number | undefined;
  /** Body bytes written before the answer came. */
  readonly sent: number;
  readonly body: string;
}

/** How much the client below sends at most: far past the limit, so a server that reads on is caught. */
const SEND_AT_MOST = 4 * MAX_REQUEST_BYTES;

/**
 * Posts to `url` with the run's key, writing 64 KiB chunks until the server answers; the body ends
 * only after `SEND_AT_MOST` bytes.
 */
function post(url: string, apiKey: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const chunk = Buffer.alloc(64 * 1024, 'x');
    let sent = 0;
    let answered = false;
    const req = http.request(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': apiKey },
    });
    req.on('response', (res) => {
      answered = true;
      let body = '';
      res.on('data', (c: Buffer) => (body += String(c)));
      res.on('end', () => resolve({ status: res.statusCode, sent, body }));
      res.on('error', () => resolve({ status: res.statusCode, sent, body }));
    });
    // The server closing the connection on a body it refused is expected; before an answer it is not.
    req.on('error', (error) => {
      if (!answered) reject(error);
    });
    const write = () => {
      while (!answered && !req.destroyed) {
        if (sent >= SEND_AT_MOST) return void req.end();
        sent += chunk.length;
        if (!req.write(chunk)) return void req.once('drain', write);
      }
    };
    write();
  });
}

describe('a request body over the size limit', () => {
  it('refused with 413 once it passes the limit, before it ends, and not counted', {
    timeout: 60_000,
  }, async () => {
    const channel = api.open();
    const answer = await within(
      post(`${channel.baseUrl}/v1/messages`, channel.apiKey),
      'the server to answer an over-size body',
      30_000,
    );
    expect(answer.status).toBe(413);
    expect(answer.body).toMatch(/request_too_large/);
    expect(answer.sent).toBeGreaterThan(MAX_REQUEST_BYTES);
    // Answered while the body was still coming: the server did not read on to its end.
    expect(answer.sent).toBeLessThan(SEND_AT_MOST);
    expect(channel.turns).toEqual([]);
    channel.close();
  });

  it('ends the connection without a reset while the client still sends after the answer', {
    timeout: 60_000,
  }, async () => {
    const channel = api.open();
    const chunk = Buffer.alloc(64 * 1024, 'x');
    // The client reads the answer, then goes on sending (4 MB more) until its request closes: a server
    // that closed the connection at once would have it reset, and a reset can overtake the answer.
    const outcome = await within(
      new Promise<{ status?: number; error?: string }>((resolve) => {
        const req = http.request(`${channel.baseUrl}/v1/messages`, {
          method: 'POST',
          headers: { 'x-api-key': channel.apiKey },
        });
        let status: number | undefined;
        let error: string | undefined;
        req.on('error', (e: NodeJS.ErrnoException) => (error ??= e.code ?? e.message));
        req.on('close', () => resolve({ status, ...(error ? { error } : {}) }));
        let sent = 0;
        let after = 0;
        const send = () => {
          while (
            !req.destroyed &&
            (status === undefined ? sent <= 2 * MAX_REQUEST_BYTES : after < 64)
          ) {
            if (status === undefined) sent += chunk.length;
            else after++;
            if (!req.write(chunk)) return void req.once('drain', send);
          }
          if (!req.destroyed) req.end();
        };
        req.on('response', (res) => {
          status = res.statusCode;
          res.resume();
        });
        send();
      }),
      'the over-size request to close',
      30_000,
    );
    expect(outcome).toEqual({ status: 413 });
    channel.close();
  });

  it('declared in content-length: refused with 413 before the body is sent', {
    timeout: 60_000,
  }, async () => {
    const channel = api.open();
    // The body is never sent past its first bytes: an answer can only come from the declared length.
    const answer = await within(
      new Promise<Answer>((resolve, reject) => {
        const req = http.request(`${channel.baseUrl}/v1/messages`, {
          method: 'POST',
          headers: { 'x-api-key': channel.apiKey, 'content-length': MAX_REQUEST_BYTES + 1 },
        });
        req.on('response', (res) => {
          let body = '';
          res.on('data', (c: Buffer) => (body += String(c)));
          res.on('end', () => resolve({ status: res.statusCode, sent: 1, body }));
        });
        req.on('error', reject);
        req.write('{');
      }),
      'the server to answer a declared over-size body',
      30_000,
    );
    expect(answer.status).toBe(413);
    expect(channel.turns).toEqual([]);
    channel.close();
  });

  it('a body at the limit is still read', { timeout: 60_000 }, async () => {
    const channel = api.open();
    const padding = ' '.repeat(MAX_REQUEST_BYTES - 200);
    const body = `{"stream":true,"tools":[{"name":"Read"}],"system":"s","messages":[]${padding}}`;
    expect(Buffer.byteLength(body)).toBeLessThanOrEqual(MAX_REQUEST_BYTES);
    const res = await fetch(`${channel.baseUrl}/v1/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': channel.apiKey },
      body,
    });
    await res.text();
    expect(res.status).toBe(200);
    expect(channel.turns.map((t) => t.tools?.map((tool) => tool.name))).toEqual([['Read']]);
    channel.close();
  });
});
