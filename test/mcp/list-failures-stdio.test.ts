// Listing a stdio server that fails — exits at start, never answers, errors or crashes on tools/list,
// hangs, ignores SIGTERM, leaves a child behind, pages in circles — ends in a clear error naming the
// server, the phase and how it ended, within its deadline, and leaves no process of its group alive.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { ResolvedMcpServer } from '../../plugin/load/mcp-config';
import { listServerTools } from '../../plugin/mcp/list-tools';
import { removeTempDirs, tempDir } from '../support/files';
import { FIXTURES, REPO } from '../support/paths';
import { pidsIn, stillRunning } from '../support/processes';
import { failure, LIMITS, SHORT } from './list-failures-support';

const SERVER = path.join(FIXTURES, 'mcp/misbehaving-server.mjs');

afterAll(removeTempDirs);

/** The misbehaving server in `mode`, writing its pids to a fresh file. */
async function misbehaving(mode: string, extra: Partial<ResolvedMcpServer> = {}) {
  const pidFile = path.join(await tempDir(`mcp-${mode}`), 'pids');
  const config = {
    ...LIMITS,
    name: mode,
    type: 'stdio',
    command: 'node',
    args: [SERVER, mode],
    env: { PID_FILE: pidFile },
    cwd: REPO,
    ...extra,
  } as ResolvedMcpServer;
  return { config, pidFile };
}

describe.concurrent('a stdio server that fails', () => {
  it('exits at start: the exit code and its stderr', async () => {
    const { config, pidFile } = await misbehaving('exit-at-start');
    const error = await failure(config);
    expect(error.details).toMatchObject({
      server: 'exit-at-start',
      phase: 'initialize',
      kind: 'connection-closed',
      exit: { code: 3, onItsOwn: true },
      stderrTail: ['fatal: DEMO_API_KEY is not set'],
    });
    expect(error.message).toBe(
      [
        "MCP server 'exit-at-start' (stdio: node test/fixtures/mcp/misbehaving-server.mjs exit-at-start) failed during initialize: the connection closed before the server answered.",
        '  The server process exited with code 3 on its own.',
        '  Its stderr ended with:',
        '    | fatal: DEMO_API_KEY is not set',
        "  Fix: run the server's command by hand to see why it stops (a missing setting or environment variable is the usual cause).",
      ].join('\n'),
    );
    expect(stillRunning(pidsIn(pidFile))).toEqual([]);
  });

  it('never answers initialize: stopped at the connect deadline', async () => {
    // The shell writes the pid at once and becomes the server: the pid is there even if node never got to run.
    const { config, pidFile } = await misbehaving('silent', {
      command: 'sh',
      args: ['-c', `echo $$ >> "$PID_FILE"; exec node ${SERVER} silent`],
      connectTimeoutMs: 2000,
    });
    const error = await failure(config);
    expect(error.details).toMatchObject({
      phase: 'initialize',
      kind: 'timeout',
      exit: { signal: 'SIGTERM', onItsOwn: false },
    });
    expect(error.message).toContain(
      'failed during initialize: no answer to initialize within 2000 ms.\n  The server process was stopped with SIGTERM.',
    );
    expect(error.message).toContain("raise 'connectTimeoutMs' of this server in the config.");
    expect(stillRunning(pidsIn(pidFile))).toEqual([]);
  });

  it('answers tools/list with an error: the code, the message and its stderr', async () => {
    const { config, pidFile } = await misbehaving('list-error');
    const error = await failure(config);
    expect(error.details).toMatchObject({
      phase: 'tools/list',
      kind: 'server-error',
      reason: 'the server answered with error -32603: Internal error: backend unavailable',
    });
    expect(error.details.stderrTail).toContain('backend unavailable');
    expect(stillRunning(pidsIn(pidFile))).toEqual([]);
  });

  it('crashes on tools/list: the exit code and the stack it printed', async () => {
    const { config, pidFile } = await misbehaving('list-crash');
    const error = await failure(config);
    expect(error.details).toMatchObject({
      phase: 'tools/list',
      kind: 'connection-closed',
      exit: { code: 7, onItsOwn: true },
    });
    expect(error.details.stderrTail).toContain(
      "TypeError: Cannot read properties of undefined (reading 'tools')",
    );
    expect(stillRunning(pidsIn(pidFile))).toEqual([]);
  });

  it('hangs on tools/list: stopped at the list deadline', async () => {
    const { config, pidFile } = await misbehaving('list-hang', { listTimeoutMs: SHORT });
    const error = await failure(config);
    expect(error.details).toMatchObject({
      phase: 'tools/list',
      kind: 'timeout',
      reason: 'no answer to tools/list within 400 ms.',
    });
    expect(error.message).toContain("raise 'listTimeoutMs' of this server in the config.");
    expect(stillRunning(pidsIn(pidFile))).toEqual([]);
  });

  it('ignores SIGTERM: killed with SIGKILL', async () => {
    const { config, pidFile } = await misbehaving('ignore-sigterm', { listTimeoutMs: SHORT });
    const error = await failure(config);
    expect(error.details).toMatchObject({
      phase: 'tools/list',
      kind: 'timeout',
      exit: { signal: 'SIGKILL', onItsOwn: false },
    });
    expect(error.details.stderrTail).toContain('SIGTERM ignored');
    expect(stillRunning(pidsIn(pidFile))).toEqual([]);
  });

  it('writes something that is not JSON-RPC: shown, with the deadline it missed', async () => {
    // A shell answers the handshake with a prompt: it starts in milliseconds even on a loaded machine,
    // so its line is there long before the deadline (a node server may not even have started by then).
    const { config, pidFile } = await misbehaving('not-json', {
      command: 'sh',
      args: [
        '-c',
        'echo $$ >> "$PID_FILE"; read -r line; echo "Welcome! Type a command:"; exec sleep 300',
      ],
      connectTimeoutMs: 2000,
    });
    const error = await failure(config);
    expect(stillRunning(pidsIn(pidFile))).toEqual([]);
    expect(error.details).toMatchObject({ phase: 'initialize', kind: 'timeout' });
    expect(error.message).toContain(
      'It wrote lines to stdout that are not JSON-RPC messages:\n    | Welcome! Type a command:',
    );
  });

  it('pages in circles: refused on the repeated cursor', async () => {
    const { config, pidFile } = await misbehaving('loop');
    const error = await failure(config);
    expect(error.details).toMatchObject({
      phase: 'tools/list',
      kind: 'error',
      reason: 'tools/list returned the cursor "again" twice, so its pages never end.',
    });
    expect(stillRunning(pidsIn(pidFile))).toEqual([]);
  });

  it('is not a command at all, or reads a variable that is not set', async () => {
    const missing = await failure({
      ...(await misbehaving('paged')).config,
      command: 'no-such-mcp-server-command',
    } as ResolvedMcpServer);
    expect(missing.details).toMatchObject({ phase: 'spawn', kind: 'command-not-found' });
    expect(missing.message).toContain("Fix: check 'command' of this server in the config");
    const unset = await failure({
      ...(await misbehaving('paged')).config,
      env: { TOKEN: { env: 'TOOL_CATALOG_TEST_UNSET_VARIABLE' } },
    } as ResolvedMcpServer);
    expect(unset.details).toMatchObject({ phase: 'config', kind: 'missing-environment' });
    expect(unset.message).toContain(
      "the environment variable TOOL_CATALOG_TEST_UNSET_VARIABLE (read by 'env.TOKEN' of MCP server 'paged' in the config) is not set",
    );
  });
});

