// A stand-in for the Anthropic Messages API on a random loopback port: it records what the runtime
// sends and streams scripted replies, so a real runtime runs offline. One server serves many runs,
// each under its own secret path prefix (`/run/<secret>`) and API key, which only the runtime it
// started knows: another local process cannot post a request that counts, and bodies are bounded.
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { AGENT } from '../runtime/agent-offer.js';
import { SKILL } from '../runtime/offer.js';
import { refuseRequest } from './refuse-request.js';

/** The part of a Messages API request body verify reads. */
export interface MessagesRequest {
  readonly stream?: boolean;
  readonly system?: unknown;
  readonly tools?: readonly { readonly name: string; readonly input_schema?: unknown }[];
  readonly messages?: readonly { readonly role: string; readonly content: unknown }[];
}

interface RunChannel {
  readonly baseUrl: string;
  /** The API key the runtime must send (`x-api-key`); a request without it is refused and not recorded. */
  readonly apiKey: string;
  /** Main-turn request bodies, in order (the runtime's own side requests are left out). */
  readonly turns: MessagesRequest[];
  /** Each delegated subagent's first request, by subagent name. */
  readonly subagentTurns: ReadonlyMap<string, MessagesRequest>;
  /** Every request of the delegated subagents, in order (the tool results of their calls are in the later ones). */
  readonly subagentRequests: readonly MessagesRequest[];
  close(): void;
}

interface RunScript {
  /** The first main turn calls this tool. */
  readonly emit?: string;
  /** The first main turn starts each of these subagents with the Agent tool, in parallel calls. */
  readonly delegate?: readonly string[];
  /** And runs each of these skills with the Skill tool, in the same turn. */
  readonly skills?: readonly string[];
  /**
   * The subagent that calls `emit` in its first turn instead of the main turn (which starts it): the
   * runtime names it to the PreToolUse hook.
   */
  readonly emitFrom?: string;
}

export interface FakeApi {
  /** A channel for one run; the first main turn answers as `script` says, then every turn ends. */
  open(script?: RunScript): RunChannel;
  stop(): Promise<void>;
}

let ids = 0;
const id = (prefix: string) => `${prefix}_verify${(ids++).toString(36)}`;
const secret = () => randomBytes(18).toString('base64url');

/** Requests larger than this are refused: the runtime's own requests are well under a megabyte. */
export const MAX_REQUEST_BYTES = 16 * 1024 * 1024;

