// The generated SDK coverage guard under real compilers (TypeScript 7 and 6): it compiles while the
// SDK exports every catalogued input type, and fails naming the tool when one is missing.
import { cpSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DRIFT_COMPILERS, fixtureProject, runTsc, SDK_FIXTURES } from './fixture-project';
import { runCli } from '../support/cli';

const cli = (cwd: string, ...args: string[]) => runCli(args, cwd);

const COVERAGE = 'generated/mini/sdk-coverage.ts';

async function generated(
  name: string,
  shape: Parameters<typeof fixtureProject>[1],
  options: Parameters<typeof fixtureProject>[2] = {},
) {
  const dir = fixtureProject(name, shape, options);
  const run = await cli(dir, 'generate');
  expect(run.stderr).toBe('');
  expect(run.code).toBe(0);
  return dir;
}

describe('sdk-coverage.ts', () => {
  it('imports the input type of every SDK-typed tool through the alias map, and no exempt tool', async () => {
    const dir = await generated('coverage-content', 'agree');
    const text = readFileSync(path.join(dir, COVERAGE), 'utf8');
    expect(text).toContain("import type * as MiniSdkTools from '../../types/sdk-tools.js';");
    expect(text).toContain(
      'export interface MiniSdkToolInputs {\n  Read: MiniSdkTools.FileReadInput;\n  ListMcpResourcesTool: MiniSdkTools.ListMcpResourcesInput;\n  Bash: MiniSdkTools.BashInput;\n  TaskOutput: MiniSdkTools.TaskOutputInput;\n  Agent: MiniSdkTools.AgentInput;\n}',
    );
    expect(text).not.toMatch(/SendMessage|Notes/);
    expect(readFileSync(path.join(dir, 'generated/mini/index.ts'), 'utf8')).toContain(
      "export * from './sdk-coverage';",
    );
  });

  for (const compiler of DRIFT_COMPILERS) {
    it(`compiles under ${compiler} while the SDK has every catalogued type`, async () => {
      const dir = await generated(`coverage-ok-${compiler.replace(/\W/g, '')}`, 'nested-output');
      expect(await runTsc(compiler, dir, [COVERAGE])).toEqual({ code: 0, output: '' });
    });

    it(`fails under ${compiler} naming the tool whose SDK type is missing`, async () => {
      const dir = await generated(`coverage-missing-${compiler.replace(/\W/g, '')}`, 'agree');
      // The SDK drops TaskOutput after the coverage file was generated, as an upgrade would.
      cpSync(
        path.join(SDK_FIXTURES, 'types/removes-tool.d.ts'),
        path.join(dir, 'types/sdk-tools.d.ts'),
      );
      const run = await runTsc(compiler, dir, [COVERAGE]);
      expect(run.code).not.toBe(0);
      // Both errors sit on TaskOutput's own lines: its input type, and its entry in the coverage object.
      const lines = readFileSync(path.join(dir, COVERAGE), 'utf8').split('\n');
      const typeLine = lines.indexOf('  TaskOutput: MiniSdkTools.TaskOutputInput;') + 1;
      const typeColumn = lines[typeLine - 1]!.indexOf('TaskOutputInput') + 1;
      const entryLine = lines.indexOf('  TaskOutput: true,') + 1;
      expect(typeLine).toBeGreaterThan(0);
      expect(entryLine).toBeGreaterThan(typeLine);
      expect(run.output).toContain(
        `${COVERAGE}(${typeLine},${typeColumn}): error TS2694: Namespace '"${path.join(dir, 'types/sdk-tools')}"' has no exported member 'TaskOutputInput'.`,
      );
      expect(run.output).toContain(
        `${COVERAGE}(${entryLine},3): error TS2322: Type 'true' is not assignable to type '"the SDK no longer exports the input type of tool 'TaskOutput'; run tool-catalog drift"'.`,
      );
      expect(run.output.match(/error TS2322/g)).toHaveLength(1);
    });
  }

  it('imports the renamed type when the config maps it through sdk.aliases, and compiles', async () => {
    const dir = await generated('coverage-renamed', 'renames-tool', {
      aliases: { ReadFile: 'Read' },
    });
    expect(readFileSync(path.join(dir, COVERAGE), 'utf8')).toContain(
      '  Read: MiniSdkTools.ReadFileInput;\n',
    );
    expect(await runTsc('TypeScript 7', dir, [COVERAGE])).toEqual({ code: 0, output: '' });
  });
});
