// The registry generated for the fixture catalog (groups, callers, predicates, channels, explicit and
// empty names) type-checks with real tsc 7, 6 and 5.9, and rejects wrong keys.
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runBin } from '../support/cli';
import { COMPILER_NAMES, runTsc } from '../support/compilers';
import { copyCatalogFixture, removeTempDirs } from '../support/files';

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
  dir = await copyCatalogFixture('valid');
  const run = await runBin(['generate'], dir);
  expect(run.code, run.stderr).toBe(0);
  await fs.writeFile(path.join(dir, 'check.ts'), CHECK);
  await fs.writeFile(
    path.join(dir, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        strict: true,
        noEmit: true,
        target: 'es2022',
        module: 'esnext',
        moduleResolution: 'bundler',
        noUnusedLocals: false,
      },
      files: ['check.ts'],
    }),
  );
});
afterAll(removeTempDirs);

describe('generated registry of the fixture catalog', () => {
  it.each(COMPILER_NAMES)('type-checks with %s', async (compiler) => {
    const result = await runTsc(compiler, ['-p', 'tsconfig.json'], dir);
    expect(result.output).toBe('');
    expect(result.code).toBe(0);
  });

  it('fails to type-check when a key the checks rely on disappears', async () => {
    const registry = path.join(dir, 'generated/demo/registry.ts');
    const original = await fs.readFile(registry, 'utf8');
    try {
      const withoutKey = original.replace("  | 'PrInfo'\n", '');
      expect(withoutKey).not.toBe(original);
      await fs.writeFile(registry, withoutKey);
      const { output } = await runTsc('TypeScript 7', ['-p', 'tsconfig.json'], dir);
      expect(output).toContain(
        "check.ts(4,14): error TS2322: Type '\"PrInfo\"' is not assignable to type 'DemoToolKey'.",
      );
    } finally {
      await fs.writeFile(registry, original);
    }
  });
});
