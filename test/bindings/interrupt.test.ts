// `bindings --fix` stopped by Ctrl-C or SIGTERM after it wrote one catalog's binding file and before
// the next: the real command, a real signal — the file it created is removed again, the one it had
// not reached keeps its bytes, and the process exits 130 / 143.
import { execFileSync } from 'node:child_process';
import {
  closeSync,
  constants,
  existsSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../support/cli';
import { uniqueArtifactDir } from '../support/files';
import { startBin, within } from '../verify/fake-runtime';

const EXIT_CODES = { SIGINT: 130, SIGTERM: 143 } as const;
const CATALOGS = ['small', 'gate', 'big'] as const;

/**
 * Three catalogs with binding files, fixed in this order: `small` has none yet (fix creates it),
 * `gate`'s is a named pipe, so reading it holds the command right after it wrote `small`'s until the
 * test opens the pipe, and `big`'s lacks one entry (fix would change it, had it got there).
 */
async function threeCatalogApp(name: string): Promise<string> {
  const dir = uniqueArtifactDir(name);
  const entries = CATALOGS.map(
    (c) =>
      `    ${c}: { include: ['catalog-${c}/*.catalog.ts'], outDir: 'generated/${c}', ` +
      `bindings: { file: 'src/${c}-bindings.ts' } },`,
  );
  writeFileSync(
    path.join(dir, 'tool-catalog.config.ts'),
    `import { defineConfig } from 'agent-tool-catalog';

export default defineConfig({
  catalogs: {
${entries.join('\n')}
  },
});
`,
  );
  const tool = (key: string) =>
    `  ${key}: { kind: 'mcp', server: 's', wire: '${key.toLowerCase()}', category: 'main', exposure: 'user', label: '${key}', description: 'Tool ${key}' },`;
  for (const c of CATALOGS) {
    mkdirSync(path.join(dir, `catalog-${c}`), { recursive: true });
    writeFileSync(
      path.join(dir, `catalog-${c}/${c}.catalog.ts`),
      `import { defineCatalog } from 'agent-tool-catalog';

export const ${c} = defineCatalog({ categories: ['main'], servers: { s: {} } });

export const tools = ${c}.tools({
${[tool('One'), tool('Two')].join('\n')}
});
`,
    );
  }
  const generated = await runCli(['generate'], dir);
  expect(generated.code, generated.stderr).toBe(0);
  rmSync(path.join(dir, 'src/small-bindings.ts'));
  const gate = path.join(dir, 'src/gate-bindings.ts');
  rmSync(gate);
  execFileSync('mkfifo', [gate]);
  const bigFile = path.join(dir, 'src/big-bindings.ts');
  const big = readFileSync(bigFile, 'utf8');
  const withoutTwo = big.split('\n').filter((l) => !/^ {2}Two:/.test(l));
  expect(withoutTwo.length).toBeLessThan(big.split('\n').length);
  writeFileSync(bigFile, withoutTwo.join('\n'));
  return dir;
}

/** Lets a reader waiting on the pipe go on (it reads nothing); a no-op once no one waits on it. */
function openGate(fifo: string): void {
  try {
    closeSync(openSync(fifo, constants.O_WRONLY | constants.O_NONBLOCK));
  } catch {
    // ENXIO: no reader any more.
  }
}

async function until(check: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 240_000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('bindings --fix stopped between two catalogs', () => {
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    it(`${signal}: the file it wrote gets its old bytes back, exit ${EXIT_CODES[signal]}`, async () => {
      const dir = await threeCatalogApp(`bindings-${signal}`);
      const small = path.join(dir, 'src/small-bindings.ts');
      const gate = path.join(dir, 'src/gate-bindings.ts');
      const big = path.join(dir, 'src/big-bindings.ts');
      const before = readFileSync(big, 'utf8');
      const run = startBin(['bindings', '--fix'], dir);
      try {
        // Held at the gate once the small catalog's file exists: the signal finds it between the two.
        await until(() => existsSync(small), 'bindings --fix to write the small catalog');
        run.child.kill(signal);
        // Its thread pool still waits on the pipe, which a process that exits waits for too.
        await until(() => run.output().stderr.includes('stopped by'), 'the interruption report');
        openGate(gate);
        const exited = await within(run.exited, 'bindings to exit', 30_000);
        expect.soft(exited).toEqual({ code: EXIT_CODES[signal], signal: null });
      } finally {
        openGate(gate);
        run.child.kill('SIGKILL');
      }
      expect
        .soft(run.output().stderr)
        .toContain(`bindings: stopped by ${signal}; src/small-bindings.ts got its old bytes back`);
      // The file it created is gone again; the one it had not reached keeps its bytes.
      expect(existsSync(small)).toBe(false);
      expect(readFileSync(big, 'utf8')).toBe(before);
      expect(readdirSync(path.dirname(small)).filter((n) => n.startsWith('.'))).toEqual([]);
    }, 300_000);
});
