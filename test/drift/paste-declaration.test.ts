// The ready-to-paste declarations do what they promise: pasted into the catalog as printed, the
// catalog validates, drift agrees, and the catalog and its coverage file compile under tsc.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { labelFromName } from '../../plugin/drift/declaration';
import { editFile, fixtureProject, runTsc } from './fixture-project';
import { runCli } from '../support/cli';

const cli = (cwd: string, ...args: string[]) => runCli(args, cwd);

const TOOLS_FILE = 'catalog/tools.catalog.ts';

/** The declarations a drift report offers, exactly as printed. */
const declarationsIn = (report: string) =>
  report
    .split('\n')
    .filter((l) => l.startsWith('    '))
    .map((l) => l.trim());

function paste(dir: string, declarations: readonly string[]) {
  editFile(
    dir,
    TOOLS_FILE,
    'export default mini.tools({\n',
    `export default mini.tools({\n${declarations.map((d) => `  ${d}\n`).join('')}`,
  );
}

describe('ready-to-paste declarations', () => {
  it('make drift agree and compile when pasted', async () => {
    const dir = fixtureProject('paste-adds', 'adds-tool');
    const before = await cli(dir, 'drift');
    const declarations = declarationsIn(before.stdout);
    expect(declarations).toEqual([
      "PushNotification: { kind: 'sdk', category: 'file', exposure: 'disabled', label: 'Push notification' },",
    ]);
    paste(dir, declarations);

    expect(await cli(dir, 'drift')).toMatchObject({ code: 0, stderr: '' });
    expect(await cli(dir, 'generate')).toMatchObject({ code: 0, stderr: '' });
    expect(readFileSync(path.join(dir, 'generated/mini/sdk-coverage.ts'), 'utf8')).toContain(
      '  PushNotification: MiniSdkTools.PushNotificationInput;\n',
    );
    expect(
      await runTsc('TypeScript 7', dir, [TOOLS_FILE, 'generated/mini/sdk-coverage.ts']),
    ).toEqual({
      code: 0,
      output: '',
    });
  });

  it("carry the SDK type name when the tool's runtime name differs, so the coverage import is right", async () => {
    const dir = fixtureProject('paste-sdk-package', 'agree', { sdkPackage: true });
    const declarations = declarationsIn((await cli(dir, 'drift')).stdout);
    expect(declarations).toHaveLength(2);
    paste(dir, declarations);
    editFile(
      dir,
      TOOLS_FILE,
      "SendMessage: { kind: 'sdk', sdkTyped: false,",
      "SendMessage: { kind: 'sdk',",
    );

    expect(await cli(dir, 'drift')).toMatchObject({ code: 0, stderr: '' });
    expect(await cli(dir, 'generate')).toMatchObject({ code: 0, stderr: '' });
    const coverage = readFileSync(path.join(dir, 'generated/mini/sdk-coverage.ts'), 'utf8');
    expect(coverage).toContain(
      '  propose_skills: MiniSdkTools.ProposeSkillsInput;\n  SetGoal: MiniSdkTools.ProposeGoalInput;\n',
    );
    expect(coverage).toContain("import type * as MiniSdkTools from 'fixture-agent-sdk/sdk-tools';");
    expect(
      await runTsc('TypeScript 7', dir, [TOOLS_FILE, 'generated/mini/sdk-coverage.ts']),
    ).toEqual({
      code: 0,
      output: '',
    });
  });

  it('labels tools in sentence case and keeps acronyms', () => {
    expect(
      [
        'PushNotification',
        'REPL',
        'ListMcpResourcesTool',
        'propose_skills',
        'LSP',
        'EnterPlanMode',
      ].map(labelFromName),
    ).toEqual([
      'Push notification',
      'REPL',
      'List mcp resources tool',
      'Propose skills',
      'LSP',
      'Enter plan mode',
    ]);
  });
});
