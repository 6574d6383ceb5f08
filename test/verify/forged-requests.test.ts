// A local process cannot forge a pass: requests to the fake API without the run's secret path and key
// are refused (401) and never counted as what the model was offered, and a runtime that never asked
// the model anything fails its run instead of being compared with someone else's request.
import { execFile } from 'node:child_process';
import { chmod, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CatalogModel } from '../../plugin/model/catalog-model';
import { startFakeApi } from '../../plugin/verify/fake-api';
import { verifyCatalog } from '../../plugin/verify/verify';
import { removeTempDirs, tempDir } from '../support/files';
import { fixtureModel } from '../support/verify';

let model: CatalogModel;
beforeAll(async () => {
  model = await fixtureModel();
});
afterAll(removeTempDirs);

/** What the fixture's policy offers with has-git=false: the request a forger would want verify to read. */
const POLICY_NAMES = ['Bash', 'Read', 'mcp__notes__pin', 'mcp__notes__search'];

/** A main-turn request as the runtime sends it (streamed, with a tools array), offering `names`. */
const mainTurn = (names: readonly string[]) =>
  JSON.stringify({
    model: 'claude-forged',
    stream: true,
    system: [{ type: 'text', text: 'forged' }],
    tools: names.map((name) => ({ name, input_schema: { type: 'object', properties: {} } })),
    messages: [{ role: 'user', content: 'List the tools you have.' }],
  });

/**
 * A node script that posts `mainTurn(POLICY_NAMES)` to every address a process on this machine could
 * try without the run's secrets — the server's root, run paths guessed the way they used to be made
 * (`/run/run_verify<n>`), the run's own path without a key and with a wrong one — and appends each
 * answer's status to `log` as `<status> <what>`.
 */
const forgerScript = (log: string) => `
import { appendFileSync } from 'node:fs';
const base = process.argv[2];
const origin = new URL(base).origin;
const body = ${JSON.stringify(mainTurn(POLICY_NAMES))};
const targets = [
  ['root', origin + '/v1/messages', {}],
  ['own path, no key', base + '/v1/messages', {}],
  ['own path, wrong key', base + '/v1/messages', { 'x-api-key': 'sk-forged' }],
  ...Array.from({ length: 64 }, (_, n) => ['guessed run_verify' + n.toString(36), origin + '/run/run_verify' + n.toString(36) + '/v1/messages', {}]),
];
for (const [what, url, headers] of targets) {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });
  await res.arrayBuffer();
  appendFileSync(${JSON.stringify(log)}, res.status + ' ' + what + '\\n');
}
`;

/** The result message a runtime prints when its turn succeeded. */
const SUCCESS = JSON.stringify({
  type: 'result',
  subtype: 'success',
  is_error: false,
  duration_ms: 1,
  duration_api_ms: 1,
  num_turns: 1,
  result: 'done',
  session_id: 'forged',
  total_cost_usd: 0,
  usage: { input_tokens: 1, output_tokens: 1 },
});

/** `<status> <what>` lines the forger wrote. */
const answers = async (log: string) =>
  (await readFile(log, 'utf8').catch(() => ''))
    .split('\n')
    .filter(Boolean)
    .map((line) => ({ status: Number(line.slice(0, 3)), what: line.slice(4) }));

describe('the fake API', () => {
  it('refuses every request without the run secret path and key (401), and counts none of them', async () => {
    const api = await startFakeApi();
    try {
      const channel = api.open();
      const dir = await tempDir('verify-forger');
      const log = path.join(dir, 'answers.log');
      const forger = path.join(dir, 'forger.mjs');
      await writeFile(forger, forgerScript(log));
      await new Promise<void>((resolve, reject) =>
        execFile(process.execPath, [forger, channel.baseUrl], (error) =>
          error ? reject(error) : resolve(),
        ),
      );
      const got = await answers(log);
      expect(got.length).toBe(67);
      expect(got.filter((a) => a.status !== 401)).toEqual([]);
      expect(channel.turns).toEqual([]);
      // The runtime the run started, with both secrets, is served and counted.
      const res = await fetch(`${channel.baseUrl}/v1/messages`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-api-key': channel.apiKey },
        body: mainTurn(['Read']),
      });
      expect(res.status).toBe(200);
      await res.text();
      expect(channel.turns.map((t) => t.tools?.map((tool) => tool.name))).toEqual([['Read']]);
    } finally {
      await api.stop();
    }
  });
});

describe('a runtime that never asks the model anything', () => {
  it('fails its run even when another process posted the policy names first', {
    timeout: 120_000,
  }, async () => {
    const dir = await tempDir('verify-forged-run');
    const log = path.join(dir, 'answers.log');
    const forger = path.join(dir, 'forger.mjs');
    await writeFile(forger, forgerScript(log));
    // The stand-in runtime hands the forger its API address, then reports a successful turn without
    // having sent a request of its own.
    const binary = path.join(dir, 'claude');
    await writeFile(
      binary,
      `#!/bin/sh\n"${process.execPath}" "${forger}" "$ANTHROPIC_BASE_URL"\necho '${SUCCESS}'\nexit 0\n`,
    );
    await chmod(binary, 0o755);
    const report = await verifyCatalog(model, {
      binary,
      timeoutMs: 60_000,
      contexts: [{ id: 'test', context: { hasGit: false } }],
    });
    // Nothing the forger posted was read as what the model was offered.
    expect(report.runs[0]).toMatchObject({
      offered: [],
      clean: false,
      error: 'the runtime sent no request to the model',
    });
    expect(report.surfaces.map((s) => s.error)).toEqual([
      'the runtime sent no request to the model',
    ]);
    expect(report.ok).toBe(false);
    const got = await answers(log);
    expect(got.filter((a) => a.status !== 401)).toEqual([]);
    // The surface run and the context run each started the forger.
    expect(got.length).toBe(2 * 67);
  });
});
