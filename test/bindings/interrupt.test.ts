// `bindings --fix` stopped by Ctrl-C or SIGTERM after it wrote one catalog's binding file and before
// the next: the real command, a real signal — the file it created is removed again, the other keeps
// its bytes, and the process exits 130 / 143.
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  watch,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../support/cli';
import { uniqueArtifactDir } from '../support/files';
import { startBin, within } from '../verify/fake-runtime';

const EXIT_CODES = { SIGINT: 130, SIGTERM: 143 } as const;
const BIG = 3000;

/**
 * Two catalogs with binding files: `small` has none yet (fix creates it first), `big` has 3,000 tools
 * and a binding file with ten of them, so inserting the rest takes long enough to be interrupted.
 */
async function twoCatalogApp(name: string): Promise<string> {
  const dir = uniqueArtifactDir(name);
  mkdirSync(path.join(dir, 'catalog-small'), { recursive: true });
  mkdirSync(path.join(dir, 'catalog-big'), { recursive: true });
  writeFileSync(
    path.join(dir, 'tool-catalog.config.ts'),
    `import { defineConfig } from 'agent-tool-catalog';

export default defineConfig({
  catalogs: {
    small: { include: ['catalog-small/*.catalog.ts'], outDir: 'generated/small', bindings: { file: 'src/small-bindings.ts' } },
    big: { include: ['catalog-big/*.catalog.ts'], outDir: 'generated/big', bindings: { file: 'src/big-bindings.ts' } },
  },
});
`,
  );
  const catalog = (name: string, tools: string[]) =>
    `import { defineCatalog } from 'agent-tool-catalog';

export const ${name} = defineCatalog({ categories: ['main'], servers: { s: {} } });

export const tools = ${name}.tools({
${tools.join('\n')}
});
`;
  const tool = (key: string) =>
    `  ${key}: { kind: 'mcp', server: 's', wire: '${key.toLowerCase()}', category: 'main', exposure: 'user', label: '${key}', description: 'Tool ${key}' },`;
  writeFileSync(path.join(dir, 'catalog-small/small.catalog.ts'), catalog('small', [tool('One')]));
  writeFileSync(
    path.join(dir, 'catalog-big/big.catalog.ts'),
    catalog(
      'big',
      Array.from({ length: BIG }, (_, i) => tool(`T${i}`)),
    ),
  );
  const generated = await runCli(['generate'], dir);
  expect(generated.code, generated.stderr).toBe(0);
  // The small catalog's binding file is missing; the big one keeps only its first ten entries.
  const bigFile = path.join(dir, 'src/big-bindings.ts');
  writeFileSync(
    bigFile,
    readFileSync(bigFile, 'utf8')
      .split('\n')
      .filter((l) => !/^ {2}T\d+:/.test(l) || Number(/^ {2}T(\d+)/.exec(l)![1]) < 10)
      .join('\n'),
  );
  rmSync(path.join(dir, 'src/small-bindings.ts'));
  return dir;
}

describe('bindings --fix stopped between two catalogs', () => {
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    it(`${signal}: the file it wrote gets its old bytes back, exit ${EXIT_CODES[signal]}`, async () => {
      const dir = await twoCatalogApp(`bindings-${signal}`);
      const small = path.join(dir, 'src/small-bindings.ts');
      const big = path.join(dir, 'src/big-bindings.ts');
      const before = readFileSync(big, 'utf8');
      // Frozen the moment the small catalog's file appears (a poll could come after the big one too,
      // on a busy machine), signalled while frozen, then let go: the signal finds it between the two.
      let run: ReturnType<typeof startBin> | undefined;
      const frozen = new Promise<void>((resolve) => {
        const watcher = watch(path.dirname(small), (_, name) => {
          if (name !== path.basename(small) || !existsSync(small)) return;
          run!.child.kill('SIGSTOP');
          watcher.close();
          resolve();
        });
      });
      run = startBin(['bindings', '--fix'], dir);
      await within(frozen, 'bindings --fix to write the small catalog', 240_000);
      run.child.kill(signal);
      run.child.kill('SIGCONT');
      const exited = await within(run.exited, 'bindings to exit', 30_000);
      expect.soft(exited).toEqual({ code: EXIT_CODES[signal], signal: null });
      expect
        .soft(run.output().stderr)
        .toContain(`bindings: stopped by ${signal}; src/small-bindings.ts`);
      // The file it created is gone again; the one it had not reached keeps its bytes.
      expect(existsSync(small)).toBe(false);
      expect(readFileSync(big, 'utf8')).toBe(before);
      expect(readdirSync(path.dirname(small)).filter((n) => n.startsWith('.'))).toEqual([]);
    }, 300_000);
});
