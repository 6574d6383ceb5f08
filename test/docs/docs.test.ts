// Every fenced block of README.md and docs/*.md, checked against fixtures, so the docs cannot drift:
// `sh` blocks run (each line must exit 0, or the code the block's doc-test comment says), `$ command`
// blocks and blocks marked `output of \`…\`` run and must show the output the doc shows (timings and
// paths normalised, `…` for what it leaves out), usage lines must list the command's flags (no more, and all of them between a doc's usage lines),
// and `ts` blocks are type-checked with TypeScript 7 in a project that can import the package and
// the generated code. A block marked `as <file>` is app code `init` writes: it must equal that file
// of the fixture app, and the app must type-check with its own tsconfig (TypeScript 7 and 5.9). A block the test cannot run says why in `<!-- doc-test: illustrative — … -->`.
// Each distinct command runs once, however many blocks show it, and the commands start as soon as the
// fixtures exist: the commands of `sh` blocks in document order within a fixture (a block may build
// on the one before), the fixtures side by side, and each command whose output a block shows (resolve,
// explain, verify, drift without --update, inputs, --help: they only read) on its own. An app whose
// files blocks show is type-checked once per compiler, as soon as its fixture's commands have ended.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runTsc, type TscRun } from '../support/compilers';
import { removeTempDirs } from '../support/files';
import { npmEnv, runCommand, type CommandRun } from '../support/packed';
import { REPO } from '../support/paths';
import {
  documentedBlocks,
  normalise,
  outputMismatch,
  sessionSteps,
  shCommands,
  snippetFiles,
  type DocBlock,
} from './doc-blocks';
import { FIXTURES, makeFixtures, type FixtureName } from './doc-fixtures';

const blocks = documentedBlocks(REPO);
/** `verify` starts the real runtime once per context and caller: a documented run may take minutes under load. */
const COMMAND_TIMEOUT_MS = 600_000;
let fixtures: Record<FixtureName, string>;
const counts = { run: 0, compared: 0, typeChecked: 0, illustrative: 0 };

beforeAll(async () => {
  fixtures = await makeFixtures();
  startPlanned();
}, 300_000);

afterAll(async () => {
  console.log(
    `doc test: ${blocks.length} blocks — ${counts.run} run, ${counts.compared} compared with their output, ${counts.typeChecked} type-checked, ${counts.illustrative} marked illustrative`,
  );
  await removeTempDirs();
});

const dirOf = (block: DocBlock) => {
  if (!(FIXTURES as readonly string[]).includes(block.fixture))
    throw new Error(
      `${block.where}: no fixture '${block.fixture}'; use one of ${FIXTURES.join(', ')}`,
    );
  return path.join(fixtures[block.fixture as FixtureName], block.subdir);
};

/**
 * `npx <bin> …` (`npx tool-catalog`, `npx tsc`) runs the fixture's `node_modules/.bin/<bin>`, as npx
 * resolves it. npm's own start-up costs seconds per command on a busy machine (up to half a minute
 * under heavy load), so the test runs that binary itself (from PATH, which starts with the fixture's
 * .bin) and proves once (the `npx finds …` test) that npx runs the same binary.
 */
const direct = (command: string) => command.replace(/^npx (?=[a-z])/, '');
const NPX_CHECK = 'npx tool-catalog --version';

/** Documented commands at once, at most: each `verify` already runs the runtime twice at a time. */
const AT_ONCE = 4;
let running = 0;
/**
 * Commands of a fixture's lane go first: each one the lane waits on holds up the rest of the lane,
 * while the read-only commands were all queued at the start and can run in any order.
 */
const waiting = { first: [] as (() => void)[], rest: [] as (() => void)[] };
async function slot<T>(work: () => Promise<T>, first = false): Promise<T> {
  if (running >= AT_ONCE)
    await new Promise<void>((resolve) => waiting[first ? 'first' : 'rest'].push(resolve));
  running++;
  try {
    return await work();
  } finally {
    running--;
    (waiting.first.shift() ?? waiting.rest.shift())?.();
  }
}

/**
 * `cat`, `grep` and `sed -n` print a file in a few milliseconds: they take no slot. Queued behind the
 * slow commands, each one held up the rest of its fixture's lane for seconds; they still run in
 * lane order, after the commands before them.
 */
const readsAFile = (command: string) => /^(cat|grep|sed -n) /.test(command);

/** One run per command and folder: a command several blocks show (or run) is run once. */
const runs = new Map<string, Promise<CommandRun>>();
const keyOf = (command: string, cwd: string) => `${cwd}\0${direct(command)}`;
function start(command: string, cwd: string, first = false): Promise<CommandRun> {
  const root = Object.values(fixtures).find((f) => cwd.startsWith(f))!;
  const env = {
    ...npmEnv(),
    NO_COLOR: '1',
    FORCE_COLOR: '0',
    PATH: `${path.join(root, 'node_modules/.bin')}:${process.env.PATH}`,
  };
  const run = () =>
    runCommand('sh', ['-c', command === NPX_CHECK ? command : direct(command)], { cwd, env });
  return readsAFile(command) ? run() : slot(run, first);
}
function shell(command: string, cwd: string): Promise<CommandRun> {
  const key = keyOf(command, cwd);
  if (!runs.has(key)) runs.set(key, start(command, cwd));
  return runs.get(key)!;
}

