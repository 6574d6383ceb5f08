// `--env` cannot change the variables that keep a run hermetic (its own config folder, the loopback
// API) unless `--allow-env-override` says so: without it the command refuses (exit 2) and the core
// keeps its own values; with it the user's values are used, with what follows from them.
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CatalogModel } from '../../plugin/model/catalog-model';
import { parseEnvFlags } from '../../plugin/cli/commands/verify';
import { type FakeApi, startFakeApi } from '../../plugin/verify/fake-api';
import { HERMETIC_VARIABLES } from '../../plugin/verify/hermetic';
import { json, runBin } from '../support/cli';
import { removeTempDirs, tempDir } from '../support/files';
import { fixtureModel, runOnce, VERIFY_FIXTURE } from '../support/verify';

let model: CatalogModel;
/** An API server of the user's: the same stand-in as verify's, started by the test. */
let userApi: FakeApi;
beforeAll(async () => {
  model = await fixtureModel();
  userApi = await startFakeApi();
});
afterAll(async () => {
  await userApi.stop();
  await removeTempDirs();
});

const files = (dir: string) => readdir(dir, { recursive: true }).catch(() => []);

describe('--env with a variable verify sets itself', () => {
  // Values that stay on this machine, in a test folder, should a refusal ever let one through.
  for (const [name, value] of [
    ['ANTHROPIC_BASE_URL', 'http://127.0.0.1:9'],
    ['CLAUDE_CONFIG_DIR', 'config'],
    ['HOME', 'home'],
  ] as const)
    it(`${name}: exit 2 naming --allow-env-override, and no runtime started`, async () => {
      const tmp = await tempDir('verify-env-refused');
      const given = value.startsWith('http') ? value : path.join(tmp, value);
      const run = await runBin(
        ['verify', '--ctx', 'has-git=false', '--env', `${name}=${given}`],
        VERIFY_FIXTURE,
        {
          TMPDIR: tmp,
        },
      );
      expect(run).toMatchObject({ code: 2, stdout: '' });
      expect(run.stderr).toMatch(
        new RegExp(
          `^--env ${name}: verify sets it to keep the run hermetic .*add --allow-env-override`,
        ),
      );
      // No run folder was made: nothing started.
      expect(await files(tmp)).toEqual([]);
    });

  it('every variable verify sets is refused without the flag and taken with it; any other is taken', () => {
    for (const name of HERMETIC_VARIABLES) {
      expect(() => parseEnvFlags([`${name}=x`]), name).toThrow(/add --allow-env-override/);
      expect(parseEnvFlags([`${name}=x`], true)).toEqual({ [name]: 'x' });
    }
    expect(parseEnvFlags(['CLAUDE_CODE_EXPERIMENTAL_AGENT_TEAMS=1'])).toEqual({
      CLAUDE_CODE_EXPERIMENTAL_AGENT_TEAMS: '1',
    });
  });
});

describe('the hermetic variables in a run', () => {
  it('without leave to override, verify keeps its own: the user folder and API see nothing', {
    timeout: 180_000,
  }, async () => {
    const config = path.join(await tempDir('verify-env-kept'), 'config');
    const channel = userApi.open();
    const run = await runOnce(model, false, {
      env: {
        CLAUDE_CONFIG_DIR: config,
        ANTHROPIC_BASE_URL: channel.baseUrl,
        ANTHROPIC_API_KEY: channel.apiKey,
      },
    });
    expect(run.error).toBeUndefined();
    expect(run.clean).toBe(true);
    expect(channel.turns).toEqual([]);
    expect(await files(config)).toEqual([]);
    channel.close();
  });

  it('with --allow-env-override the runtime uses the given folder and API; verify, asked nothing, fails the run', {
    timeout: 180_000,
  }, async () => {
    const config = path.join(await tempDir('verify-env-override'), 'config');
    const channel = userApi.open();
    const run = await runBin(
      [
        'verify',
        '--ctx',
        'has-git=false',
        '--allow-env-override',
        '--env',
        `CLAUDE_CONFIG_DIR=${config}`,
        '--env',
        `ANTHROPIC_BASE_URL=${channel.baseUrl}`,
        '--env',
        `ANTHROPIC_API_KEY=${channel.apiKey}`,
        '--json',
      ],
      VERIFY_FIXTURE,
    );
    const report = json(run);
    expect(run.code).toBe(1);
    // Both runs (the surface run and the context run) asked the user's API, not verify's.
    expect(report.surfaces.map((s: { error?: string }) => s.error)).toEqual([
      'the runtime sent no request to the model',
    ]);
    expect(report.runs.map((r: { error?: string }) => r.error)).toEqual([
      'the runtime sent no request to the model',
    ]);
    expect(channel.turns.length).toBeGreaterThanOrEqual(2);
    // The runtime wrote its configuration where it was told: outside the run folder, the user's doing.
    expect((await files(config)).length).toBeGreaterThan(0);
    channel.close();
  });
});