describe('a stdio server that works', () => {
  it('lists every page, and its whole process group is gone afterwards, a child it left behind included', async () => {
    const { config, pidFile } = await misbehaving('with-grandchild', {
      args: [SERVER, 'with-grandchild', '20'],
    });
    const listed = await listServerTools(config);
    expect(listed.tools.map((t) => t.name)).toEqual(
      Array.from({ length: 20 }, (_, i) => `t${String(i).padStart(2, '0')}`),
    );
    expect(listed).toMatchObject({
      pages: 7,
      problems: [],
      serverInfo: { name: 'misbehaving-with-grandchild', version: '1.0.0' },
    });
    const pids = pidsIn(pidFile);
    expect(pids).toHaveLength(2);
    expect(stillRunning(pids)).toEqual([]);
  });
});

describe.concurrent('a stdio server whose descendants leave its process group', () => {
  /** The server in `mode` with ESCAPEES=1: its pid and its three escapees' are in the pid file. */
  const escaping = (mode: string, extra: Partial<ResolvedMcpServer> = {}) =>
    misbehaving(mode, extra).then(({ config, pidFile }) => ({
      config: {
        ...config,
        env: { ...(config as { env: object }).env, ESCAPEES: '1' },
      } as ResolvedMcpServer,
      pidFile,
    }));

  it('has them stopped after a listing: a detached child, setsid, and a daemon whose parent exited', async () => {
    const { config, pidFile } = await escaping('paged');
    expect((await listServerTools(config)).tools).toHaveLength(8);
    const pids = pidsIn(pidFile);
    expect(pids).toHaveLength(4);
    expect(stillRunning(pids)).toEqual([]);
  });

  it('has them stopped when the server hangs and is killed at its deadline', async () => {
    const { config, pidFile } = await escaping('list-hang', { listTimeoutMs: SHORT });
    expect((await failure(config)).details).toMatchObject({ phase: 'tools/list', kind: 'timeout' });
    expect(pidsIn(pidFile)).toHaveLength(4);
    expect(stillRunning(pidsIn(pidFile))).toEqual([]);
  });

  it('has them stopped when the server crashes on its own', async () => {
    const { config, pidFile } = await escaping('list-crash');
    expect((await failure(config)).details).toMatchObject({
      kind: 'connection-closed',
      exit: { code: 7 },
    });
    expect(pidsIn(pidFile)).toHaveLength(4);
    expect(stillRunning(pidsIn(pidFile))).toEqual([]);
  });
});

describe('the process check these tests rely on', () => {
  it('sees a live process group, and no longer once it is killed', async () => {
    const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], {
      detached: true,
      stdio: 'ignore',
    });
    await once(child, 'spawn');
    expect(stillRunning([child.pid!])).toEqual([child.pid]);
    process.kill(-child.pid!, 'SIGKILL');
    await once(child, 'exit');
    expect(stillRunning([child.pid!])).toEqual([]);
  });
});
