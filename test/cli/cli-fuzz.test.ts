// Random command lines against a real project, through the CLI's own entry: every one ends with exit
// 0, 1 or 2, prints no stack trace and no internal error, and changes no file outside the output
// folders (a report may create the file `--out` names). CLI_FUZZ_SEED repeats a run, CLI_FUZZ_RUNS
// changes its length (500 by default).
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMANDS } from '../../plugin/cli/commands/index';
import { runCli } from '../../plugin/cli/main';
import { CACHE_ENV } from '../../plugin/upgrade/sdk-cache';
import { copyCatalogFixture, removeTempDirs, tempDir } from '../support/files';
import { FIXTURES } from '../support/paths';

const SEED = process.env.CLI_FUZZ_SEED ? Number(process.env.CLI_FUZZ_SEED) : Date.now() % 2 ** 31;
const RUNS = Number(process.env.CLI_FUZZ_RUNS ?? 500);

/** Folders any command may write in: output folders, the evaluation cache, where reports go. */
const WRITABLE = ['generated/', 'node_modules/', 'out/', 'src/'];
const STACK_FRAME = /^\s*at (?:.+ \()?(?:\/|file:|node:)[^)]*:\d+(?::\d+)?\)?$/m;
/** Exit codes seen, for the summary line: a fuzz that only ever hits usage errors proves little. */
const seen = new Map<number, number>();
const RAW_ERROR = /^(?:Uncaught )?[A-Z][A-Za-z]*Error(?: \[\w+\])?: /m;

let dir: string;
afterAll(removeTempDirs);

beforeAll(async () => {
  dir = await copyCatalogFixture('valid');
  // `upgrade` and `cache` get a cache of their own: the user's (hundreds of MB once SDKs were fetched)
  // took most of the run to measure for `cache`, and `cache --clean` must not empty it.
  process.env[CACHE_ENV] = await tempDir('cli-fuzz-cache');
  mkdirSync(path.join(dir, 'adir'));
  mkdirSync(path.join(dir, 'out'));
  writeFileSync(path.join(dir, 'adir/keep.txt'), 'kept\n');
  writeFileSync(path.join(dir, 'afile.txt'), 'a file, not a folder\n');
  writeFileSync(path.join(dir, 'README.md'), '# An app\n');
  // A second config with a binding file and an MCP server to list, for --config to pick.
  writeFileSync(
    path.join(dir, 'alt.config.ts'),
    `import { defineConfig } from 'agent-tool-catalog';
export default defineConfig({ catalogs: { demo: {
  include: ['catalog/**/*.catalog.ts'], outDir: 'generated/alt', prefix: 'Demo',
  bindings: { file: 'src/toolBinding.ts' },
  mcp: { docs: { command: 'node', args: [${JSON.stringify(path.join(FIXTURES, 'mcp/misbehaving-server.mjs'))}, 'paged', '4'], connectTimeoutMs: 120000, listTimeoutMs: 120000 } },
} } });
`,
  );
});

/** Every file under the project: relative path → hash of its bytes and its mode. */
function snapshot(): Map<string, string> {
  const files = new Map<string, string>();
  const walk = (rel: string) => {
    for (const entry of readdirSync(path.join(dir, rel), { withFileTypes: true })) {
      const child = rel ? `${rel}/${entry.name}` : entry.name;
      if (entry.isDirectory()) walk(child);
      else {
        const file = path.join(dir, child);
        const bytes = entry.isFile() ? readFileSync(file) : Buffer.from('');
        files.set(
          child,
          `${createHash('sha1').update(bytes).digest('hex')} ${statSync(file).mode}`,
        );
      }
    }
  };
  walk('');
  return files;
}

/** Paths of every kind: files to write, folders, files that are not ours, unwritable and impossible ones. */
const PATHS = [
  'out/report.md',
  'out/report.html',
  'out/report.txt',
  'out/new/deeper/r.md',
  'out',
  'adir',
  'adir/keep.txt',
  'afile.txt',
  'afile.txt/x.md',
  'README.md',
  'tool-catalog.config.ts',
  'missing/x.config.ts',
  'catalog/tools/file.catalog.ts',
  '/dev/full',
  '/dev/null',
  '/proc/nope/x.md',
  '.',
  '',
];
const TEXTS = [
  '',
  '-',
  '=',
  '--json',
  'é\u202e\u001b[2J',
  'x'.repeat(300),
  '0',
  '-1',
  '1e999',
  'NaN',
];
/** Likely values per flag, so that most command lines get past parsing to the code behind them. */
const VALUES: Readonly<Record<string, readonly string[]>> = {
  config: [
    'tool-catalog.config.ts',
    'alt.config.ts',
    'tool-catalog.config.ts',
    'alt.config.ts',
    'adir',
    '.',
    'afile.txt',
    'missing/x.config.ts',
    'afile.txt/x.ts',
    '/proc/nope/x.ts',
  ],
  catalog: ['demo', 'demo', 'nope', ''],
  out: PATHS,
  format: ['md', 'html', 'md', 'html', 'pdf'],
  ctx: ['has-git=true', 'canQuery=false', 'has-git=maybe', 'x=y', 'has-git'],
  disabled: ['Bash', 'Read', 'nope', 'mcp__docs__*'],
  caller: ['CHAT', 'nope'],
  emit: ['Bash', 'nope'],
  env: ['A=b', 'ANTHROPIC_BASE_URL=http://x', 'nope'],
  'mcp-config': PATHS,
  'sdk-types': ['afile.txt', 'adir', 'missing.d.ts', '/dev/null'],
  since: ['HEAD', 'HEAD~999', 'nope', '--json'],
  include: ['**/*', 'catalog/**', '['],
  ignore: ['**/*', '['],
  'connect-timeout': ['500', '0', 'soon', '-1', '99999999999999999999'],
  'list-timeout': ['500', '0', 'soon', '1e3'],
};
const anyValue = fc.oneof(fc.constantFrom(...PATHS, ...TEXTS), fc.string({ maxLength: 8 }));
const valuesFor = (flag: string) =>
  VALUES[flag]
    ? fc.oneof(
        { weight: 5, arbitrary: fc.constantFrom(...VALUES[flag]!) },
        { weight: 1, arbitrary: anyValue },
      )
    : anyValue;

