// Why listing a server's tools failed, said for a person: the server, the phase, what went wrong,
// how the server process ended and the end of its stderr, and what to change.
import { SseError } from '@modelcontextprotocol/sdk/client/sse.js';
import { StreamableHTTPError } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import { terminalLines } from '../text/terminal.js';
import { AnswerTooLarge } from './answer-limit.js';
import type { ServerExit } from './stdio-transport.js';

/**
 * Where listing was when it failed: reading the config, loading an in-process server, starting, the
 * handshake, the listing.
 */
export type ListPhase = 'config' | 'load' | 'spawn' | 'connect' | 'initialize' | 'tools/list';

type FailureKind =
  | 'missing-environment'
  | 'load-failed'
  | 'command-not-found'
  | 'command-not-executable'
  | 'timeout'
  | 'connection-closed'
  | 'server-error'
  | 'connection-refused'
  | 'unauthorized'
  | 'not-found'
  | 'http-error'
  | 'invalid-answer'
  | 'error';

/** The deadline of a phase passed (thrown by the deadline itself, whatever the SDK was awaiting). */
export class DeadlinePassed extends Error {
  override name = 'DeadlinePassed';
  constructor(
    readonly ms: number,
    readonly setting: 'connectTimeoutMs' | 'listTimeoutMs',
  ) {
    super(`no answer within ${ms} ms`);
  }
}

export interface FailureDetails {
  readonly server: string;
  /** `stdio: node server.js`, `http: https://…`, `in-process: ./app/mcp-server.ts`. */
  readonly reached: string;
  readonly phase: ListPhase;
  readonly kind: FailureKind;
  /** One sentence: what went wrong. */
  readonly reason: string;
  /** What to change. */
  readonly fix?: string;
  readonly exit?: ServerExit;
  /** The last lines of the server's stderr. */
  readonly stderrTail: readonly string[];
  /** Lines the server wrote to stdout that were not JSON-RPC. */
  readonly invalidOutput: readonly string[];
}

/** Listing a server failed; `message` is the full report, `details` its parts for `--json`. */
export class McpListError extends Error {
  override name = 'McpListError';
  constructor(readonly details: FailureDetails) {
    super(formatFailure(details));
  }
}

/** How the server process ended, when that tells something: on its own, or only once signalled. */
function exitLine(exit: ServerExit): string | undefined {
  if (exit.onItsOwn)
    return (
      `The server process ${exit.signal ? `was killed by ${exit.signal}` : `exited with code ${exit.code}`}` +
      ` on its own.`
    );
  return exit.signal ? `The server process was stopped with ${exit.signal}.` : undefined;
}

/** When, in words: `failed during initialize`, `failed before it started`. */
/** What a deadline that passed in each phase was waiting for. */
const UNANSWERED: Record<ListPhase, string> = {
  config: 'from the server',
  load: 'from the server',
  spawn: 'from the server',
  connect: 'from the server',
  initialize: 'to initialize',
  'tools/list': 'to tools/list',
};

const WHEN: Record<ListPhase, string> = {
  config: 'before it started',
  load: 'while its module was loaded',
  spawn: 'while starting',
  connect: 'while connecting',
  initialize: 'during initialize',
  'tools/list': 'during tools/list',
};

function formatFailure(d: FailureDetails): string {
  const lines = [`MCP server '${d.server}' (${d.reached}) failed ${WHEN[d.phase]}: ${d.reason}`];
  const ended = d.exit && exitLine(d.exit);
  if (ended) lines.push(`  ${ended}`);
  if (d.invalidOutput.length > 0)
    lines.push(
      '  It wrote lines to stdout that are not JSON-RPC messages:',
      ...d.invalidOutput.slice(0, 3).map((l) => `    | ${l}`),
    );
  if (d.stderrTail.length > 0)
    lines.push('  Its stderr ended with:', ...d.stderrTail.map((l) => `    | ${l}`));
  if (d.fix) lines.push(`  Fix: ${d.fix}`);
  // The reason, stderr and stdout hold the server's own text: escaped line by line before printing.
  return terminalLines(lines);
}

const codeOf = (e: unknown): string | undefined =>
  typeof e === 'object' && e !== null
    ? ((e as { code?: unknown }).code as string | undefined)
    : undefined;

