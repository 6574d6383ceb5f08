// What the command line says about itself: the top-level help claims only what works, each command's
// help lists every flag it takes (its own and the common ones), a typo gets one did-you-mean line,
// and the binary in a clone whose dist/ is not built says in one line to build it.
import { cpSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { COMMON_OPTIONS } from '../../plugin/cli/command';
import { COMMANDS } from '../../plugin/cli/commands/index';
import { runBin, runCli } from '../support/cli';
import { copyCatalogFixture, removeTempDirs, tempDir } from '../support/files';
import { REPO } from '../support/paths';
import { runCommand } from '../support/packed';

afterAll(removeTempDirs);

const version = (
  JSON.parse(readFileSync(path.join(REPO, 'package.json'), 'utf8')) as { version: string }
).version;

describe('tool-catalog --help and --version', () => {
  it('lists every command, the common options, and --version only where it works', async () => {
    const run = await runCli(['--help'], REPO);
    expect(run.code).toBe(0);
    for (const c of COMMANDS) expect(run.stdout).toMatch(new RegExp(`^  ${c.name} +\\S`, 'm'));
    const common = run.stdout.slice(run.stdout.indexOf('Options for every command:'));
    for (const flag of ['--config <file>', '--catalog <name>', '--json', '--help, -h'])
      expect(common).toContain(flag);
    // Every option listed under "every command" is one every command accepts.
    const listed = [...common.matchAll(/^ {2}--([\w-]+)/gm)].map((m) => m[1]!);
    for (const c of COMMANDS)
      for (const flag of listed) expect(Object.keys(c.options), `${c.name}`).toContain(flag);
    expect((await runCli(['--version'], REPO)).stdout).toBe(`${version}\n`);
    expect((await runCli(['-v'], REPO)).stdout).toBe(`${version}\n`);
    const word = await runCli(['version'], REPO);
    expect(word.stdout).toBe(`${version}\n`);
    expect(word.code).toBe(0);
    expect(run.stdout).toContain('`tool-catalog --version` (or `version`) prints the version');
  });

  it.each(COMMANDS.map((c) => [c.name, c] as const))(
    '%s --help lists each of its flags and the common ones',
    async (name, command) => {
      const run = await runCli([name, '--help'], REPO);
      expect(run.code).toBe(0);
      expect(run.stdout.startsWith(`Usage: tool-catalog ${name} `)).toBe(true);
      for (const flag of Object.keys(command.options)) {
        expect(run.stdout, `--${flag}`).toMatch(new RegExp(`^ {2}--${flag}\\b`, 'm'));
        // The usage line shows the command's own flags too, so nothing is only in the list.
        if (!(flag in COMMON_OPTIONS))
          expect(command.usage, `--${flag} in the usage of ${name}`).toContain(`--${flag}`);
      }
    },
  );

  it('verify --help lists --overlay', async () => {
    const run = await runCli(['verify', '--help'], REPO);
    expect(run.stdout).toContain('[--overlay <name>]...');
    expect(run.stdout).toMatch(/^ {2}--overlay <name> \(repeatable\)$/m);
  });

  it('a misspelled `version` is pointed to it', async () => {
    const run = await runCli(['verison'], REPO);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("Unknown command 'verison'. Did you mean 'version'?");
  });

  it('a misspelled command gets one did-you-mean line, not the whole help', async () => {
    const run = await runBin(['genrate'], await copyCatalogFixture('valid'));
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toBe(
      "Unknown command 'genrate'. Did you mean 'generate'? `tool-catalog --help` lists every command.\n",
    );
  });
});

describe('the binary in a fresh clone', () => {
  it('says in one line to run `npm run build` when dist/ is not built, and exits 1', async () => {
    const clone = await tempDir('fresh-clone');
    cpSync(path.join(REPO, 'bin'), path.join(clone, 'bin'), { recursive: true });
    cpSync(path.join(REPO, 'package.json'), path.join(clone, 'package.json'));
    const run = await runCommand(
      process.execPath,
      [path.join(clone, 'bin/tool-catalog.js'), 'generate'],
      {
        cwd: clone,
      },
    );
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toBe(
      'tool-catalog: dist/ is not built yet in this clone; run `npm run build` first.\n',
    );
  });
});