/** The system prompt without its per-request billing block: the same for every main turn of one run. */
function fingerprint(body: MessagesRequest): string {
  const blocks = Array.isArray(body.system)
    ? (body.system as { text?: string }[])
    : [{ text: String(body.system ?? '') }];
  return JSON.stringify(
    blocks
      .filter((b) => !String(b.text).startsWith('x-anthropic-billing-header'))
      .map((b) => b.text),
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
  const usage = {
    input_tokens: 1,
    output_tokens: 1,
    cache_creation_input_tokens: 0,
    cache_read_input_tokens: 0,
  };
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
  send('message_delta', {
    delta: { stop_reason: stopReason, stop_sequence: null },
    usage: { output_tokens: 1 },
  });
  send('message_stop', {});
  res.end();
}

interface RunState {
  readonly apiKey: string;
  readonly emit?: string;
  readonly emitFrom?: string;
  /** The emitting subagent's call was answered (its next request carries the result). */
  emitAnswered: boolean;
  readonly subagentRequests: MessagesRequest[];
  delegate: readonly string[];
  readonly skills: readonly string[];
  readonly turns: MessagesRequest[];
  readonly subagentTurns: Map<string, MessagesRequest>;
  /** Called when a subagent's first request arrives. */
  readonly waiting: Set<() => void>;
  system?: string;
}

/** The task a delegated subagent is given starts with this, then its name: how its requests are told apart. */
const DELEGATION_MARK = 'tool-catalog verify delegates to subagent ';
/** The runtime's names for the tool that starts a subagent, newest first. */
const AGENT_TOOLS = [AGENT, 'Task'];
/**
 * How long the main turn after the delegation waits for the subagents' first requests: newer runtimes
 * start subagents in the background and would otherwise end the session before they ask anything.
 */
const SUBAGENT_WAIT_MS = 60_000;

/** The subagent a request belongs to: the one whose delegation mark its first user message carries. */
function delegatedSubagent(run: RunState, body: MessagesRequest): string | undefined {
  const first = body.messages?.[0];
  if (run.delegate.length === 0 || first?.role !== 'user') return undefined;
  const text =
    typeof first.content === 'string' ? first.content : JSON.stringify(first.content ?? '');
  return run.delegate.find((name) => text.includes(`${DELEGATION_MARK}${name}.`));
}

/**
 * The first main turn's reply: the emitted call, or one Agent call per subagent and one Skill call
 * per skill, or plain text.
 */
function firstReply(
  run: RunState,
  body: MessagesRequest,
): { content: Record<string, unknown>[]; stop: string } {
  const tools = body.tools ?? [];
  if (run.emit !== undefined && run.emitFrom === undefined) {
    const tool = tools.find((t) => t.name === run.emit);
    const input = tool ? sampleInput(tool.input_schema) : {};
    return {
      content: [{ type: 'tool_use', id: id('toolu'), name: run.emit, input }],
      stop: 'tool_use',
    };
  }
  const agentTool = AGENT_TOOLS.find((name) => tools.some((t) => t.name === name));
  // Without the Agent tool no subagent starts: the later turns wait for none.
  if (agentTool === undefined) run.delegate = [];
  const delegations = run.delegate.map((name) => ({
    type: 'tool_use',
    id: id('toolu'),
    name: agentTool,
    input: {
      description: `verify ${name}`,
      prompt: `${DELEGATION_MARK}${name}. Reply done.`,
      subagent_type: name,
    },
  }));
  const skillCalls = (tools.some((t) => t.name === SKILL) ? run.skills : []).map((skill) => ({
    type: 'tool_use',
    id: id('toolu'),
    name: SKILL,
    input: { skill },
  }));
  const calls = [...delegations, ...skillCalls];
  if (calls.length === 0) return { content: [{ type: 'text', text: 'done' }], stop: 'end_turn' };
  return { content: calls, stop: 'tool_use' };
}

/** Resolves once every delegated subagent has asked (and an emitting one was answered), or after the wait. */
function subagentsAsked(run: RunState): Promise<void> {
  const done = () =>
    run.delegate.every((name) => run.subagentTurns.has(name)) &&
    (run.emitFrom === undefined || run.emitAnswered || run.delegate.length === 0);
  if (done()) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(finish, SUBAGENT_WAIT_MS);
    function finish() {
      clearTimeout(timer);
      run.waiting.delete(check);
      resolve();
    }
    function check() {
      if (done()) finish();
    }
    run.waiting.add(check);
  });
}

