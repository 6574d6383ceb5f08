// The generate session the bundler plugins keep (and `generate --watch` runs) survives every state of
// the file tree the watch tests put it in: a run in that state resolves — it never rejects — with
// every diagnostic located, and the first run after the tree is mended writes what a cold `generate`
// writes. Run in a process of its own, as an unprivileged user when the tests run as root.
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, describe, expect, it } from 'vitest';
import { runBin } from '../support/cli';
import { asUnprivileged, at, PROJECT, SCENARIOS, TOOLS } from '../support/file-tree-upsets';
import { removeTempDirs, tempDir, writeFiles } from '../support/files';
import { REPO } from '../support/paths';

afterAll(removeTempDirs);

/** Runs the session once per line read, and prints what each run gave (or that it threw) as JSON. */
const SESSION = `
import { createInterface } from 'node:readline';
import { createGenerateSession } from ${JSON.stringify(path.join(REPO, 'dist/api.js'))};
const session = createGenerateSession({ cwd: process.cwd(), transientMs: 0 });
for await (const line of createInterface({ input: process.stdin })) {
  if (line === 'end') break;
  try {
    const run = await session.run();
    console.log(JSON.stringify({
      ok: run.ok,
      codes: run.diagnostics.map((d) => d.code),
      // A missing config has no file to point at; everything else does.
      unlocated: run.diagnostics.filter((d) => !d.position && d.code !== 'TC001').map((d) => d.message),
    }));
  } catch (error) {
    console.log(JSON.stringify({ threw: String(error?.stack ?? error) }));
  }
}
await session.dispose();
`;

interface Run {
  readonly ok?: boolean;
  readonly codes?: string[];
  readonly unlocated?: string[];
  readonly threw?: string;
}

// Killed once all the tests ended, not after each: the tests run side by side, and one test's end
// must not stop another's session. A session that ended already is not signalled again.
const children: ChildProcess[] = [];
afterAll(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
});

function startSession(dir: string) {
  const child = spawn(process.execPath, ['--input-type=module', '-e', SESSION], {
    cwd: dir,
    stdio: ['pipe', 'pipe', 'inherit'],
    env: { ...process.env, HOME: dir },
    ...asUnprivileged(dir),
  });
  children.push(child);
  const lines = createInterface({ input: child.stdout! })[Symbol.asyncIterator]();
  return {
    async run(): Promise<Run> {
      child.stdin!.write('run\n');
      const { value, done } = await lines.next();
      if (done) throw new Error('the session process ended');
      return JSON.parse(value) as Run;
    },
    end: () => child.stdin!.end('end\n'),
  };
}

// Each scenario has its own project and its own session process: nothing is shared, and most of a
// scenario's time is spent waiting on processes, which overlaps with the others'.
describe.concurrent('a generate session and the file tree under it', () => {
  it.each(Object.keys(SCENARIOS))(
    '%s: the run resolves with located diagnostics, and the run after the fix writes what a cold generate writes',
    async (name) => {
      const scenario = SCENARIOS[name]!;
      const dir = await tempDir('session-tree');
      writeFiles(dir, PROJECT);
      const session = startSession(dir);
      expect(await session.run()).toMatchObject({ ok: true });
      scenario.upset(dir);
      const upset = await session.run();
      expect(upset.threw, upset.threw).toBeUndefined();
      expect(upset.unlocated).toEqual([]);
      scenario.mend(dir);
      writeFileSync(at(dir, 'catalog/tools.catalog.ts'), TOOLS('Read after the fix'));
      expect(await session.run()).toMatchObject({ ok: true, codes: [] });
      session.end();
      expect(readFileSync(at(dir, 'generated/demo/i18n/en.json'), 'utf8')).toContain(
        'Read after the fix',
      );
      const cold = await runBin(['generate', '--check'], dir);
      expect(cold.code, cold.stdout + cold.stderr).toBe(0);
    },
    90_000,
  );
});
