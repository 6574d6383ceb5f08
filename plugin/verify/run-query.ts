// One real runtime run: `query()` with a session's options, a hermetic environment (its own HOME and
// config folder, the fake API's address, no telemetry), a time limit, and every process it started
// killed afterwards, whatever happened.
import { cp, mkdtemp, mkdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Options, SDKMessage } from '@anthropic-ai/claude-agent-sdk';
import { groupSpawner, type ClaudeRuntime } from './claude-runtime.js';
import type { FakeApi, MessagesRequest } from './fake-api.js';
import { trackRun } from './run-cleanup.js';

export interface QueryRun {
  /** The first main-turn request: what the model was offered (undefined when the runtime asked nothing). */
  readonly firstTurn: MessagesRequest | undefined;
  /** The second main-turn request: what the model was offered after its first turn's calls ran. */
  readonly secondTurn: MessagesRequest | undefined;
  /** Each delegated subagent's first request: what it was offered. */
  readonly subagentTurns: ReadonlyMap<string, MessagesRequest>;
  /** MCP servers that did not reach `connected`, with their status. */
  readonly unconnected: readonly { readonly name: string; readonly status: string }[];
  /** The tool results the runtime sent back to the model, by tool name. */
  readonly results: readonly {
    readonly tool: string;
    /** The call's input, as the model sent it. */
    readonly input: unknown;
    readonly isError: boolean;
    readonly text: string;
  }[];
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
  /** Or, with `emit`, this subagent calls it in its first turn (the main turn starts the subagent). */
  readonly emitFrom?: string;
  /** Or it starts each of these subagents in its first turn. */
  readonly delegate?: readonly string[];
  /**
   * And runs each of these skills: their folders are copied into the run's project, whose settings
   * (and nothing else's) the runtime then loads.
   */
  readonly skills?: readonly { readonly name: string; readonly dir: string }[];
  /** Extra environment for the runtime (the configuration's flags, `--env`). */
  readonly env?: Readonly<Record<string, string>>;
  /** The model the session asks for, and whether it passes a permission callback (the runtime configuration). */
  readonly model?: string;
  readonly permissionCallback?: boolean;
  /** `env` may replace the hermetic variables (`--allow-env-override`). */
  readonly allowEnvOverride?: boolean;
  readonly timeoutMs: number;
}

/** Answers every permission request with yes: the app's approval prompt, as a user who approves everything. */
const approveAll = async (_tool: string, input: Record<string, unknown>) => ({
  behavior: 'allow' as const,
  updatedInput: input,
});

/** The whole environment of the runtime: `env` replaces the process environment, so nothing leaks in. */
function hermeticEnv(
  home: string,
  channel: { baseUrl: string; apiKey: string },
  extra: Readonly<Record<string, string>>,
  allowOverride: boolean,
): Record<string, string> {
  return {
    // Extra variables first, so they cannot move the run out of its folder or off loopback — unless allowed.
    ...extra,
    PATH: process.env.PATH ?? '/usr/local/bin:/usr/bin:/bin',
    HOME: home,
    USERPROFILE: home,
    CLAUDE_CONFIG_DIR: path.join(home, '.claude'),
    // Without it the runtime writes task folders under /tmp/claude-<uid>, outside this run's folder.
    CLAUDE_CODE_TMPDIR: path.join(home, 'tmp'),
    ANTHROPIC_BASE_URL: channel.baseUrl,
    ANTHROPIC_API_KEY: channel.apiKey,
    DISABLE_TELEMETRY: '1',
    CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
    DISABLE_AUTOUPDATER: '1',
    DISABLE_ERROR_REPORTING: '1',
    // The first turn waits for stdio servers instead of going out while they are still starting.
    MCP_CONNECTION_NONBLOCKING: '0',
    MCP_CONNECT_TIMEOUT_MS: '15000',
    ...(allowOverride ? extra : {}),
  };
}

