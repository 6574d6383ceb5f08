// Every command that needs the Claude Agent SDK, run in a project that does not have it: each exits 2
// with the same sentence (naming the command), on stderr and in `--json`, and compares nothing.
import { cp } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../support/cli';
import { removeTempDirs, tempDir } from '../support/files';
import { VERIFY_FIXTURE } from '../support/verify';

let dir: string;
beforeAll(async () => {
  // Outside the repository: no node_modules above it holds the SDK.
  dir = await tempDir('no-sdk');
  await cp(VERIFY_FIXTURE, dir, { recursive: true });
});
afterAll(removeTempDirs);

const sentence = (command: string) =>
  `@anthropic-ai/claude-agent-sdk is not installed in ${dir} or a folder above it; ` +
  `install it (npm i -D @anthropic-ai/claude-agent-sdk) to run tool-catalog ${command}.`;

describe('a command that needs the SDK, without it', () => {
  for (const [command, args] of [
    ['drift', ['drift']],
    ['verify', ['verify']],
    ['upgrade', ['upgrade', '--to', '0.3.333']],
  ] as const)
    it(`${command}: exits 2 with the shared message`, async () => {
      const run = await runCli(args, dir);
      expect({ code: run.code, stdout: run.stdout }).toEqual({ code: 2, stdout: '' });
      expect(run.stderr.startsWith(`${command}: ${sentence(command)}`), run.stderr).toBe(true);
      const json = await runCli([...args, '--json'], dir);
      expect(json.code).toBe(2);
      expect(JSON.parse(json.stdout)).toMatchObject({
        ok: false,
        error: expect.stringContaining(sentence(command)),
      });
    });
});
