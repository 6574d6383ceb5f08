// `tool-catalog doctor` on a Node server app made by `init`: clean (after the steps init prints) it
// finds nothing wrong; with each of five problems planted — stale output, no runtime-surface lock, no
// SDK, a module resolution the generated code does not support, a missing locale file — it names that
// problem with its fix and exits 1, alone and all five at once.
import {
  cpSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildScriptFinding } from '../../plugin/doctor/build-scripts';
import { type CliRun, json, runCli } from '../support/cli';
import { removeTempDirs, tempDir, writeFiles } from '../support/files';
import { REPO } from '../support/paths';

afterAll(removeTempDirs);

const SDK = '@anthropic-ai/claude-agent-sdk';

/** node_modules as an app that installed this repository's packages has it, each a link (the SDK one of them). */
function linkNodeModules(dir: string): void {
  const modules = path.join(dir, 'node_modules');
  for (const entry of readdirSync(path.join(REPO, 'node_modules'))) {
    if (entry.startsWith('.')) continue;
    if (entry.startsWith('@')) {
      mkdirSync(path.join(modules, entry), { recursive: true });
      for (const inner of readdirSync(path.join(REPO, 'node_modules', entry)))
        symlinkSync(
          path.join(REPO, 'node_modules', entry, inner),
          path.join(modules, entry, inner),
          'dir',
        );
    } else symlinkSync(path.join(REPO, 'node_modules', entry), path.join(modules, entry), 'dir');
  }
  symlinkSync(REPO, path.join(modules, 'agent-tool-catalog'), 'dir');
}

const TSCONFIG = {
  compilerOptions: {
    target: 'ES2022',
    module: 'nodenext',
    rootDir: 'src',
    outDir: 'dist',
    strict: true,
    skipLibCheck: true,
  },
  include: ['src'],
};

async function cli(dir: string, ...args: string[]) {
  const run = await runCli(args, dir);
  if (run.code !== 0 && args[0] !== 'doctor')
    throw new Error(
      `tool-catalog ${args.join(' ')} exited ${run.code}:\n${run.stdout}${run.stderr}`,
    );
  return run;
}

/** The problems a doctor run reports, by check. */
const problems = (run: CliRun) =>
  (json(run).findings as { check: string; status: string }[])
    .filter((f) => f.status === 'problem')
    .map((f) => f.check)
    .sort();

type Plant = (dir: string) => void;

const PLANTS: Record<string, { plant: Plant; expected: string[] }> = {
  'stale output': {
    plant: (dir) => {
      const file = path.join(dir, 'catalog/tools.catalog.ts');
      writeFileSync(file, readFileSync(file, 'utf8').replace("label: 'Notes'", "label: 'Memo'"));
    },
    expected: ['generated'],
  },
  'missing lock': {
    plant: (dir) => rmSync(path.join(dir, 'src/generated/agent/runtime-surface.lock.json')),
    // generate reads the lock, so the output it wrote from the lock is stale too.
    expected: ['generated', 'surface-lock'],
  },
  'missing SDK': {
    plant: (dir) => rmSync(path.join(dir, 'node_modules', SDK)),
    expected: ['sdk'],
  },
  'wrong module resolution': {
    plant: (dir) => {
      const broken = {
        ...TSCONFIG,
        compilerOptions: {
          ...TSCONFIG.compilerOptions,
          module: 'commonjs',
          moduleResolution: 'node10',
        },
      };
      writeFileSync(path.join(dir, 'tsconfig.json'), JSON.stringify(broken, null, 2));
    },
    // Generated imports follow the resolution, so they are stale too.
    expected: ['generated', 'module-resolution'],
  },
  'missing locale file': {
    plant: (dir) => rmSync(path.join(dir, 'src/generated/agent/i18n/en.json')),
    expected: ['generated', 'locales'],
  },
};