/** Tool results in the later turns' messages, each once, with the name of the call they answer. */
function toolResults(turns: readonly MessagesRequest[]): QueryRun['results'] {
  const calls = new Map<string, { name: string; input: unknown }>();
  const seen = new Map<string, QueryRun['results'][number]>();
  for (const turn of turns)
    for (const message of turn.messages ?? []) {
      if (!Array.isArray(message.content)) continue;
      for (const block of message.content as Record<string, unknown>[]) {
        if (block.type === 'tool_use')
          calls.set(String(block.id), { name: String(block.name), input: block.input });
        if (block.type !== 'tool_result' || seen.has(String(block.tool_use_id))) continue;
        const content = block.content;
        const text =
          typeof content === 'string'
            ? content
            : Array.isArray(content)
              ? (content as { text?: string }[]).map((c) => c.text ?? JSON.stringify(c)).join('\n')
              : '';
        const call = calls.get(String(block.tool_use_id));
        seen.set(String(block.tool_use_id), {
          tool: call?.name ?? '?',
          input: call?.input,
          isError: block.is_error === true,
          text,
        });
      }
    }
  return [...seen.values()];
}

/**
 * Past the time limit, a run that still has not ended (a descendant holding the SDK's pipes) is
 * given up after this.
 */
const GIVE_UP_MS = 5_000;

export async function runQuery(input: QueryInput): Promise<QueryRun> {
  const started = Date.now();
  const channel = input.api.open({
    ...(input.emit !== undefined ? { emit: input.emit } : {}),
    ...(input.emitFrom !== undefined ? { emitFrom: input.emitFrom } : {}),
    ...(input.delegate ? { delegate: input.delegate } : {}),
    ...(input.skills ? { skills: input.skills.map((s) => s.name) } : {}),
  });
  const home = await mkdtemp(path.join(os.tmpdir(), 'tool-catalog-verify-'));
  const spawner = groupSpawner();
  const untrack = trackRun({ kill: () => spawner.killAll(), folder: home });
  const abortController = new AbortController();
  let timedOut = false;
  let giveUp: () => void = () => {};
  const givenUp = new Promise<void>((resolve) => {
    giveUp = resolve;
  });
  const timer = setTimeout(() => {
    timedOut = true;
    abortController.abort();
    spawner.killAll();
    setTimeout(giveUp, GIVE_UP_MS).unref();
  }, input.timeoutMs);
  const messages: SDKMessage[] = [];
  let error: string | undefined;
  let q: ReturnType<ClaudeRuntime['sdk']['query']> | undefined;
  try {
    await Promise.all(['.claude', 'tmp', 'work'].map((dir) => mkdir(path.join(home, dir))));
    const skills = input.skills ?? [];
    for (const skill of skills)
      await cp(skill.dir, path.join(home, 'work', '.claude', 'skills', path.basename(skill.dir)), {
        recursive: true,
      });
    q = input.runtime.sdk.query({
      prompt: 'List the tools you have.',
      options: {
        ...input.session,
        cwd: path.join(home, 'work'),
        env: hermeticEnv(home, channel, input.env ?? {}, input.allowEnvOverride === true),
        ...(input.model !== undefined ? { model: input.model } : {}),
        ...(input.permissionCallback ? { canUseTool: approveAll } : {}),
        settingSources: skills.length > 0 ? ['project'] : [],
        persistSession: false,
        maxTurns: 3,
        abortController,
        pathToClaudeCodeExecutable: input.runtime.binary,
        spawnClaudeCodeProcess: spawner.spawn,
      },
    });
    const consume = async () => {
      for await (const message of q!) messages.push(message);
    };
    // Whatever holds the runtime's pipes open, the run ends at its limit.
    await Promise.race([consume(), givenUp]);
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
    untrack();
  }
  const init = messages.find(
    (m): m is Extract<SDKMessage, { type: 'system'; subtype: 'init' }> =>
      m.type === 'system' && 'subtype' in m && m.subtype === 'init',
  );
  const result = messages.find(
    (m): m is Extract<SDKMessage, { type: 'result' }> => m.type === 'result',
  );
  if (timedOut) error = `the runtime did not finish within ${input.timeoutMs} ms`;
  else if (!error && result?.subtype !== 'success' && channel.turns.length === 0)
    error = 'the runtime sent no request to the model';
  const stderr = spawner.stderr().trim();
  if (error && stderr) error += ` (runtime output: ${stderr.split('\n').slice(-3).join(' / ')})`;
  return {
    firstTurn: channel.turns[0],
    secondTurn: channel.turns[1],
    subagentTurns: new Map(channel.subagentTurns),
    unconnected: (init?.mcp_servers ?? [])
      .filter((s) => s.status !== 'connected')
      .map((s) => ({ name: s.name, status: s.status })),
    // A subagent's calls are answered in its own requests.
    results: toolResults([...channel.turns, ...channel.subagentRequests]),
    ...(error !== undefined ? { error } : {}),
    durationMs: Date.now() - started,
  };
}