/** One argument of `name`: mostly a flag it has with a likely value; sometimes a flag it lacks, `=value`, or a positional. */
function argument(name: string): fc.Arbitrary<string[]> {
  const command = COMMANDS.find((c) => c.name === name);
  const flags = Object.entries(command?.options ?? { json: { type: 'boolean' as const } }).filter(
    ([f]) => f !== 'help',
  );
  const flag = fc
    .constantFrom(...flags)
    .chain(
      ([flag, spec]): fc.Arbitrary<string[]> =>
        spec.type === 'string'
          ? fc.oneof(
              { weight: 8, arbitrary: valuesFor(flag).map((v) => [`--${flag}`, v]) },
              { weight: 1, arbitrary: valuesFor(flag).map((v) => [`--${flag}=${v}`]) },
              { weight: 1, arbitrary: fc.constant<string[]>([`--${flag}`]) },
            )
          : fc.oneof(
              { weight: 9, arbitrary: fc.constant<string[]>([`--${flag}`]) },
              { weight: 1, arbitrary: anyValue.map((v) => [`--${flag}=${v}`]) },
            ),
    );
  const positional = fc
    .oneof(fc.constantFrom('Bash', 'Read', 'docs', 'nope', 'demo'), anyValue)
    .map((v) => [v]);
  return fc.oneof(
    { weight: 12, arbitrary: flag },
    {
      weight: 1,
      arbitrary: fc.constantFrom<string[]>(['--chek'], ['-x'], ['--'], ['-w'], ['-h'], ['--help']),
    },
    { weight: 2, arbitrary: positional },
  );
}

const NAMES = COMMANDS.map((c) => c.name);
const commandLine = fc
  .oneof(
    { weight: 20, arbitrary: fc.constantFrom(...NAMES) },
    { weight: 1, arbitrary: fc.constantFrom('help', '--version', 'generat', 'rm', '') },
  )
  .chain((name) =>
    fc
      .array(argument(name), { maxLength: 4 })
      .map((args) => [name, ...args.flat()].filter((a, i) => i > 0 || a !== '')),
  );

describe('the command line, fuzzed', () => {
  it(`ends every one of ${RUNS} random command lines cleanly (seed ${SEED})`, async () => {
    console.log(`cli fuzz: seed ${SEED}; set CLI_FUZZ_SEED=${SEED} to repeat this run`);
    const stopped = AbortSignal.abort();
    await fc.assert(
      fc.asyncProperty(commandLine, async (argv) => {
        const before = snapshot();
        let output = '';
        const collect = (t: string) => {
          output += t;
        };
        const code = await runCli(argv, {
          cwd: dir,
          stdout: collect,
          stderr: collect,
          signal: stopped,
        });
        seen.set(code, (seen.get(code) ?? 0) + 1);
        const where = `tool-catalog ${argv.map((a) => JSON.stringify(a)).join(' ')}\n${output}`;
        expect([0, 1, 2], where).toContain(code);
        expect(output, where).not.toMatch(STACK_FRAME);
        expect(output, where).not.toMatch(RAW_ERROR);
        expect(output, where).not.toContain('stopped on an internal error');
        const after = snapshot();
        const named = new Set(
          argv.flatMap((a, i) =>
            argv[i - 1] === '--out' ? [a] : a.startsWith('--out=') ? [a.slice(6)] : [],
          ),
        );
        for (const [file, print] of before)
          if (!WRITABLE.some((w) => file.startsWith(w)))
            expect(after.get(file), `${where}\nchanged ${file}`).toBe(print);
        for (const file of after.keys())
          if (!before.has(file) && !WRITABLE.some((w) => file.startsWith(w)))
            expect(named.has(file), `${where}\ncreated ${file}`).toBe(true);
      }),
      { seed: SEED, numRuns: RUNS },
    );
    console.log(
      `cli fuzz: exit codes ${[...seen]
        .sort()
        .map(([c, n]) => `${c}×${n}`)
        .join(', ')}`,
    );
    // Most lines reach the command's work: some succeed, some fail a check, some are bad usage.
    for (const code of [0, 1, 2]) expect(seen.get(code) ?? 0).toBeGreaterThan(RUNS / 20);
  }, 1_800_000);
});
