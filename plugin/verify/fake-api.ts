// A stand-in for the Anthropic Messages API on a random loopback port: it records what the runtime
// sends and streams scripted replies, so a real runtime runs offline. One server serves many runs,
// each under its own path prefix (`/run/<id>`), which the runtime keeps in every request.
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/** The part of a Messages API request body verify reads. */
export interface MessagesRequest {
  readonly stream?: boolean;
  readonly system?: unknown;
  readonly tools?: readonly { readonly name: string; readonly input_schema?: unknown }[];
  readonly messages?: readonly { readonly role: string; readonly content: unknown }[];
}

export interface RunChannel {
  readonly baseUrl: string;
  /** Main-turn request bodies, in order (the runtime's own side requests are left out). */
  readonly turns: MessagesRequest[];
  close(): void;
}

export interface FakeApi {
  /** A channel for one run; the first main turn answers with a call of `emit` when given, then every turn ends. */
  open(emit?: string): RunChannel;
  stop(): Promise<void>;
}

let ids = 0;
const id = (prefix: string) => `${prefix}_verify${(ids++).toString(36)}`;

/** The system prompt without its per-request billing block: the same for every main turn of one run. */
function fingerprint(body: MessagesRequest): string {
  const blocks = Array.isArray(body.system)
    ? (body.system as { text?: string }[])
    : [{ text: String(body.system ?? '') }];
  return JSON.stringify(
    blocks.filter((b) => !String(b.text).startsWith('x-anthropic-billing-header')).map((b) => b.text),
  );
}

/** A small value that satisfies a JSON schema's required fields, so an emitted call passes input validation. */
export function sampleInput(schema: unknown): unknown {
  const s = (schema ?? {}) as Record<string, unknown>;
  const variants = (s.anyOf ?? s.oneOf) as unknown[] | undefined;
  if (Array.isArray(variants) && variants.length > 0) return sampleInput(variants[0]);
  if (Array.isArray(s.enum) && s.enum.length > 0) return s.enum[0];
  if ('const' in s) return s.const;
  const type = Array.isArray(s.type) ? s.type[0] : s.type;
  switch (type) {
    case 'string':
      return 'verify';
    case 'number':
    case 'integer':
      return typeof s.minimum === 'number' ? s.minimum : 1;
    case 'boolean':
      return false;
    case 'array':
      return [];
    case 'null':
      return null;
    default: {
      const properties = (s.properties ?? {}) as Record<string, unknown>;
      const required = Array.isArray(s.required) ? (s.required as string[]) : [];
      return Object.fromEntries(required.map((name) => [name, sampleInput(properties[name])]));
    }
  }
}

function streamReply(
  res: http.ServerResponse,
  model: string,
  content: Record<string, unknown>[],
  stopReason: string,
): void {
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  const send = (type: string, data: Record<string, unknown>) =>
    res.write(`event: ${type}\ndata: ${JSON.stringify({ type, ...data })}\n\n`);
  const usage = { input_tokens: 1, output_tokens: 1, cache_creation_input_tokens: 0, cache_read_input_tokens: 0 };
  send('message_start', {
    message: {
      id: id('msg'),
      type: 'message',
      role: 'assistant',
      model,
      content: [],
      stop_reason: null,
      stop_sequence: null,
      usage,
    },
  });
  content.forEach((block, index) => {
    if (block.type === 'tool_use') {
      send('content_block_start', { index, content_block: { ...block, input: {} } });
      send('content_block_delta', {
        index,
        delta: { type: 'input_json_delta', partial_json: JSON.stringify(block.input) },
      });
    } else {
      send('content_block_start', { index, content_block: { type: 'text', text: '' } });
      send('content_block_delta', { index, delta: { type: 'text_delta', text: block.text } });
    }
    send('content_block_stop', { index });
  });
  send('message_delta', { delta: { stop_reason: stopReason, stop_sequence: null }, usage: { output_tokens: 1 } });
  send('message_stop', {});
  res.end();
}

interface RunState {
  readonly emit?: string;
  readonly turns: MessagesRequest[];
  system?: string;
}

export async function startFakeApi(): Promise<FakeApi> {
  const runs = new Map<string, RunState>();
  const sockets = new Set<Socket>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('error', () => res.destroy());
    req.on('end', () => {
      const match = /^\/run\/([^/?]+)(\/[^?]*)?/.exec(req.url ?? '');
      const run = match ? runs.get(match[1]!) : undefined;
      const route = match?.[2] ?? '/';
      let body: MessagesRequest = {};
      try {
        body = chunks.length > 0 ? (JSON.parse(Buffer.concat(chunks).toString('utf8')) as MessagesRequest) : {};
      } catch {
        // A body that is not JSON gets the neutral answer below.
      }
      const model = String((body as { model?: unknown }).model ?? 'verify');
      if (req.method !== 'POST') {
        res.writeHead(200, { 'content-type': 'application/json' }).end(req.method === 'HEAD' ? undefined : '{}');
      } else if (route === '/v1/messages/count_tokens') {
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ input_tokens: 1 }));
      } else if (
        route === '/v1/messages' &&
        run &&
        body.stream === true &&
        Array.isArray(body.tools) &&
        (run.system === undefined || run.system === fingerprint(body))
      ) {
        // A main turn: the conversation's own system prompt and a tools array (the runtime's side requests differ).
        run.system ??= fingerprint(body);
        run.turns.push(body);
        const tool =
          run.turns.length === 1 && run.emit !== undefined ? body.tools.find((t) => t.name === run.emit) : undefined;
        if (run.turns.length === 1 && run.emit !== undefined)
          streamReply(
            res,
            model,
            [{ type: 'tool_use', id: id('toolu'), name: run.emit, input: tool ? sampleInput(tool.input_schema) : {} }],
            'tool_use',
          );
        else streamReply(res, model, [{ type: 'text', text: 'done' }], 'end_turn');
      } else if (route === '/v1/messages' && body.stream === true) {
        streamReply(res, model, [{ type: 'text', text: 'ok' }], 'end_turn');
      } else {
        res.writeHead(404, { 'content-type': 'application/json' }).end(
          JSON.stringify({
            type: 'error',
            error: { type: 'not_found_error', message: 'not served by tool-catalog verify' },
          }),
        );
      }
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    open(emit) {
      const key = id('run');
      const state: RunState = { ...(emit !== undefined ? { emit } : {}), turns: [] };
      runs.set(key, state);
      return { baseUrl: `http://127.0.0.1:${port}/run/${key}`, turns: state.turns, close: () => runs.delete(key) };
    },
    async stop() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
