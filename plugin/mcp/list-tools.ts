// Lists every tool of one configured MCP server with the official client: connect within one hard
// deadline, list every tools/list page within another, and always stop what was started — a server
// that fails, hangs or crashes ends as an McpListError naming it, never as a hang or a leftover.
import { setMaxListeners } from 'node:events';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import {
  ErrorCode,
  McpError,
  PaginatedResultSchema,
  ToolSchema,
  type ClientCapabilities,
} from '@modelcontextprotocol/sdk/types.js';
import type { ResolvedMcpServer } from '../load/mcp-config.js';
import { InProcessServerError } from './in-process-server.js';
import { DeadlinePassed, explainFailure, McpListError, type ListPhase } from './list-failure.js';
import {
  describeReach,
  MissingEnvironmentError,
  openTransport,
  type OpenedTransport,
} from './open-transport.js';

export interface ListedTool {
  readonly name: string;
  readonly description?: string;
  readonly inputSchema: Readonly<Record<string, unknown>>;
  readonly outputSchema?: Readonly<Record<string, unknown>>;
  readonly annotations?: Readonly<Record<string, unknown>>;
}

/** A tool the server listed in a shape MCP does not allow: reported, and the other tools still count. */
export interface ToolProblem {
  readonly tool: string;
  readonly issues: readonly string[];
}

export interface ListedServer {
  readonly name: string;
  readonly reached: string;
  /** The server's `serverInfo`. */
  readonly serverInfo?: { readonly name: string; readonly version: string };
  readonly tools: readonly ListedTool[];
  readonly pages: number;
  readonly problems: readonly ToolProblem[];
  /** Whether the server declares the tools capability at all (without it, it has no tools to list). */
  readonly hasToolsCapability: boolean;
  readonly timings: { readonly connectMs: number; readonly listMs: number };
}

export interface ListOptions {
  /** Overrides the server's `connectTimeoutMs`. */
  readonly connectTimeoutMs?: number;
  /** Overrides the server's `listTimeoutMs`. */
  readonly listTimeoutMs?: number;
}

/** The client `drift` introduces itself as. Fixed, so no server can list differently from run to run because of it. */
const CLIENT_INFO = { name: 'agent-tool-catalog', version: '1.0.0' };
/** More pages than any real server needs: a server past this is paging in circles. */
const MAX_PAGES = 1000;
/** The longest a clean-up step may take (an HTTP session's DELETE, an in-process server's close). */
const CLEANUP_MS = 2000;

/** One phase's hard limit: every await of the phase is raced against it, the SDK's own timeouts included. */
class Deadline {
  readonly signal: AbortSignal;
  private readonly controller = new AbortController();
  private readonly timer: NodeJS.Timeout;
  private readonly end: number;
  private readonly passed: Promise<never>;

  constructor(ms: number, setting: 'connectTimeoutMs' | 'listTimeoutMs') {
    this.signal = this.controller.signal;
    // The client adds a listener per request (one per page): no warning for a long listing.
    setMaxListeners(0, this.signal);
    this.end = Date.now() + ms;
    this.timer = setTimeout(() => this.controller.abort(new DeadlinePassed(ms, setting)), ms);
    this.passed = new Promise<never>((_, reject) =>
      this.signal.addEventListener('abort', () => reject(this.signal.reason), { once: true }),
    );
    this.passed.catch(() => {});
  }

  /** Ends the phase now, with `reason` as its error. */
  fail(reason: Error): void {
    this.controller.abort(reason);
  }

  remaining(): number {
    return Math.max(1, this.end - Date.now());
  }

  race<T>(work: Promise<T>): Promise<T> {
    return Promise.race([work, this.passed]);
  }

  clear(): void {
    clearTimeout(this.timer);
  }
}

async function bounded(work: Promise<unknown>): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    work.catch(() => {}),
    new Promise((resolve) => (timer = setTimeout(resolve, CLEANUP_MS))),
  ]);
  clearTimeout(timer);
}

/** Every page of tools/list; a malformed tool is a problem of its own, not a failure of the page. */
async function listAllPages(client: Client, deadline: Deadline) {
  const tools: ListedTool[] = [];
  const problems: ToolProblem[] = [];
  const pageOf = new Map<string, number>();
  const cursors = new Set<string>();
  let cursor: string | undefined;
  let pages = 0;
  do {
    if (pages === MAX_PAGES)
      throw new Error(`the server answered more than ${MAX_PAGES} pages of tools/list`);
    const page = await deadline.race(
      client.request(
        { method: 'tools/list', params: cursor === undefined ? {} : { cursor } },
        PaginatedResultSchema,
        {
          timeout: deadline.remaining(),
          signal: deadline.signal,
        },
      ),
    );
    pages++;
    const listed = (page as { tools?: unknown }).tools;
    if (!Array.isArray(listed)) throw new Error(`page ${pages} of tools/list has no 'tools' array`);
    for (const raw of listed) {
      const name =
        typeof (raw as { name?: unknown })?.name === 'string'
          ? (raw as { name: string }).name
          : undefined;
      const check = ToolSchema.safeParse(raw);
      if (name === undefined || !check.success) {
        problems.push({
          tool: name ?? `(a tool without a name on page ${pages})`,
          issues: check.success
            ? ['no name']
            : check.error.issues.map((i) => `${i.path.join('.') || '(tool)'}: ${i.message}`),
        });
        if (name === undefined) continue;
      }
      if (pageOf.has(name)) {
        problems.push({
          tool: name,
          issues: [`listed twice (pages ${pageOf.get(name)} and ${pages}); the second is ignored`],
        });
        continue;
      }
      pageOf.set(name, pages);
      const tool = raw as ListedTool;
      tools.push({
        name,
        ...(typeof tool.description === 'string' ? { description: tool.description } : {}),
        inputSchema:
          typeof tool.inputSchema === 'object' && tool.inputSchema !== null ? tool.inputSchema : {},
        ...(tool.outputSchema ? { outputSchema: tool.outputSchema } : {}),
        ...(tool.annotations ? { annotations: tool.annotations } : {}),
      });
    }
    cursor = page.nextCursor;
    if (cursor !== undefined) {
      if (cursors.has(cursor))
        throw new Error(
          `tools/list returned the cursor ${JSON.stringify(cursor)} twice, so its pages never end`,
        );
      cursors.add(cursor);
    }
  } while (cursor !== undefined);
  return { tools, problems, pages };
}