/** Every command the tests below run, in the order they run them, with the folder each runs in. */
function plannedCommands(): { command: string; cwd: string }[] {
  const planned: { command: string; cwd: string }[] = [];
  for (const b of blocks.filter((b) => b.kind === 'sh'))
    for (const command of shCommands(b.text)) planned.push({ command, cwd: dirOf(b) });
  for (const b of blocks.filter((b) => b.kind === 'session' || b.kind === 'output'))
    for (const command of b.kind === 'session'
      ? sessionSteps(b.text).map((s) => s.command)
      : [b.command!])
      planned.push({ command, cwd: dirOf(b) });
  for (const b of blocks.filter((b) => b.kind === 'usage'))
    planned.push({ command: `tool-catalog ${b.command} --help`, cwd: fixtures.repo });
  return planned;
}

/** Commands that write nothing a later command reads: they need not wait for the ones before them. */
const readOnly = (command: string) =>
  (/^tool-catalog (verify|resolve|explain|inputs|drift)\b/.test(direct(command)) &&
    !/--(update|fix|out)\b/.test(command)) ||
  /^tool-catalog \S+ --help$/.test(command);

/**
 * Starts every planned command: the ones that write in a lane per fixture, in order; every read-only
 * one at once (within AT_ONCE). npx is checked in the repository fixture: the others link the binary the same way.
 */
function startPlanned(): void {
  const lanes = new Map<string, Promise<unknown>>();
  const byRoot = new Map<string, Promise<unknown>[]>();
  shell(NPX_CHECK, fixtures.repo);
  for (const { command, cwd } of plannedCommands()) {
    const key = keyOf(command, cwd);
    if (runs.has(key)) continue;
    const root = Object.values(fixtures).find((f) => cwd.startsWith(f))!;
    const lane = readOnly(command) ? key : root;
    const run = (lanes.get(lane) ?? Promise.resolve()).then(() =>
      start(command, cwd, lane === root),
    );
    runs.set(key, run);
    lanes.set(
      lane,
      run.catch(() => undefined),
    );
    byRoot.set(root, [...(byRoot.get(root) ?? []), run]);
  }
  // An app a block shows a file of is type-checked once all of its fixture's commands have ended (as
  // when the checks ran after every command), while the other fixtures' commands still run. It goes
  // before the read-only commands still queued, as a lane's next command does: it ends its chain.
  for (const b of blocks.filter((b) => b.kind === 'app-file')) {
    const root = fixtures[b.fixture as FixtureName];
    if (!root) continue;
    const settled = Promise.allSettled(byRoot.get(root) ?? []);
    for (const compiler of APP_COMPILERS) typeCheckApp(root, compiler, settled);
  }
}

const APP_COMPILERS = ['TypeScript 7', 'TypeScript 5.9'] as const;
/** One type-check per app and compiler, however many blocks show a file of that app. */
const appChecks = new Map<string, Promise<TscRun>>();
function typeCheckApp(
  root: string,
  compiler: (typeof APP_COMPILERS)[number],
  after: Promise<unknown> = Promise.resolve(),
): Promise<TscRun> {
  const key = `${root}\0${compiler}`;
  if (!appChecks.has(key))
    appChecks.set(
      key,
      after.then(() =>
        slot(() => runTsc(compiler, ['-p', root, '--noEmit', '--pretty', 'false'], root), true),
      ),
    );
  return appChecks.get(key)!;
}

/** The `--flags` a text names (besides `--help`, which every command has). */
const flagsIn = (text: string) =>
  [...new Set(text.match(/--[a-z][\w-]*/g) ?? [])].filter((f) => f !== '--help').sort();

const byKind = (kind: DocBlock['kind']) =>
  blocks.filter((b) => b.kind === kind).map((b) => [b.where, b] as const);

