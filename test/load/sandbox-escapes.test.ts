// Known ways out of a V8 context and out of a Node process, tried from a catalog module. Each probe
// writes a marker file if it reaches Node's `fs` (or starts a process); none may. Each run ends with
// a located diagnostic (a code, a file, a line and a column) and exit code 1 — never a hang, a crash
// or a stack trace — and leaves every byte of the project as it was.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { json, runBin, runCli } from '../support/cli';
import { fingerprint, removeTempDirs, tempDir, writeFiles } from '../support/files';

afterAll(removeTempDirs);

/** Code that, given what may be Node's `process`, writes the marker through it — or says it found nothing. */
const through = (candidate: string) =>
  `const p: any = ${candidate};\nif (p && typeof p.getBuiltinModule === 'function') p.getBuiltinModule('node:fs').writeFileSync(MARKER, 'escaped');\nelse throw new Error('the probe found no way out');`;

/** The error of a dynamic import: Node creates it in the realm outside the context. */
const hostError = `(async () => { try { await import(String('node:fs')); } catch (e) { return e; } })()`;

const ALLOCATE_HEAP =
  'const kept: unknown[] = [];\nfor (;;) kept.push(new Array(1_000_000).fill(kept.length));';

interface Probe {
  readonly body: string;
  /** The codes an honest answer may have (a probe may be stopped by the time or memory limit first). */
  readonly codes: readonly string[];
}

const probe = (body: string, ...codes: string[]): Probe => ({
  body,
  codes: codes.length > 0 ? codes : ['TC101'],
});