/** Stops everything `opened` started; a server that timed out gets no grace period to exit by itself. */
async function closeAll(
  client: Client,
  opened: OpenedTransport | undefined,
  timedOut: boolean,
): Promise<void> {
  if (timedOut) await opened?.stdio?.close({ graceMs: 0 });
  const transport: Transport | undefined = opened?.transport;
  // The session's DELETE lets the server free it; a server that does not answer is not waited for.
  if (transport instanceof StreamableHTTPClientTransport && transport.sessionId)
    await bounded(transport.terminateSession());
  await bounded(client.close());
  if (opened?.stdio) await opened.stdio.close();
  else if (transport) await bounded(transport.close());
  if (opened?.inProcess) await bounded(opened.inProcess.close());
}

export async function listServerTools(
  config: ResolvedMcpServer,
  options: ListOptions = {},
): Promise<ListedServer> {
  const reached = describeReach(config);
  const client = new Client(CLIENT_INFO, {
    capabilities: config.clientCapabilities as ClientCapabilities,
  });
  // Transport errors also fail the request that was waiting; the stdio transport keeps what it needs for the message.
  client.onerror = () => {};
  let phase: ListPhase = config.type === 'sdk' ? 'load' : 'config';
  let opened: OpenedTransport | undefined;
  const connectLimit = options.connectTimeoutMs ?? config.connectTimeoutMs;
  const listLimit = options.listTimeoutMs ?? config.listTimeoutMs;
  let deadline = new Deadline(connectLimit, 'connectTimeoutMs');
  const started = performance.now();
  try {
    // An answer too large ends whichever phase is running, at once.
    opened = await deadline.race(openTransport(config, (tooLarge) => deadline.fail(tooLarge)));
    const transport = opened.transport;
    phase = config.type === 'stdio' ? 'spawn' : config.type === 'sdk' ? 'initialize' : 'connect';
    const start = transport.start.bind(transport);
    transport.start = async () => {
      await start();
      phase = 'initialize';
    };
    await deadline.race(
      client.connect(transport, { timeout: deadline.remaining(), signal: deadline.signal }),
    );
    deadline.clear();
    const connectMs = performance.now() - started;
    phase = 'tools/list';
    const hasToolsCapability = client.getServerCapabilities()?.tools !== undefined;
    deadline = new Deadline(listLimit, 'listTimeoutMs');
    const listed = hasToolsCapability
      ? await listAllPages(client, deadline)
      : { tools: [], problems: [], pages: 0 };
    deadline.clear();
    const serverInfo = client.getServerVersion();
    const result: ListedServer = {
      name: config.name,
      reached,
      ...(serverInfo ? { serverInfo: { name: serverInfo.name, version: serverInfo.version } } : {}),
      ...listed,
      hasToolsCapability,
      timings: {
        connectMs: Math.round(connectMs),
        listMs: Math.round(performance.now() - started - connectMs),
      },
    };
    await closeAll(client, opened, false);
    return result;
  } catch (thrown) {
    deadline.clear();
    // The SDK's own request timeout (we pass it the time left) is the same deadline, said its way.
    const error =
      thrown instanceof McpError && thrown.code === ErrorCode.RequestTimeout
        ? phase === 'tools/list'
          ? new DeadlinePassed(listLimit, 'listTimeoutMs')
          : new DeadlinePassed(connectLimit, 'connectTimeoutMs')
        : thrown;
    const explained =
      error instanceof MissingEnvironmentError
        ? { kind: 'missing-environment' as const, reason: error.message }
        : error instanceof InProcessServerError
          ? { kind: 'load-failed' as const, reason: error.message }
          : explainFailure(error, phase, config.type);
    // Closed before the report is written, so that it has the exit code and the last of stderr.
    await closeAll(client, opened, explained.kind === 'timeout');
    const stdio = opened?.stdio;
    throw new McpListError({
      server: config.name,
      reached,
      phase,
      ...explained,
      ...(stdio?.exit && phase !== 'spawn' ? { exit: stdio.exit } : {}),
      stderrTail: stdio?.stderrTail() ?? [],
      invalidOutput: stdio?.protocolErrors ?? [],
    });
  }
}
