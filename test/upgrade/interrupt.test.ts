// `upgrade` stopped by Ctrl-C or SIGTERM, as a user stops the real command: during `--write`, while the
// edited catalog is loaded again to be checked, every file gets its old bytes back before the process
// exits 130 / 143; during a surface run, the runtime it started is gone from the process table.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { removeTempDirs, tempDir } from '../support/files';
import { descendants, stillRunning } from '../support/processes';
import { settle, startBin, until, within } from '../verify/fake-runtime';
import { fixtureApp } from './upgrade-apps';

const CACHE = path.join(__dirname, '../../node_modules/.cache/agent-tool-catalog-tests');
const EXIT_CODES = { SIGINT: 130, SIGTERM: 143 } as const;
const EDITED = ['catalog/tools/shell.catalog.ts', 'catalog/tools/orchestration.catalog.ts'];
const LOCK = 'generated/claude/runtime-surface.lock.json';

/** Every pid a test saw: killed after it, so a failing test leaves nothing running either. */
const seen: number[] = [];
afterAll(removeTempDirs);
afterEach(() => {
  for (const pid of seen.splice(0))
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // Gone, as it should be.
    }
});

const read = (dir: string, file: string) => readFileSync(path.join(dir, file), 'utf8');
/** Files a write or a restore left half-done beside the catalog's. */
const leftovers = (dir: string) =>
  ['catalog/tools', 'generated/claude'].flatMap((d) =>
    readdirSync(path.join(dir, d)).filter((n) => /\.(tmp|restore)$|\.tmp-/.test(n)),
  );

/**
 * The app of 0.3.168 with a catalog file that takes two seconds to evaluate, so the check of the
 * edited catalog (which evaluates it again) lasts long enough to be interrupted.
 */
function slowApp(name: string): string {
  const dir = fixtureApp('app-0.3.168', name);
  writeFileSync(
    path.join(dir, 'catalog/slow-check.ts'),
    '// Evaluating this takes two seconds.\nconst end = Date.now() + 2000;\nwhile (Date.now() < end) {}\nexport const slow = true;\n',
  );
  const shell = path.join(dir, EDITED[0]!);
  writeFileSync(shell, `import '../slow-check';\n${readFileSync(shell, 'utf8')}`);
  return dir;
}

describe('upgrade --write stopped while the edited catalog is checked', () => {
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    it(`${signal}: every edited file gets its old bytes back, exit ${EXIT_CODES[signal]}, nothing left running`, async () => {
      const app = slowApp(`upgrade-${signal}`);
      const before = Object.fromEntries([...EDITED, LOCK].map((f) => [f, read(app, f)]));
      const run = startBin(
        [
          'upgrade',
          '--from',
          'claude-agent-sdk-oldest',
          '--to',
          '0.3.333',
          '--runtime',
          'desktop',
          '--write',
        ],
        app,
        { AGENT_TOOL_CATALOG_CACHE: CACHE },
      );
      seen.push(run.child.pid!);
      // Both files edited on disk: the check of the edited catalog has started.
      await until(
        () => (EDITED.every((f) => read(app, f) !== before[f]) ? true : undefined),
        'upgrade --write to edit both catalog files',
        240_000,
      );
      const children = descendants(run.child.pid!);
      seen.push(...children);
      run.child.kill(signal);
      expect.soft(await within(run.exited, 'upgrade to exit', 30_000)).toEqual({
        code: EXIT_CODES[signal],
        signal: null,
      });
      expect
        .soft(run.output().stderr)
        .toContain(
          `upgrade: ${signal}: 2 edited files got their old bytes back: ${EDITED[0]}, ${EDITED[1]}.\n`,
        );
      for (const file of [...EDITED, LOCK]) expect(read(app, file), file).toBe(before[file]);
      expect(leftovers(app)).toEqual([]);
      expect(
        await settle(
          () => stillRunning(children),
          (l) => l.length === 0,
          10_000,
        ),
      ).toEqual([]);
    }, 300_000);
});

describe('upgrade stopped while it runs a runtime', () => {
  it('SIGINT: the runtime and everything it started are gone, its run folder removed', async () => {
    const app = fixtureApp('app-0.3.168', 'upgrade-run-sigint');
    const tmp = await tempDir('upgrade-run-sigint-tmp');
    const run = startBin(['upgrade', '--from', 'claude-agent-sdk-oldest', '--to', '0.3.333'], app, {
      AGENT_TOOL_CATALOG_CACHE: CACHE,
      TMPDIR: tmp,
    });
    seen.push(run.child.pid!);
    // The runtime of 0.3.333 started by a surface run: the `claude` binary among the command's descendants.
    const runtime = await until(
      () => {
        const found = descendants(run.child.pid!).filter((pid) => {
          const cmd = existsSync(`/proc/${pid}/cmdline`)
            ? readFileSync(`/proc/${pid}/cmdline`, 'utf8')
            : '';
          return /claude-agent-sdk-[^/]+\/claude\b/.test(cmd);
        });
        return found.length > 0 ? found : undefined;
      },
      'upgrade to start the runtime',
      240_000,
    );
    const all = descendants(run.child.pid!);
    seen.push(...all);
    run.child.kill('SIGINT');
    expect.soft(await within(run.exited, 'upgrade to exit', 30_000)).toEqual({
      code: 130,
      signal: null,
    });
    expect
      .soft(run.output().stderr)
      .toContain('upgrade: stopped by SIGINT; nothing it started is left running.\n');
    expect(runtime.length).toBeGreaterThan(0);
    expect(
      await settle(
        () => stillRunning(all),
        (l) => l.length === 0,
        10_000,
      ),
    ).toEqual([]);
  }, 300_000);
});