describe('tool-catalog doctor', () => {
  let clean: string;
  beforeAll(async () => {
    clean = await tempDir('doctor-clean');
    writeFiles(clean, {
      'package.json': '{ "name": "agent-server", "private": true, "type": "module" }\n',
      'tsconfig.json': JSON.stringify(TSCONFIG, null, 2),
      'src/main.ts': 'export {};\n',
    });
    linkNodeModules(clean);
    const init = await cli(clean, 'init');
    // The steps init prints for an app with the SDK installed.
    expect(init.stdout).toContain('Run `npx tool-catalog verify --update`: it records');
    await cli(clean, 'verify', '--update');
  }, 300_000);

  it('finds nothing wrong in an app set up as init says', async () => {
    const run = await cli(clean, 'doctor');
    expect(run.stdout).toMatch(/\ndoctor: nothing wrong \(\d+ checks\)\.\n$/);
    expect(run.stdout).not.toContain('PROBLEM');
    expect(run.code).toBe(0);
    expect(problems(await cli(clean, 'doctor', '--json'))).toEqual([]);
  });

  it.each(Object.entries(PLANTS))(
    'finds %s, alone, with its fix',
    async (_name, { plant, expected }) => {
      const dir = await tempDir('doctor-planted');
      cpSync(clean, dir, { recursive: true, verbatimSymlinks: true });
      plant(dir);
      const run = await cli(dir, 'doctor', '--json');
      expect(run.code).toBe(1);
      expect(problems(run)).toEqual(expected);
      for (const finding of json(run).findings as { status: string; fix?: string }[])
        if (finding.status === 'problem') expect(finding.fix).toBeTruthy();
    },
  );

  it('finds all five at once, each with the one command that fixes it', async () => {
    const dir = await tempDir('doctor-planted-all');
    cpSync(clean, dir, { recursive: true, verbatimSymlinks: true });
    for (const { plant } of Object.values(PLANTS)) plant(dir);
    const run = await cli(dir, 'doctor');
    expect(run.code).toBe(1);
    const lines = run.stdout.split('\n');
    const fixOf = (fragment: string) => {
      const at = lines.findIndex((l) => l.startsWith('PROBLEM') && l.includes(fragment));
      expect(at, fragment).toBeGreaterThan(-1);
      return lines[at + 1]?.trim();
    };
    expect(fixOf('is not installed')).toBe(`fix: npm install ${SDK}`);
    expect(fixOf('runtime-surface.lock.json does not exist')).toBe(
      'fix: npx tool-catalog verify --update',
    );
    expect(fixOf('sets moduleResolution node10')).toMatch(
      /^fix: in tsconfig\.json, set "module": "nodenext"/,
    );
    expect(fixOf('generated files are out of date')).toBe('fix: npm run generate');
    expect(fixOf('src/generated/agent/i18n/en.json is missing')).toBe('fix: npm run generate');
    expect(run.stdout).toMatch(/\ndoctor: 5 problems; run the fix under each\.\n$/);
  });
});

describe("doctor's build-script check", () => {
  // An app's own dependencies, not this package's (which has none with a build script).
  it("reads pnpm's undecided builds from node_modules/.modules.yaml", async () => {
    const dir = await tempDir('doctor-pnpm');
    writeFiles(dir, {
      'node_modules/.modules.yaml': 'layoutVersion: 5\nignoredBuilds:\n  - sharp@0.34.5\n',
    });
    const found = buildScriptFinding(dir, 'pnpm');
    expect(found).toMatchObject({ status: 'problem', fix: 'pnpm approve-builds' });
    expect(found.message).toContain('build script of sharp undecided');
    writeFiles(dir, {
      'node_modules/.modules.yaml':
        "ignoredBuilds:\n  - /sharp@0.34.5\n  - '@parcel/watcher@2.5.1'\n  - sharp@0.34.4\n",
    });
    expect(buildScriptFinding(dir, 'pnpm').message).toContain(
      'build scripts of sharp, @parcel/watcher undecided',
    );
    writeFiles(dir, { 'node_modules/.modules.yaml': 'layoutVersion: 5\nignoredBuilds: []\n' });
    expect(buildScriptFinding(dir, 'pnpm').status).toBe('ok');
  });
});
