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
import { copyCatalogFixture, removeTempDirs } from '../support/files';
import { FIXTURES } from '../support/paths';

const SEED = process.env.CLI_FUZZ_SEED ? Number(process.env.CLI_FUZZ_SEED) : Date.now() % 2 ** 31;
const RUNS = Number(process.env.CLI_FUZZ_RUNS ?? 500);

/** Folders any command may write in: output folders, the evaluation cache, where reports go. */
const WRITABLE = ['generated/', 'node_modules/', 'out/', 'src/'];
const STACK_FRAME = /^\s*at (?:.+ \()?(?:\/|file:|node:)[^)]*:\d+(?::\d+)?\)?$/m;
const RAW_ERROR = /^(?:Uncaught )?[A-Z][A-Za-z]*Error(?: \[\w+\])?: /m;

let dir: string;
afterAll(removeTempDirs);

beforeAll(async () => {
  dir = await copyCatalogFixture('valid');
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
        files.set(child, `${createHash('sha1').update(bytes).digest('hex')} ${statSync(file).mode}`);
      }
    }
  };
  walk('');
  return files;
}

const PATHS = [
  'out/report.md',
  'out/report.html',
  'out/new/deeper/r.md',
  'out',
  'adir',
  'adir/keep.txt',
  'afile.txt',
  'afile.txt/x.md',
  'README.md',
  'tool-catalog.config.ts',
  'alt.config.ts',
  'missing/x.config.ts',
  'catalog/tools/file.catalog.ts',
  '/dev/full',
  '/dev/null',
  '/proc/nope/x.md',
  '.',
  '',
];
const TEXTS = [
  'md',
  'html',
  'pdf',
  'demo',
  'nope',
  'Bash',
  'has-git=true',
  'x=y',
  'a=b=c',
  '=',
  '-1',
  '0',
  '500',
  '1e999',
  'NaN',
  '--json',
  '-',
  'é\u202e\u001b[2J',
  'x'.repeat(300),
  'HEAD',
  'HEAD~999',
  'docs',
  '**/*',
];
const value = fc.oneof(fc.constantFrom(...PATHS, ...TEXTS), fc.string({ maxLength: 10 }));

/** One argument of `name`: a flag it has (with a value, or `=value`, or none), a flag it lacks, or a positional. */
function argument(name: string): fc.Arbitrary<string[]> {
  const command = COMMANDS.find((c) => c.name === name);
  const flags = Object.entries(command?.options ?? { json: { type: 'boolean' } });
  return fc.oneof(
    {
      weight: 4,
      arbitrary: fc.constantFrom(...flags).chain(([flag, spec]) =>
        spec.type === 'string'
          ? fc.oneof(
              value.map((v) => [`--${flag}`, v]),
              value.map((v) => [`--${flag}=${v}`]),
              fc.constant([`--${flag}`]),
            )
          : fc.oneof(
              { weight: 4, arbitrary: fc.constant([`--${flag}`]) },
              value.map((v) => [`--${flag}=${v}`]),
            ),
      ),
    },
    { weight: 1, arbitrary: fc.constantFrom(['--chek'], ['-x'], ['--'], ['--no-json'], ['-w'], ['-h']) },
    { weight: 1, arbitrary: value.map((v) => [v]) },
  );
}

const commandLine = fc
  .constantFrom(
    ...COMMANDS.map((c) => c.name),
    ...COMMANDS.map((c) => c.name),
    'help',
    '--version',
    'generat',
    'rm',
    '',
  )
  .chain((name) =>
    fc
      .array(argument(name), { maxLength: 5 })
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
        const collect = (t: string) => void (output += t);
        const code = await runCli(argv, { cwd: dir, stdout: collect, stderr: collect, signal: stopped });
        const where = `tool-catalog ${argv.map((a) => JSON.stringify(a)).join(' ')}\n${output}`;
        expect([0, 1, 2], where).toContain(code);
        expect(output, where).not.toMatch(STACK_FRAME);
        expect(output, where).not.toMatch(RAW_ERROR);
        expect(output, where).not.toContain('stopped on an internal error');
        const after = snapshot();
        const named = new Set(
          argv.flatMap((a, i) => (argv[i - 1] === '--out' ? [a] : a.startsWith('--out=') ? [a.slice(6)] : [])),
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
  }, 1_800_000);
});