describe('the documentation', () => {
  it('marks every block it cannot run, and few of them', () => {
    const unmarked = blocks
      .filter((b) => b.kind === 'unmarked')
      .map((b) => `${b.where} (\`\`\`${b.lang})`);
    expect(
      unmarked,
      'each needs a doc-test comment saying what it is: output of `…`, usage of …, or illustrative — why',
    ).toEqual([]);
    const illustrative = blocks.filter((b) => b.kind === 'illustrative');
    counts.illustrative = illustrative.length;
    expect(illustrative.length).toBeLessThanOrEqual(Math.ceil(blocks.length / 4));
  });

  it(
    'npx finds the tool-catalog the fixtures install (the binary the other tests run)',
    async () => {
      const version = (
        JSON.parse(readFileSync(path.join(REPO, 'package.json'), 'utf8')) as { version: string }
      ).version;
      const run = await shell(NPX_CHECK, fixtures.repo);
      expect(run.code, `${run.stdout}${run.stderr}`).toBe(0);
      expect(run.stdout.trim()).toBe(version);
    },
    COMMAND_TIMEOUT_MS,
  );

  it.each(byKind('sh'))(
    '%s: every command runs',
    async (_where, block) => {
      for (const command of shCommands(block.text)) {
        const result = await shell(command, dirOf(block));
        expect(
          result.code,
          `${block.where}: \`${command}\`\n${result.stdout}\n${result.stderr}`,
        ).toBe(block.exit);
      }
      counts.run++;
    },
    COMMAND_TIMEOUT_MS,
  );

  it.each([...byKind('session'), ...byKind('output')])(
    '%s: shows what the command prints',
    async (_where, block) => {
      const dir = dirOf(block);
      const steps =
        block.kind === 'session'
          ? sessionSteps(block.text)
          : [{ command: block.command!, shown: block.text, exit: undefined }];
      for (const step of steps) {
        const result = await shell(step.command, dir);
        const actual = normalise(`${result.stdout}${result.stderr}`, dir);
        const mismatch = outputMismatch(normalise(step.shown, dir), actual);
        expect(mismatch, `${block.where}: \`${step.command}\` printed:\n${actual}`).toBeUndefined();
        expect(result.code, `${block.where}: \`${step.command}\``).toBe(step.exit ?? block.exit);
      }
      counts.compared++;
    },
    COMMAND_TIMEOUT_MS,
  );

  it.each(byKind('usage'))('%s: lists only flags the command has', async (_where, block) => {
    const help = await shell(`tool-catalog ${block.command} --help`, fixtures.repo);
    const known = flagsIn(help.stdout);
    expect(flagsIn(block.text).filter((f) => !known.includes(f))).toEqual([]);
    // The usage blocks of one command in one doc show all of its flags between them.
    const together = blocks.filter(
      (b) => b.kind === 'usage' && b.file === block.file && b.command === block.command,
    );
    expect(known.filter((f) => !together.some((b) => flagsIn(b.text).includes(f)))).toEqual([]);
    counts.compared++;
  });

  it.each(byKind('app-file'))(
    '%s: is the file init wrote in the app, which type-checks with its own tsconfig',
    async (_where, block) => {
      const dir = dirOf(block);
      const root = fixtures[block.fixture as FixtureName];
      // Awaited first: the TypeScript-block test below writes files into the fixtures.
      const checks = await Promise.all(APP_COMPILERS.map((c) => typeCheckApp(root, c)));
      const written = readFileSync(path.join(dir, block.appFile!), 'utf8');
      expect(`${block.text}\n`, `${block.where}: ${block.appFile} as init wrote it`).toBe(written);
      APP_COMPILERS.forEach((compiler, i) => {
        expect(checks[i]!.output, `${block.where}: ${compiler} in the app`).toBe('');
        expect(checks[i]!.code).toBe(0);
      });
      counts.typeChecked++;
    },
    COMMAND_TIMEOUT_MS,
  );

  it(
    'type-checks every TypeScript block with TypeScript 7',
    async () => {
      const snippets = blocks.filter((b) => b.kind === 'ts');
      const byFixture = new Map<string, DocBlock[]>();
      for (const b of snippets) byFixture.set(dirOf(b), [...(byFixture.get(dirOf(b)) ?? []), b]);
      const errors: string[] = [];
      for (const [dir, list] of byFixture) {
        // A block of app code is a module at the folder's root, so `./generated/…` imports resolve as in the
        // doc; a block showing files (`// catalog/x.catalog.ts`) is those files, in a folder of its own.
        const files = list.flatMap((b, i) =>
          snippetFiles(b.text).map((part) => {
            const file = part.path ? `doc-snippets/${i}/${part.path}` : `doc-snippet-${i}.ts`;
            mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
            writeFileSync(path.join(dir, file), `${part.text}\nexport {};\n`);
            return { file, block: b, offset: part.offset };
          }),
        );
        const compilerOptions = {
          target: 'ES2022',
          lib: ['ES2023', 'DOM'],
          module: 'preserve',
          moduleResolution: 'bundler',
          strict: true,
          noEmit: true,
          skipLibCheck: true,
          types: ['node'],
        };
        writeFileSync(
          path.join(dir, 'tsconfig.doc-snippets.json'),
          JSON.stringify({ compilerOptions, files: files.map((f) => f.file) }),
        );
        const tsc = await runTsc(
          'TypeScript 7',
          ['-p', 'tsconfig.doc-snippets.json', '--pretty', 'false'],
          dir,
        );
        for (const line of tsc.output.split('\n').filter(Boolean)) {
          const m = /^(\S+\.m?tsx?)\((\d+),(\d+)\): (.*)$/.exec(line);
          const source = m && files.find((f) => f.file === m[1]);
          errors.push(
            source
              ? `${source.block.file}:${source.block.line + source.offset + Number(m![2]) - 1}:${m![3]}: ${m![4]}`
              : line,
          );
        }
      }
      expect(errors).toEqual([]);
      counts.typeChecked += snippets.length;
    },
    COMMAND_TIMEOUT_MS,
  );
});
