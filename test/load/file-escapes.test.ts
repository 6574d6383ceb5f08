// Known ways for a catalog or config module to read a file outside the project, or one that never
// ends: every import form (a static import, a bare side-effect import, a re-export, require, a
// literal import(), an absolute path, a file: URL) against every kind of file that must not be read
// (a link out of the project, a path out of it, /proc/self/environ, a link to /dev/zero, a FIFO, a
// socket, a file over the size limit), and entry files that are such files themselves. Each run
// must end promptly with a located refusal (TC102: the import's file, line and column), and no byte
// of the secret outside, of the environment or of /etc/passwd may reach stdout, stderr or a file.
import { execFileSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  readFileSync,
  symlinkSync,
  truncateSync,
  writeFileSync,
} from 'node:fs';
import { createServer, type Server } from 'node:net';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { json, runBin, runCli, type CliRun } from '../support/cli';
import { fingerprint, removeTempDirs, tempDir, writeFiles } from '../support/files';

const servers: Server[] = [];
afterAll(async () => {
  for (const server of servers) server.close();
  await removeTempDirs();
});

const SECRET = 'secret-outside-the-project-7f3a9c';
/** Set in the environment of the binary runs: /proc/self/environ would hold it. */
const ENV_SECRET = 'environment-secret-51d2e8';

const CONFIG =
  "import { defineConfig } from 'agent-tool-catalog';\nexport default defineConfig({ catalogs: { demo: { include: ['catalog/*.catalog.ts'] } }, evaluationTimeoutMs: 2000 });\n";
const TOOLS =
  "export const demo = defineCatalog({ categories: ['file'] });\nexport default demo.tools({ Read: { kind: 'sdk', category: 'file', label: String(typeof taken) } });\n";

/** A project with its catalog folder, and a folder beside it holding the secret. */
async function project(): Promise<{ dir: string; outside: string }> {
  const root = await tempDir('file-escape');
  const dir = path.join(root, 'app');
  const outside = path.join(root, 'private');
  mkdirSync(path.join(dir, 'catalog'), { recursive: true });
  mkdirSync(outside);
  writeFileSync(path.join(outside, 'credentials.json'), JSON.stringify({ token: SECRET }));
  writeFileSync(
    path.join(outside, 'credentials.ts'),
    `export default ${JSON.stringify(SECRET)};\n`,
  );
  writeFiles(dir, { 'tool-catalog.config.ts': CONFIG });
  return { dir, outside };
}

/** What a target is: made in the project (or outside it), and the path the import names. */
interface Target {
  /** Makes the file; returns the absolute path an import names. */
  readonly make: (dir: string, outside: string) => Promise<string> | string;
}

const TARGETS: Record<string, Target> = {
  'a link in the project to a secret outside it': {
    make: (dir, outside) => {
      symlinkSync(path.join(outside, 'credentials.json'), path.join(dir, 'catalog/linked.json'));
      return path.join(dir, 'catalog/linked.json');
    },
  },
  'a secret outside the project, by its path': {
    make: (_, outside) => path.join(outside, 'credentials.ts'),
  },
  'a link to a folder outside the project': {
    make: (dir, outside) => {
      symlinkSync(outside, path.join(dir, 'catalog/shared'));
      return path.join(dir, 'catalog/shared/credentials.ts');
    },
  },
  '/proc/self/environ': { make: () => '/proc/self/environ' },
  '/etc/passwd': { make: () => '/etc/passwd' },
  'a link to /dev/zero': {
    make: (dir) => {
      symlinkSync('/dev/zero', path.join(dir, 'catalog/zero.ts'));
      return path.join(dir, 'catalog/zero.ts');
    },
  },
  'a FIFO': {
    make: (dir) => {
      execFileSync('mkfifo', [path.join(dir, 'catalog/pipe.ts')]);
      return path.join(dir, 'catalog/pipe.ts');
    },
  },
  'a socket': {
    make: async (dir) => {
      const file = path.join(dir, 'catalog/socket.ts');
      const server = createServer();
      servers.push(server);
      await new Promise<void>((resolve) => server.listen(file, resolve));
      return file;
    },
  },
  'a file over the size limit': {
    make: (dir) => {
      const file = path.join(dir, 'catalog/huge.json');
      writeFileSync(file, '');
      truncateSync(file, 17 * 1024 * 1024);
      return file;
    },
  },
};

/** How an import names a file: the statement, given the specifier. */
const FORMS: Record<
  string,
  { spell: (from: string, file: string) => string; code: (s: string) => string }
> = {
  'a static import': { spell: relative, code: (s) => `import taken from ${s};` },
  'a side-effect import': { spell: relative, code: (s) => `import ${s};\nconst taken = 1;` },
  'a re-export': { spell: relative, code: (s) => `export * from ${s};\nconst taken = 1;` },
  require: { spell: relative, code: (s) => `const taken = require(${s});` },
  'a literal import()': { spell: relative, code: (s) => `const taken = import(${s});` },
  'an absolute path': { spell: (_, file) => file, code: (s) => `import taken from ${s};` },
  'a file: URL': {
    spell: (_, file) => pathToFileURL(file).href,
    code: (s) => `import taken from ${s};`,
  },
};

function relative(from: string, file: string): string {
  const rel = path.relative(path.dirname(from), file);
  return rel.startsWith('.') ? rel : `./${rel}`;
}