const PROBES: Record<string, Probe> = {
  // Code from strings, in the context and from objects of the outer realm.
  'the Function constructor of the global object': probe(
    through(`(globalThis as any).constructor.constructor('return process')()`),
  ),
  'the Function constructor of a plain object': probe(
    through(`({}).constructor.constructor('return process')()`),
  ),
  'new Function': probe(through(`new Function('return process')()`)),
  'Reflect.construct of Function': probe(
    through(`Reflect.construct(Function, ['return process'])()`),
  ),
  'indirect eval': probe(through(`(0, eval)('process')`)),
  'the import() rejection, whose constructor.constructor is the outer Function': probe(
    `${hostError}.then((e: any) => { ${through(`e.constructor.constructor('return process')()`)} });`,
  ),
  'the import() rejection, through its prototype chain': probe(
    `${hostError}.then((e: any) => { ${through(`Object.getPrototypeOf(Object.getPrototypeOf(e)).constructor.constructor('return process')()`)} });`,
  ),
  'the import() rejection, polluting the outer realm’s Object.prototype': probe(
    `${hostError}.then((e: any) => { const outer = Object.getPrototypeOf(Object.getPrototypeOf(Object.getPrototypeOf(e))); outer.toJSON = () => 'forged'; outer.then = () => { throw new Error('polluted'); }; throw new Error('polluted the outer realm'); });`,
  ),
  'the import() rejection, with a prepareStackTrace on the outer Error': probe(
    `${hostError}.then((e: any) => { const OuterError = Object.getPrototypeOf(Object.getPrototypeOf(e)).constructor; OuterError.prepareStackTrace = (_: unknown, frames: any[]) => frames.map((f) => f.getThis()).find((t: any) => t && t.process)?.process; const found = new OuterError().stack; ${through('found')} });`,
  ),
  'a dynamic import of a computed name': probe(
    `const name = ['node', 'fs'].join(':');\nimport(name).then((fs: any) => fs.writeFileSync(MARKER, 'escaped'));`,
    'TC102',
  ),
  // Stack traces: the frames' `this` and functions.
  'frames’ this from a stack trace (getThis)': probe(
    through(
      `(() => { const E: any = Error; E.prepareStackTrace = (_: unknown, calls: any[]) => calls.map((c) => c.getThis()).find((t) => t && t.process)?.process; const found = (new Error() as any).stack; E.prepareStackTrace = undefined; return found; })()`,
    ),
  ),
  'frames’ functions from a stack trace (getFunction)': probe(
    through(
      `(() => { const E: any = Error; E.prepareStackTrace = (_: unknown, calls: any[]) => calls.map((c) => c.getFunction()).filter(Boolean); const fns: any[] = (new Error() as any).stack ?? []; E.prepareStackTrace = undefined; for (const f of fns) { try { const p = f.constructor('return process')(); if (p) return p; } catch {} } return undefined; })()`,
    ),
  ),
  'a looping prepareStackTrace': probe(
    `(Error as any).prepareStackTrace = () => { for (;;) {} };\nthrow new Error('look at my stack');`,
    'TC101',
    'TC103',
  ),
  'the global this of a sloppy function': probe(
    through(`(function (this: any) { return this && this.process; }).call(undefined)`),
  ),
  // Node's own ways in.
  'process.binding': probe(through(`(process as any).binding('fs') && process`)),
  'require through module.constructor': probe(
    through(`(module as any).constructor._load('process')`),
  ),
  'require of a computed name': probe(through(`require(['node', 'process'].join(':'))`), 'TC102'),
  'an import of a data: URL': probe(
    `import fs from /*@*/'data:text/javascript,export default globalThis';\nif (!fs) throw new Error('no');`,
    'TC102',
  ),
  'an import of an absolute path': probe(`import '/etc/hostname';`, 'TC102'),
  'WebAssembly compiled from bytes': probe(
    `new WebAssembly.Module(new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0]));\nthrow new Error('WebAssembly compiled');`,
  ),
  // What the loader reads back: thrown objects and replaced built-ins.
  'a thrown object that Node would inspect': probe(
    `JSON.stringify = () => { const hostile: any = {}; hostile[Symbol.for('nodejs.util.inspect.custom')] = (_d: unknown, _o: unknown, inspect: any) => { inspect.constructor('return process')().getBuiltinModule('node:fs').writeFileSync(MARKER, 'escaped'); return 'x'; }; throw hostile; };`,
  ),
  'a thrown Proxy whose traps never return': probe(
    `throw new Proxy({}, { get: () => { for (;;) {} }, getPrototypeOf: () => { for (;;) {} } });`,
    'TC101',
    'TC103',
  ),
  'a replaced JSON.stringify that throws a Proxy': probe(
    `JSON.stringify = () => { throw new Proxy({}, { get: (_t, key) => (key === 'constructor' ? undefined : () => { for (;;) {} }) }); };`,
    'TC101',
    'TC103',
  ),
  'a replaced JSON.stringify that returns an object with a hostile toString': probe(
    `JSON.stringify = (() => ({ toString() { for (;;) {} } })) as never;`,
  ),
  // Things that end later, or never.
  'a rejected error whose stack getter loops': probe(
    `Promise.reject(Object.defineProperty(new Error('late'), 'stack', { get() { for (;;) {} } }));`,
    'TC101',
    'TC103',
  ),
  'an async throw after the module ended': probe(
    `(async () => { await null; throw new Error('thrown late'); })();`,
  ),
  'a FinalizationRegistry callback that loops': probe(
    `const registry = new FinalizationRegistry(() => { for (;;) {} });\nfor (let i = 0; i < 20_000; i++) registry.register({ i }, i);\nfor (let i = 0; i < 200; i++) new Array(100_000).fill(i);\nthrow new Error('registered');`,
    'TC101',
    'TC103',
  ),
  'Atomics.wait on a SharedArrayBuffer': probe(
    `Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0);`,
    'TC101',
    'TC103',
  ),
  'a loop that never ends': probe(`for (;;) {}`, 'TC103'),
  'a recursion without end': probe(
    `const again = (n: number): number => again(n + 1) + 1;\nagain(0);`,
  ),
  'a regular expression V8 refuses': probe(
    `const twice = /(?<a>x)|(?<a>y)(?<a>z)/;\nif (twice) throw new Error('parsed');`,
    'TC100',
  ),
  'unbounded allocation on the heap': probe(ALLOCATE_HEAP, 'TC104', 'TC103'),
  'unbounded allocation outside the heap (array buffers)': probe(
    `const kept: Uint8Array[] = [];\nfor (;;) { const b = new Uint8Array(64 * 1024 * 1024); b.fill(1); kept.push(b); }`,
    'TC104',
    'TC103',
    'TC101',
  ),
  'an export too large to hand back': probe(
    `const huge = 'x'.repeat(2 ** 28);\nexport const big = [huge, huge, huge];`,
    'TC104',
    'TC103',
    'TC101',
  ),
};

