// The transport for one configured server: a process-group stdio transport, the SDK's Streamable
// HTTP or SSE client transport, or an in-memory pair wired to an in-process server. Values the
// config reads from the environment are read here, at the last moment.
import path from 'node:path';
import { getDefaultEnvironment } from '@modelcontextprotocol/sdk/client/stdio.js';
import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { ErrorCode, type JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import type { McpEnvValue } from '../language/config.js';
import type { ResolvedMcpServer } from '../load/mcp-config.js';
import { relativePosix } from '../text/spelling.js';
import {
  InProcessServerError,
  loadInProcessServer,
  type ConnectableServer,
} from './in-process-server.js';
import { type AnswerTooLarge, limitedFetch } from './answer-limit.js';
import { ProcessGroupTransport } from './stdio-transport.js';

/**
 * The client's side of an in-process pair, with every message from the server passed through JSON
 * as a real transport passes it: the lock records what a wire would carry, and an answer JSON cannot
 * hold (a cycle, a BigInt, a value nested too deep to write) becomes an error answer saying so.
 */
class JsonWire implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;

  constructor(private readonly inner: Transport) {}

  async start(): Promise<void> {
    this.inner.onclose = () => this.onclose?.();
    this.inner.onerror = (error) => this.onerror?.(error);
    this.inner.onmessage = (message) => {
      let copy: JSONRPCMessage;
      try {
        copy = JSON.parse(JSON.stringify(message)) as JSONRPCMessage;
      } catch (error) {
        const id = (message as { id?: unknown }).id;
        const why =
          `the server's message cannot be written as JSON (` +
          `${error instanceof RangeError ? 'it is nested too deep' : (error as Error).message})`;
        if (typeof id !== 'string' && typeof id !== 'number') return this.onerror?.(new Error(why));
        copy = { jsonrpc: '2.0', id, error: { code: ErrorCode.InternalError, message: why } };
      }
      this.onmessage?.(copy);
    };
    await this.inner.start();
  }

  send(message: JSONRPCMessage): Promise<void> {
    return this.inner.send(message);
  }

  close(): Promise<void> {
    return this.inner.close();
  }
}

/** An environment variable the config reads is not set. */
export class MissingEnvironmentError extends Error {
  override name = 'MissingEnvironmentError';
}

export interface OpenedTransport {
  readonly transport: Transport;
  /** The stdio transport, for the exit code and stderr of a failed server. */
  readonly stdio?: ProcessGroupTransport;
  /** The in-process server, closed after the listing. */
  readonly inProcess?: ConnectableServer;
}

/** `{ env, prefix }` → its value now; a missing variable is an error naming the field that reads it. */
function fromEnvironment(value: string | McpEnvValue, field: string, server: string): string {
  if (typeof value === 'string') return value;
  const found = process.env[value.env];
  if (found === undefined || found === '')
    throw new MissingEnvironmentError(
      `the environment variable ${value.env} (read by '${field}' of MCP server ` +
        `'${server}' in the config) is not set; set it before running drift.`,
    );
  return `${value.prefix ?? ''}${found}`;
}

/** How a server is reached, for messages: what a reader would type or look for, paths shown relative to the config. */
export function describeReach(config: ResolvedMcpServer): string {
  switch (config.type) {
    case 'stdio': {
      const shown = [config.command, ...config.args].map((part) =>
        path.isAbsolute(part) && !relativePosix(config.cwd, part).startsWith('..')
          ? relativePosix(config.cwd, part)
          : part,
      );
      return `stdio: ${shown.join(' ')}`;
    }
    case 'sdk':
      return `in-process: ${config.module}${config.export === 'default' ? '' : `, export ${config.export}`}`;
    default:
      return `${config.type}: ${config.url}`;
  }
}

/** The command as spawned: a path written relative to the config's folder is resolved there. */
const commandPath = (command: string, cwd: string) =>
  command.includes('/') && !path.isAbsolute(command) ? path.resolve(cwd, command) : command;

/**
 * Opens nothing yet for stdio and HTTP (the client's connect starts them); builds the in-process
 * server. `onTooLarge` is told when the server sends more in one answer than drift reads.
 */
export async function openTransport(
  config: ResolvedMcpServer,
  onTooLarge: (error: AnswerTooLarge) => void,
): Promise<OpenedTransport> {
  switch (config.type) {
    case 'stdio': {
      const env: Record<string, string> = { ...getDefaultEnvironment() };
      for (const [name, value] of Object.entries(config.env))
        env[name] = fromEnvironment(value, `env.${name}`, config.name);
      const stdio = new ProcessGroupTransport(
        {
          command: commandPath(config.command, config.cwd),
          args: config.args,
          env,
          cwd: config.cwd,
        },
        onTooLarge,
      );
      return { transport: stdio, stdio };
    }
    case 'http':
    case 'sse': {
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(config.headers))
        headers[name] = fromEnvironment(value, `headers.${name}`, config.name);
      const url = new URL(config.url);
      // Both transports put requestInit's headers on every request (the event stream's too), and
      // read every body through the fetch given (the event stream's too): each body is counted.
      const options = { requestInit: { headers }, fetch: limitedFetch(onTooLarge) };
      const transport =
        config.type === 'http'
          ? new StreamableHTTPClientTransport(url, options)
          : new SSEClientTransport(url, options);
      return { transport };
    }
    case 'sdk': {
      const inProcess = await loadInProcessServer(config);
      const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
      try {
        await inProcess.connect(serverSide);
      } catch (error) {
        await inProcess.close().catch(() => {});
        throw new InProcessServerError(
          `the server it built refused the connection: ${(error as Error)?.message ?? String(error)}`,
        );
      }
      return { transport: new JsonWire(clientSide), inProcess };
    }
  }
}