/**
 * `generate` twice — as text (messages with code frames) and as JSON (positions) — each refused at
 * `line` and `column` of `file`, with nothing secret shown.
 */
async function expectRefused(
  run: (args: string[]) => Promise<CliRun>,
  dir: string,
  at: { file: string; line: number; column: number },
): Promise<void> {
  const text = await run(['generate']);
  expect(text.code, text.stderr).toBe(1);
  expect(text.stderr).toContain(`${at.file}:${at.line}:${at.column}: error TC102`);
  expectNothingSecret(`${text.stdout}\n${text.stderr}`);
  expect(existsSync(path.join(dir, 'generated')), 'nothing was written').toBe(false);
  const data = await run(['generate', '--json']);
  const shown = `${data.stdout}\n${data.stderr}`;
  expectNothingSecret(shown);
  expect(data.code, shown).toBe(1);
  const errors = json(data).diagnostics.filter((d: { severity: string }) => d.severity === 'error');
  expect(
    errors.map((d: { code: string }) => d.code),
    shown,
  ).toEqual(['TC102']);
  expect(errors[0].position).toMatchObject(at);
  expect(existsSync(path.join(dir, 'generated')), 'nothing was written').toBe(false);
}

function expectNothingSecret(shown: string): void {
  expect(shown).not.toContain(SECRET);
  expect(shown).not.toContain(ENV_SECRET);
  expect(shown).not.toMatch(/root:x:0:0/);
  if (process.env.PATH) expect(shown).not.toContain(`PATH=${process.env.PATH}`);
}

const cases = Object.entries(FORMS).flatMap(([form, spelling]) =>
  Object.entries(TARGETS).map(([target, made]) => [form, target, spelling, made] as const),
);

// Every case has a project of its own (its own evaluation process, its own CLI runs): they share
// nothing, and most of a case's time is spent waiting on processes, which overlaps with the others'.
describe.concurrent('an import of a file outside the project, or of one that never ends', () => {
  it.each(cases)(
    'through %s of %s: refused where it is written, nothing read',
    async (_, __, spelling, target) => {
      const { dir, outside } = await project();
      const catalog = path.join(dir, 'catalog/demo.catalog.ts');
      const file = await target.make(dir, outside);
      const statement = spelling.code(JSON.stringify(spelling.spell(catalog, file)));
      writeFiles(dir, {
        'catalog/demo.catalog.ts': `import { defineCatalog } from 'agent-tool-catalog';\n${statement}\n${TOOLS}`,
      });
      const before = await fingerprint(dir);
      // The specifier's opening quote, on line 2.
      const column = statement.indexOf('"') + 1;
      await expectRefused((args) => runCli(args, dir), dir, {
        file: 'catalog/demo.catalog.ts',
        line: 2,
        column,
      });
      expect(await fingerprint(dir)).toEqual(before);
    },
    60_000,
  );

  it.each([
    ['the config', 'tool-catalog.config.ts'],
    ['a catalog file', 'catalog/demo.catalog.ts'],
  ])(
    'in %s, as the real binary runs it: /proc/self/environ is refused, the environment never shown',
    async (_, file) => {
      const { dir } = await project();
      writeFiles(dir, {
        'catalog/demo.catalog.ts': `import { defineCatalog } from 'agent-tool-catalog';\n${TOOLS.replace('String(typeof taken)', "'Read'")}`,
      });
      const target = path.join(dir, file);
      const spec = JSON.stringify(relative(target, '/proc/self/environ'));
      writeFileSync(target, readFileSync(target, 'utf8').replace('\n', `\nimport ${spec};\n`));
      await expectRefused((args) => runBin(args, dir, { TC_ESCAPE_SECRET: ENV_SECRET }), dir, {
        file,
        line: 2,
        column: 8,
      });
    },
    120_000,
  );
});

describe.concurrent('an entry file that is not a regular file inside the project', () => {
  it.each([
    [
      'a link to a secret outside the project',
      (_: string, outside: string) => path.join(outside, 'credentials.ts'),
    ],
    ['a link to /dev/zero', () => '/dev/zero'],
  ])(
    'a catalog file that is %s: refused, never read, nothing shown',
    async (_, linkTarget) => {
      const { dir, outside } = await project();
      symlinkSync(linkTarget(dir, outside), path.join(dir, 'catalog/demo.catalog.ts'));
      // No code frame of a file outside the project: what it holds is not shown.
      await expectRefused((args) => runCli(args, dir), dir, {
        file: 'catalog/demo.catalog.ts',
        line: 1,
        column: 1,
      });
    },
    60_000,
  );

  // A FIFO itself is no file to the include globs; a link to one is matched, and must not be opened.
  it('a catalog file that is a link to a FIFO in the project: refused without opening it', async () => {
    const { dir } = await project();
    execFileSync('mkfifo', [path.join(dir, 'pipe')]);
    symlinkSync('../pipe', path.join(dir, 'catalog/demo.catalog.ts'));
    await expectRefused((args) => runCli(args, dir), dir, {
      file: 'catalog/demo.catalog.ts',
      line: 1,
      column: 1,
    });
    const run = await runCli(['generate', '--json'], dir);
    expect(json(run).diagnostics[0].message).toContain('named pipe (FIFO)');
  }, 60_000);
});
