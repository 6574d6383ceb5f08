// The registry generated for the fixture catalog (seed 2's vocabulary: groups, callers, predicates,
// channels, explicit and empty names) type-checks with real tsc 7, 6 and 5.9, and rejects wrong keys.
import { execFile } from 'node:child_process';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyFixture, removeTempDirs, REPO, runCli } from './helpers';

const COMPILERS = {
  'TypeScript 7': 'node_modules/typescript/bin/tsc',
  'TypeScript 6': 'node_modules/typescript-6/bin/tsc',
  'TypeScript 5.9': 'node_modules/typescript-5.9/bin/tsc',
};

const CHECK = `import { DEMO_CALLERS, DEMO_TOOL_REGISTRY, type DemoToolGroup, type DemoToolKey, type DemoToolName } from './generated/demo/registry';
type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
const assertType = <T extends true>(_proof?: T): void => undefined;
export const key: DemoToolKey = 'PrInfo';
// @ts-expect-error unknown key
export const wrongKey: DemoToolKey = 'PrInf';
export const name: DemoToolName = 'mcp__tools__get_pr_diff';
// @ts-expect-error unknown runtime name
export const wrongName: DemoToolName = 'mcp__tools__PrInfo';
assertType<Equal<(typeof DEMO_TOOL_REGISTRY)['PrInfo']['names'], readonly ['mcp__tools__get_pr_info', 'mcp__tools__get_pr_diff']>>();
assertType<Equal<(typeof DEMO_TOOL_REGISTRY)['SkillsBundle']['names'], readonly []>>();
assertType<Equal<(typeof DEMO_TOOL_REGISTRY)['SentryMessaging']['channel'], 'sentry'>>();
assertType<Equal<(typeof DEMO_CALLERS)['CHAT'], readonly ['chat_only']>>();
assertType<Equal<DemoToolGroup, 'core' | 'chat_only'>>();
`;

let dir: string;
beforeAll(async () => {
  dir = await copyFixture('valid');
  const run = await runCli(['generate'], dir);
  expect(run.code, run.stderr).toBe(0);
  await fs.writeFile(path.join(dir, 'check.ts'), CHECK);
  await fs.writeFile(
    path.join(dir, 'tsconfig.json'),
    JSON.stringify({ compilerOptions: { strict: true, noEmit: true, target: 'es2022', module: 'esnext', moduleResolution: 'bundler', noUnusedLocals: false }, files: ['check.ts'] }),
  );
});
afterAll(removeTempDirs);

describe('generated registry of the fixture catalog', () => {
  it.each(Object.entries(COMPILERS))('type-checks with %s', async (_name, tsc) => {
    const result = await promisify(execFile)(process.execPath, [path.join(REPO, tsc), '-p', 'tsconfig.json'], { cwd: dir }).then(
      () => ({ code: 0, out: '' }),
      (e: { code: number; stdout: string }) => ({ code: e.code, out: e.stdout }),
    );
    expect(result.out).toBe('');
    expect(result.code).toBe(0);
  });

  it('fails to type-check when a key the checks rely on disappears', async () => {
    const registry = path.join(dir, 'generated/demo/registry.ts');
    const original = await fs.readFile(registry, 'utf8');
    try {
      await fs.writeFile(registry, original.replace("  | 'PrInfo'\n", ''));
      const out = await promisify(execFile)(process.execPath, [path.join(REPO, COMPILERS['TypeScript 7']), '-p', 'tsconfig.json'], { cwd: dir }).then(
        () => '',
        (e: { stdout: string }) => e.stdout,
      );
      expect(out).toContain("check.ts(4,14): error TS2322: Type '\"PrInfo\"' is not assignable to type 'DemoToolKey'.");
    } finally {
      await fs.writeFile(registry, original);
    }
  });
});
