// One real runtime run: `query()` with a session's options, a hermetic environment (its own HOME and
// config folder, the fake API's address, no telemetry), a time limit, and every process it started
// killed afterwards, whatever happened.
import { mkdtemp, mkdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Options, SDKMessage } from '@anthropic-ai/claude-agent-sdk';
import { groupSpawner, type ClaudeRuntime } from './claude-runtime.js';
import type { FakeApi, MessagesRequest } from './fake-api.js';

export interface QueryRun {
  /** `tools[].name` of the first main-turn request: what the model was offered. */
  readonly offered: readonly string[] | undefined;
  /** Tools announced as deferred (tool-search mode): callable, loaded on demand. */
  readonly deferred: readonly string[];
  /** MCP servers that did not reach `connected`, with their status. */
  readonly unconnected: readonly { readonly name: string; readonly status: string }[];
  /** The tool results the runtime sent back to the model, by tool name. */
  readonly results: readonly { readonly tool: string; readonly isError: boolean; readonly text: string }[];
  /** Set when the run failed: timed out, the runtime exited, the SDK threw. */
  readonly error?: string;
  readonly durationMs: number;
}

export interface QueryInput {
  readonly runtime: ClaudeRuntime;
  readonly api: FakeApi;
  /** The session's options (spread into `query()` as an app does). */
  readonly session: Partial<Options>;
  /** The fake model calls this tool in its first turn. */
  readonly emit?: string;
  /** Extra environment for the runtime (`--env`), e.g. CLAUDE_CODE_EXPERIMENTAL_AGENT_TEAMS=1. */
  readonly env?: Readonly<Record<string, string>>;
  readonly timeoutMs: number;
}

/** The whole environment of the runtime: `env` replaces the process environment, so nothing leaks in. */
function hermeticEnv(home: string, baseUrl: string, extra: Readonly<Record<string, string>>): Record<string, string> {
  return {
    PATH: process.env.PATH ?? '/usr/local/bin:/usr/bin:/bin',
    HOME: home,
    USERPROFILE: home,
    CLAUDE_CONFIG_DIR: path.join(home, '.claude'),
    // Without it the runtime writes task folders under /tmp/claude-<uid>, outside this run's folder.
    CLAUDE_CODE_TMPDIR: path.join(home, 'tmp'),
    ANTHROPIC_BASE_URL: baseUrl,
    ANTHROPIC_API_KEY: 'verify-offline-key',
    DISABLE_TELEMETRY: '1',
    CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
    DISABLE_AUTOUPDATER: '1',
    DISABLE_ERROR_REPORTING: '1',
    // The first turn waits for stdio servers instead of going out while they are still starting.
    MCP_CONNECTION_NONBLOCKING: '0',
    MCP_CONNECT_TIMEOUT_MS: '15000',
    ...extra,
  };
}

/** Names listed in the runtime's "deferred tools" message (tool-search mode). */
export function deferredTools(turn: MessagesRequest | undefined): string[] {
  for (const message of turn?.messages ?? []) {
    const texts =
      typeof message.content === 'string'
        ? [message.content]
        : Array.isArray(message.content)
          ? (message.content as { type?: string; text?: string }[])
              .filter((b) => b.type === 'text')
              .map((b) => String(b.text))
          : [];
    for (const text of texts) {
      const at = text.indexOf('deferred tools are now available via ToolSearch');
      if (at < 0) continue;
      const list = text.slice(text.indexOf(':\n', at) + 2).split('\n\n')[0] ?? '';
      return list
        .split('\n')
        .map((l) => l.trim())
        .filter(Boolean);
    }
  }
  return [];
}

/** Tool results in the later turns' messages, each once, with the name of the call they answer. */
function toolResults(turns: readonly MessagesRequest[]): QueryRun['results'] {
  const names = new Map<string, string>();
  const seen = new Map<string, { tool: string; isError: boolean; text: string }>();
  for (const turn of turns)
    for (const message of turn.messages ?? []) {
      if (!Array.isArray(message.content)) continue;
      for (const block of message.content as Record<string, unknown>[]) {
        if (block.type === 'tool_use') names.set(String(block.id), String(block.name));
        if (block.type !== 'tool_result' || seen.has(String(block.tool_use_id))) continue;
        const content = block.content;
        const text =
          typeof content === 'string'
            ? content
            : Array.isArray(content)
              ? (content as { text?: string }[]).map((c) => c.text ?? JSON.stringify(c)).join('\n')
              : '';
        seen.set(String(block.tool_use_id), {
          tool: names.get(String(block.tool_use_id)) ?? '?',
          isError: block.is_error === true,
          text,
        });
      }
    }
  return [...seen.values()];
}

export async function runQuery(input: QueryInput): Promise<QueryRun> {
  const started = Date.now();
  const channel = input.api.open(input.emit);
  const home = await mkdtemp(path.join(os.tmpdir(), 'tool-catalog-verify-'));
  const spawner = groupSpawner();
  const abortController = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    abortController.abort();
    spawner.killAll();
  }, input.timeoutMs);
  const messages: SDKMessage[] = [];
  let error: string | undefined;
  let q: ReturnType<ClaudeRuntime['sdk']['query']> | undefined;
  try {
    await Promise.all(['.claude', 'tmp', 'work'].map((dir) => mkdir(path.join(home, dir))));
    q = input.runtime.sdk.query({
      prompt: 'List the tools you have.',
      options: {
        ...input.session,
        cwd: path.join(home, 'work'),
        env: hermeticEnv(home, channel.baseUrl, input.env ?? {}),
        settingSources: [],
        persistSession: false,
        maxTurns: 3,
        abortController,
        pathToClaudeCodeExecutable: input.runtime.binary,
        spawnClaudeCodeProcess: spawner.spawn,
      },
    });
    for await (const message of q) messages.push(message);
  } catch (thrown) {
    error = thrown instanceof Error ? thrown.message : String(thrown);
  } finally {
    clearTimeout(timer);
    try {
      q?.close();
    } catch {
      // Already closed.
    }
    spawner.killAll();
    await spawner.exited(2_000);
    channel.close();
    await rm(home, { recursive: true, force: true }).catch(() => undefined);
  }
  const init = messages.find(
    (m): m is Extract<SDKMessage, { type: 'system'; subtype: 'init' }> =>
      m.type === 'system' && 'subtype' in m && m.subtype === 'init',
  );
  const result = messages.find((m): m is Extract<SDKMessage, { type: 'result' }> => m.type === 'result');
  if (timedOut) error = `the runtime did not finish within ${input.timeoutMs} ms`;
  else if (!error && result?.subtype !== 'success' && channel.turns.length === 0)
    error = 'the runtime ended without asking the model anything';
  const stderr = spawner.stderr().trim();
  if (error && stderr) error += ` (runtime output: ${stderr.split('\n').slice(-3).join(' / ')})`;
  return {
    offered: channel.turns[0]?.tools?.map((t) => t.name),
    deferred: deferredTools(channel.turns[0]),
    unconnected: (init?.mcp_servers ?? [])
      .filter((s) => s.status !== 'connected')
      .map((s) => ({ name: s.name, status: s.status })),
    results: toolResults(channel.turns),
    ...(error !== undefined ? { error } : {}),
    durationMs: Date.now() - started,
  };
}