export async function startFakeApi(): Promise<FakeApi> {
  const runs = new Map<string, RunState>();
  const sockets = new Set<Socket>();
  const server = http.createServer((req, res) => {
    const match = /^\/run\/([^/?]+)(\/[^?]*)?/.exec(req.url ?? '');
    const run = match ? runs.get(match[1]!) : undefined;
    // Only the runtime this run started knows both secrets; anyone else is refused before a byte is read.
    if (!run || req.headers['x-api-key'] !== run.apiKey) {
      refuseRequest(req, res, 401, { type: 'authentication_error', message: 'unknown run' });
      return;
    }
    // A body over the limit is refused as soon as its declared length or what arrived passes it,
    // without reading the rest as a request.
    const refuseTooLarge = () =>
      refuseRequest(req, res, 413, {
        type: 'request_too_large',
        message: `request bodies are limited to ${MAX_REQUEST_BYTES} bytes`,
      });
    if (Number(req.headers['content-length'] ?? 0) > MAX_REQUEST_BYTES) {
      refuseTooLarge();
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      if (size > MAX_REQUEST_BYTES) return;
      size += c.length;
      if (size > MAX_REQUEST_BYTES) {
        chunks.length = 0;
        refuseTooLarge();
        return;
      }
      chunks.push(c);
    });
    req.on('error', () => res.destroy());
    req.on('end', () => {
      if (size > MAX_REQUEST_BYTES) return;
      const route = match?.[2] ?? '/';
      let body: MessagesRequest = {};
      try {
        body =
          chunks.length > 0
            ? (JSON.parse(Buffer.concat(chunks).toString('utf8')) as MessagesRequest)
            : {};
      } catch {
        // A body that is not JSON gets the neutral answer below.
      }
      const model = String((body as { model?: unknown }).model ?? 'verify');
      const subagent = delegatedSubagent(run, body);
      if (req.method !== 'POST') {
        res
          .writeHead(200, { 'content-type': 'application/json' })
          .end(req.method === 'HEAD' ? undefined : '{}');
      } else if (route === '/v1/messages/count_tokens') {
        res
          .writeHead(200, { 'content-type': 'application/json' })
          .end(JSON.stringify({ input_tokens: 1 }));
      } else if (route === '/v1/messages' && body.stream === true && subagent !== undefined) {
        // A delegated subagent's request: its first one is what it was offered; every one ends at once,
        // but the emitting subagent's first, which calls the tool.
        run.subagentRequests.push(body);
        const first = !run.subagentTurns.has(subagent) && Array.isArray(body.tools);
        if (first) run.subagentTurns.set(subagent, body);
        else if (subagent === run.emitFrom) run.emitAnswered = true;
        for (const check of [...run.waiting]) check();
        if (first && subagent === run.emitFrom && run.emit !== undefined) {
          const tool = body.tools!.find((t) => t.name === run.emit);
          const input = tool ? sampleInput(tool.input_schema) : {};
          const call = { type: 'tool_use', id: id('toolu'), name: run.emit, input };
          streamReply(res, model, [call], 'tool_use');
        } else streamReply(res, model, [{ type: 'text', text: 'done' }], 'end_turn');
      } else if (
        route === '/v1/messages' &&
        body.stream === true &&
        Array.isArray(body.tools) &&
        (run.system === undefined || run.system === fingerprint(body))
      ) {
        // A main turn: the conversation's own system prompt and a tools array (the runtime's side requests differ).
        run.system ??= fingerprint(body);
        run.turns.push(body);
        if (run.turns.length === 1) {
          const reply = firstReply(run, body);
          streamReply(res, model, reply.content, reply.stop);
        } else
          void subagentsAsked(run).then(() =>
            streamReply(res, model, [{ type: 'text', text: 'done' }], 'end_turn'),
          );
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
    open(script = {}) {
      const key = secret();
      const state: RunState = {
        apiKey: secret(),
        ...(script.emit !== undefined ? { emit: script.emit } : {}),
        ...(script.emitFrom !== undefined ? { emitFrom: script.emitFrom } : {}),
        emitAnswered: false,
        subagentRequests: [],
        // The emitting subagent is started by the main turn.
        delegate: script.emitFrom !== undefined ? [script.emitFrom] : (script.delegate ?? []),
        skills: script.skills ?? [],
        turns: [],
        subagentTurns: new Map(),
        waiting: new Set(),
      };
      runs.set(key, state);
      return {
        baseUrl: `http://127.0.0.1:${port}/run/${key}`,
        apiKey: state.apiKey,
        turns: state.turns,
        subagentTurns: state.subagentTurns,
        subagentRequests: state.subagentRequests,
        close: () => {
          runs.delete(key);
          // A main turn still waiting for subagents is answered now.
          state.delegate = [];
          for (const check of [...state.waiting]) check();
        },
      };
    },
    async stop() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