/** The first error in a chain of causes that has one of `codes`. */
function findCode(
  error: unknown,
  codes: readonly string[],
): (Error & { code: string; address?: string; port?: number }) | undefined {
  for (
    let e: unknown = error, depth = 0;
    e && depth < 5;
    e = (e as { cause?: unknown }).cause, depth++
  ) {
    if (codes.includes(codeOf(e) ?? '')) return e as Error & { code: string };
    const nested = (e as { event?: { error?: unknown } }).event?.error;
    if (nested && codes.includes(codeOf((nested as { cause?: unknown }).cause) ?? ''))
      return (nested as { cause: Error & { code: string } }).cause;
  }
  return undefined;
}

/** The kind, reason and fix of an error thrown in `phase`. */
export function explainFailure(
  error: unknown,
  phase: ListPhase,
  transport: 'stdio' | 'http' | 'sse' | 'sdk',
): Pick<FailureDetails, 'kind' | 'reason' | 'fix'> {
  const message = error instanceof Error ? error.message : String(error);
  if (error instanceof DeadlinePassed) {
    const { ms, setting } = error;
    return {
      kind: 'timeout',
      reason: `no answer ${UNANSWERED[phase]} within ${ms} ms.`,
      fix:
        phase === 'tools/list'
          ? `check that the server answers tools/list, or raise '${setting}' of this server in the config.`
          : transport === 'stdio'
            ? `check that the command starts an MCP server speaking on stdin/stdout ` +
              `(not a help text or a prompt), or raise '${setting}' of this server in the config.`
            : `check that the server is up and speaks MCP at this address, or raise '` +
              `${setting}' of this server in the config.`,
    };
  }
  if (error instanceof AnswerTooLarge)
    return {
      kind: 'invalid-answer',
      reason: `${error.message}.`,
      fix:
        transport === 'stdio'
          ? 'check that the command starts an MCP server that writes one JSON-RPC message a line on stdout.'
          : "check that 'url' of this server points at an MCP endpoint, not at a " +
            'download or a stream of something else.',
    };
  if (phase === 'spawn') {
    const code = codeOf(error);
    if (code === 'ENOENT')
      return {
        kind: 'command-not-found',
        reason: 'the command was not found.',
        fix: "check 'command' of this server in the config (a program on PATH, or a path relative to the config).",
      };
    if (code === 'EACCES')
      return {
        kind: 'command-not-executable',
        reason: 'the command is not executable.',
        fix: "check 'command' of this server in the config, or make the file executable.",
      };
  }
  if (error instanceof McpError) {
    if (error.code === ErrorCode.ConnectionClosed)
      return {
        kind: 'connection-closed',
        reason: 'the connection closed before the server answered.',
        fix:
          transport === 'stdio'
            ? "run the server's command by hand to see why it stops (a missing setting " +
              'or environment variable is the usual cause).'
            : 'check that the server is up and speaks MCP at this address.',
      };
    return {
      kind: 'server-error',
      reason: `the server answered with error ${error.code}: ${message.replace(/^MCP error -?\d+: /, '')}`,
    };
  }
  const refused = findCode(error, ['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN']);
  if (refused)
    return {
      kind: 'connection-refused',
      reason:
        `${refused.code === 'ECONNREFUSED' ? 'the connection was refused' : 'the host name does not resolve'}` +
        `${refused.address ? ` (${refused.address}${refused.port ? `:${refused.port}` : ''})` : ''}.`,
      fix: "check 'url' of this server in the config, and that the server is running.",
    };
  if (error instanceof StreamableHTTPError || error instanceof SseError) {
    const status = typeof error.code === 'number' ? error.code : undefined;
    if (status === 401 || status === 403)
      return {
        kind: 'unauthorized',
        reason: `the server refused the credentials (HTTP ${status}).`,
        fix: "check the environment variables 'headers' of this server reads.",
      };
    if (status === 404)
      return {
        kind: 'not-found',
        reason: 'nothing answers at this URL (HTTP 404).',
        fix: "check the path in 'url' of this server (often /mcp for http, /sse for sse).",
      };
    return { kind: 'http-error', reason: `${message}.` };
  }
  return { kind: 'error', reason: `${message}${/[.!?]$/.test(message) ? '' : '.'}` };
}