function projectFiles(marker: string, body: string): Record<string, string> {
  return {
    'tool-catalog.config.ts':
      "import { defineConfig } from 'agent-tool-catalog';\nexport default defineConfig({ catalogs: { demo: { include: ['catalog/*.catalog.ts'] } }, evaluationTimeoutMs: 1000 });\n",
    'catalog/demo.catalog.ts': `import { defineCatalog } from 'agent-tool-catalog';\nconst MARKER = ${JSON.stringify(marker)};\n${body}\nexport const demo = defineCatalog({ categories: ['file'] });\nexport default demo.tools({ Read: { kind: 'sdk', category: 'file' } });\n`,
  };
}

// Each probe has its own project, so its own evaluation process (one per project folder) and its own
// CLI run: nothing is shared, and most of a probe's time is waiting on a time or memory limit, which
// overlaps with the others'.
describe.concurrent('a catalog module trying to leave the evaluation boundary', () => {
  // The slowest cases first, so that the quick ones run beside them rather than after them.
  it.each([
    ['on the heap', ALLOCATE_HEAP],
    [
      'in array buffers, outside the heap',
      'const kept: Uint8Array[] = [];\nfor (;;) { const b = new Uint8Array(64 * 1024 * 1024); b.fill(1); kept.push(b); }',
    ],
  ])(
    'stops unbounded allocation %s by its memory limit, long before the time limit (TC104)',
    async (_, body) => {
      const dir = await tempDir('escape-memory');
      const files = projectFiles(path.join(dir, 'escaped.txt'), body);
      files['tool-catalog.config.ts'] = files['tool-catalog.config.ts']!.replace(
        'evaluationTimeoutMs: 1000',
        'evaluationTimeoutMs: 600_000',
      );
      writeFiles(dir, files);
      const run = await runCli(['generate', '--check', '--json'], dir);
      expect(run.code, run.stderr).toBe(1);
      const [error] = json(run).diagnostics;
      expect([error.code, error.position.file, error.position.line]).toEqual([
        'TC104',
        path.join('catalog', 'demo.catalog.ts'),
        4,
      ]);
      expect(error.message).toContain('more memory than the 512 MB it may');
    },
    // Filling 512 MB takes minutes at load 30 (120 s ran out); the evaluation's own limit is 600 s.
    300_000,
  );

  it(`tries at least 25 known ways (${Object.keys(PROBES).length})`, () => {
    expect(Object.keys(PROBES).length).toBeGreaterThanOrEqual(25);
  });

  it.each(Object.entries(PROBES))(
    'through %s: writes nothing, and ends with a located diagnostic',
    async (_, { body, codes }) => {
      const dir = await tempDir('escape');
      const marker = path.join(dir, 'escaped.txt');
      writeFiles(dir, projectFiles(marker, body));
      const before = await fingerprint(dir);
      const run = await runCli(['generate', '--check', '--json'], dir);
      expect(existsSync(marker), 'the probe reached fs').toBe(false);
      expect(await fingerprint(dir)).toEqual(before);
      expect(run.code, run.stderr).toBe(1);
      const errors = json(run).diagnostics.filter(
        (d: { severity: string }) => d.severity === 'error',
      );
      expect(errors.length, run.stdout).toBeGreaterThan(0);
      expect(codes, JSON.stringify(errors)).toContain(errors[0].code);
      expect(errors[0].position?.file, errors[0].message).toBe(
        path.join('catalog', 'demo.catalog.ts'),
      );
      expect(errors[0].position.line).toBeGreaterThan(0);
      expect(errors[0].position.column).toBeGreaterThan(0);
      expect(errors[0].message).not.toMatch(/\n\s+at /);
    },
    60_000,
  );

  it('through the import() rejection, as the real binary runs it: nothing written, a located diagnostic, no stack trace', async () => {
    const dir = await tempDir('escape-bin');
    const marker = path.join(dir, 'escaped.txt');
    writeFiles(
      dir,
      projectFiles(
        marker,
        PROBES['the import() rejection, whose constructor.constructor is the outer Function']!.body,
      ),
    );
    for (const args of [['generate', '--check'], ['generate']]) {
      const run = await runBin(args, dir);
      expect(existsSync(marker)).toBe(false);
      expect(run.code, run.stderr).toBe(1);
      expect(run.stderr).toMatch(/^catalog\/demo\.catalog\.ts:\d+:\d+: error TC101: /m);
      expect(run.stderr).not.toMatch(/\n\s+at /);
    }
    expect(existsSync(path.join(dir, 'generated'))).toBe(false);
  }, 120_000);
});
