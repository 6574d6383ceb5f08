// `generate --watch` survives whatever the file tree does under it: a symbolic-link loop in the catalog
// folder, a link to the folder itself, a catalog file swapped for a folder, the catalog folder moved
// away or swapped for a file, a file or folder it may not read, the config moved away, a file where
// the output folder goes. The real process (run as an unprivileged user, for whom permissions
// hold) reports each, keeps running, and once the tree is valid again picks up the next edit; stopped
// while the tree is so, it ends cleanly.
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { afterAll, describe, it } from 'vitest';
import { removeTempDirs, tempDir, writeFiles } from '../support/files';
import { asUnprivileged, at, PROJECT, SCENARIOS, TOOLS } from '../support/file-tree-upsets';
import { BIN } from '../support/paths';

afterAll(removeTempDirs);

// Killed once all the tests ended, not after each: the tests run side by side (each has its own
// project and process, and most of a test is waiting on its process), and one test's end must not
// stop another's watcher.
const children: ChildProcess[] = [];
afterAll(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
});

/** The real `generate --watch`: as the unprivileged user `nobody` when the tests run as root. */
function startWatch(dir: string) {
  const child = spawn(process.execPath, [BIN, 'generate', '--watch'], {
    cwd: dir,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, HOME: dir, NO_COLOR: '1' },
    ...asUnprivileged(dir),
  });
  children.push(child);
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  let exit: number | null | undefined;
  const exited = new Promise<number | null>((resolve) =>
    child.on('close', (code) => {
      exit = code;
      resolve(code);
    }),
  );
  return { child, output: () => output, running: () => exit === undefined, exited };
}

async function until(check: () => boolean, what: string, log: () => string): Promise<void> {
  const deadline = Date.now() + 40_000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}; output:\n${log()}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe.concurrent('generate --watch and the file tree under it', () => {
  it.for(Object.keys(SCENARIOS))(
    '%s: reported, still running, and the next edit after the fix is picked up',
    { timeout: 90_000 },
    async (name, { expect }) => {
      const scenario = SCENARIOS[name]!;
      const dir = await tempDir('watch-tree');
      writeFiles(dir, PROJECT);
      const watch = startWatch(dir);
      const log = watch.output;
      await until(() => /Watching \d+ paths/.test(log()), 'the first run', log);
      const seen = log().length;
      scenario.upset(dir);
      const reported = scenario.reported;
      if (reported) await until(() => reported.test(log().slice(seen)), 'the report', log);
      // Given time to die, if it were to.
      await new Promise((r) => setTimeout(r, 1_000));
      expect(watch.running(), log()).toBe(true);
      scenario.mend(dir);
      await new Promise((r) => setTimeout(r, 300));
      writeFileSync(at(dir, 'catalog/tools.catalog.ts'), TOOLS('Read after the fix'));
      const en = at(dir, 'generated/demo/i18n/en.json');
      const has = () => {
        try {
          return readFileSync(en, 'utf8').includes('Read after the fix');
        } catch {
          return false;
        }
      };
      await until(has, 'the edit after the fix', log);
      expect(watch.running(), log()).toBe(true);
      watch.child.kill('SIGINT');
      expect(await watch.exited, log()).toBe(0);
    },
  );
});

describe.concurrent('generate --watch stopped while the file tree is upset', () => {
  it.for(Object.keys(SCENARIOS))(
    '%s: Ctrl-C ends it cleanly',
    { timeout: 90_000 },
    async (name, { expect }) => {
      const dir = await tempDir('watch-stop');
      writeFiles(dir, PROJECT);
      const watch = startWatch(dir);
      const log = watch.output;
      await until(() => /Watching \d+ paths/.test(log()), 'the first run', log);
      const seen = log().length;
      SCENARIOS[name]!.upset(dir);
      const reported = SCENARIOS[name]!.reported;
      if (reported) await until(() => reported.test(log().slice(seen)), 'the report', log);
      else await new Promise((r) => setTimeout(r, 1_500));
      watch.child.kill('SIGINT');
      expect(await watch.exited, log()).toBe(0);
    },
  );
});
