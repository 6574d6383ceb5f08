// A watch session's evaluation process runs again only the modules an edit changed and those that
// import them; a module keeps what it ran to while its exports are plain data that nothing changed.
// Whatever the modules do to what they import (change it, count in it, keep a Set), a session's run
// gives what a cold run gives.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { createGenerateSession } from '../../plugin/generate-session';
import type { EvaluationOutcome } from '../../plugin/load/evaluation-outcome';
import { EvaluationProcess } from '../../plugin/load/evaluation-process';
import { dataPrinter } from '../../plugin/load/sandbox-data-print';
import { keptModules, type ModuleLinks } from '../../plugin/load/sandbox-kept-modules';
import { json, runBin } from '../support/cli';
import { removeTempDirs, tempDir, writeFiles } from '../support/files';

afterAll(removeTempDirs);

/** A compiled module: `body` runs with `shared` bound to the namespace of /app/shared.js when it imports it. */
const moduleOf = (name: string, body: string, importsShared: boolean) => {
  const file = `/app/${name}.js`;
  const code =
    (importsShared ? 'const shared = await __vite_ssr_import__("./shared", {});\n' : '') +
    `${body}\nObject.defineProperty(__vite_ssr_exports__, "value", { enumerable: true, get() { return value; } });`;
  return {
    file,
    hash: `${name}:${code}`,
    code,
    imports: (importsShared ? { './shared': '/app/shared.js' } : {}) as Record<string, string>,
    requires: [],
  };
};
const ENTRIES = ['/app/a.js', '/app/b.js'];

const processes: EvaluationProcess[] = [];
afterEach(async () => {
  await Promise.all(processes.splice(0).map((p) => p.dispose()));
});

/** Evaluates a, b (and the shared module they import) in one watch session, request by request. */
function session() {
  const p = new EvaluationProcess({ keepWarm: true });
  processes.push(p);
  let known: Record<string, string> = {};
  let held: unknown[] = [];
  const evaluate = (shared: string, a: string, b: string, timeoutMs: number) => {
    const compiled = [
      moduleOf('shared', shared, false),
      moduleOf('a', a, true),
      moduleOf('b', b, false),
    ];
    return p.evaluate({
      compiled,
      entries: ENTRIES,
      modules: compiled.map((m) => m.file),
      timeoutMs,
      known,
    });
  };
  const run = async (shared: string, a: string, b = 'const value = "b";') => {
    const outcome: EvaluationOutcome = await evaluate(shared, a, b, 10_000);
    expect(outcome.kind).toBe('result');
    const exports = (
      JSON.parse(outcome.kind === 'result' ? outcome.json : '{}') as {
        exports: { data?: { value: unknown }; token?: string; same?: string }[];
      }
    ).exports;
    held = exports.map((e, i) => (e.same !== undefined ? held[i] : e.data?.value));
    known = Object.fromEntries(exports.map((e, i) => [ENTRIES[i], e.same ?? e.token ?? '']));
    return { values: held };
  };
  return Object.assign(run, { evaluate });
}

describe('the modules a watch request runs again', () => {
  // Each module's value holds a number drawn when its body runs: a kept module's stays the same.
  const shared = (labels: string) => `const value = { labels: ${labels}, drawn: Math.random() };`;
  const a = (plus: number) =>
    `const value = [shared.value.drawn, shared.value.labels.length + ${plus}];`;
  const B = 'const value = Math.random();';

  it('are the edited module and its importers, while what they import is plain data', async () => {
    const run = session();
    const [[drawn, two], b] = (await run(shared('["x", "y"]'), a(0), B)).values as [
      [number, number],
      number,
    ];
    expect(two).toBe(2);
    // a edited: the shared module and b keep what they ran to.
    expect((await run(shared('["x", "y"]'), a(1), B)).values).toEqual([[drawn, 3], b]);
    // The shared module edited: it and a run again, b (which does not import it) is kept.
    const [[drawnAgain, one], bAgain] = (await run(shared('["x"]'), a(0), B)).values as [
      [number, number],
      number,
    ];
    expect({ one, bAgain, sameDraw: drawnAgain === drawn }).toEqual({
      one: 1,
      bAgain: b,
      sameDraw: false,
    });
  }, 60_000);

  it('that stops on its time limit is the one told as running: the kept modules are told as ended', async () => {
    const run = session();
    await run(shared('["x"]'), a(0), B);
    const stopped = await run.evaluate(
      shared('["x"]'),
      'while (true) {}\nconst value = 1;',
      B,
      500,
    );
    expect(stopped.kind).toBe('timeout');
    expect(new Set(stopped.left.map((f) => path.basename(f)))).toEqual(
      new Set(['shared.js', 'b.js']),
    );
  }, 60_000);

  const stateful: [string, string, string, unknown][] = [
    [
      'plain data it imports, changed by it',
      'const value = { labels: ["x"] };',
      'shared.value.labels.push("more"); const value = shared.value.labels.length;',
      2,
    ],
    [
      'a counter behind a function it imports',
      'let n = 0; const value = () => ++n;',
      'const value = shared.value();',
      1,
    ],
    [
      'a Set it imports',
      'const value = new Set();',
      'shared.value.add(Math.random()); const value = shared.value.size;',
      1,
    ],
    [
      'plain data it imports, frozen by it',
      'const value = { n: 1 };',
      'shared.value.n++; Object.freeze(shared.value); const value = shared.value.n;',
      2,
    ],
  ];
  for (const [what, shared, a, expected] of stateful)
    it(`give what a cold run gives after every edit: ${what}`, async () => {
      const run = session();
      for (let edit = 0; edit < 4; edit++) {
        const { values } = await run(shared, `${a}\n// edit ${edit}`);
        expect(values).toEqual([expected, 'b']);
      }
      // A module that ran again changed a kept one that had stayed as it ran: the request ran anew.
      const { values } = await run(
        'const value = { labels: ["x"] };',
        'const value = shared.value.labels.length;',
      );
      expect(values).toEqual([1, 'b']);
      for (let edit = 0; edit < 3; edit++)
        expect(
          (
            await run(
              'const value = { labels: ["x"] };',
              `shared.value.labels.push(${edit}); const value = shared.value.labels.length;`,
            )
          ).values,
        ).toEqual([2, 'b']);
    }, 60_000);
});

describe('keptModules', () => {
  const m = (file: string, hash: string, ...imports: string[]): ModuleLinks => ({
    file,
    hash,
    imports: Object.fromEntries(imports.map((i) => [`./${i}`, i])),
    requires: [],
  });
  const graph = [m('lib', '1'), m('mid', '1', 'lib'), m('top', '1', 'mid'), m('side', '1')];
  const last = keptModules(new Map(), graph, new Set()).signatures;
  const all = new Set(graph.map((g) => g.file));

  it('keeps every module when nothing changed, and checks none', () => {
    expect(keptModules(last, graph, all)).toMatchObject({
      carry: ['lib', 'mid', 'top', 'side'],
      check: [],
    });
  });
  it('runs an edited module and every module that imports it, and checks what they reach', () => {
    const edited = graph.map((g) => (g.file === 'mid' ? { ...g, hash: '2' } : g));
    expect(keptModules(last, edited, all)).toMatchObject({
      carry: ['lib', 'side'],
      check: ['lib'],
    });
  });
  it('runs a module whose import now leads elsewhere, or whose exports were not plain data', () => {
    const moved = graph.map((g) => (g.file === 'top' ? { ...g, imports: { './mid': 'side' } } : g));
    expect(keptModules(last, moved, all).carry).toEqual(['lib', 'mid', 'side']);
    expect(keptModules(last, graph, new Set(['mid', 'top', 'side'])).carry).toEqual(['side']);
  });
});

describe('dataPrinter', () => {
  const printer = dataPrinter(['agent-tool-catalog.catalog']);
  const print = (value: unknown) => printer.print({ value });
  it('prints plain data, and tells apart what a change would', () => {
    const data = { a: [1, 'x', null, true, undefined], b: { c: 2n } };
    expect(print(data)).toBe(print(structuredClone(data)));
    expect(print({ ...data, d: 1 })).not.toBe(print(data));
    expect(print(Object.freeze({ a: 1 }))).not.toBe(print({ a: 1 }));
    expect(print({ [Symbol.for('agent-tool-catalog.catalog')]: true })).toBeDefined();
  });
  it('does not print what holds state it cannot see', () => {
    for (const value of [
      new Set(),
      new Map(),
      new Date(0),
      () => 1,
      {
        get a() {
          return 1;
        },
      },
      { [Symbol('own')]: 1 },
      Object.assign(Object.create({}), { a: 1 }),
    ])
      expect(print(value)).toBeUndefined();
    const cycle: Record<string, unknown> = {};
    cycle.self = cycle;
    expect(print(cycle)).toBeUndefined();
  });
  it("prints the package's functions, and a catalog's methods by their text", () => {
    const defineCatalog = (vocabulary: object) => ({ vocabulary, tools: (t: object) => t });
    expect(print(defineCatalog)).toBeUndefined();
    printer.trust({ defineCatalog });
    expect(print(defineCatalog)).toBeDefined();
    expect(print(defineCatalog({}))).toBeDefined();
    expect(print({ tools: (t: object) => ({ t }) })).toBeUndefined();
  });
});

const CONFIG =
  "import { defineConfig } from 'agent-tool-catalog';\nexport default defineConfig({ catalogs: { demo: { include: ['catalog/*.catalog.ts'] } } });\n";
const CATALOG =
  "import { defineCatalog } from 'agent-tool-catalog';\nexport const demo = defineCatalog({ categories: ['file'] });\n";
const tools = (file: string, key: string, label: string, extra = '') =>
  `import { demo } from './demo';\nimport { shared } from './shared';\n${extra}\n` +
  `export default demo.tools({ ${key}: { kind: 'sdk', category: 'file', label: ${label} } });\n// ${file}\n`;

describe('a watch session whose catalog files share a module', () => {
  const cases: [string, string, string][] = [
    ['plain data they change', "export const shared = { label: 'Read' };", "shared.label += '!';"],
    [
      'a counter',
      'let n = 0;\nexport const shared = { next: () => ++n, label: "" };',
      'shared.label = "Run " + shared.next();',
    ],
    [
      'a Set',
      'export const shared = { seen: new Set<string>(), label: "" };',
      'shared.seen.add(String(shared.seen.size)); shared.label = "Seen " + shared.seen.size;',
    ],
  ];
  for (const [what, shared, change] of cases)
    it(`gives after every edit what a cold run gives: ${what}`, async () => {
      const dir = await tempDir('kept-modules');
      writeFiles(dir, {
        'tool-catalog.config.ts': CONFIG,
        'catalog/demo.ts': CATALOG,
        'catalog/shared.ts': shared,
        'catalog/a.catalog.ts': tools('a', 'Read', 'shared.label', change),
        'catalog/b.catalog.ts': tools('b', 'Grep', 'shared.label'),
      });
      const session = createGenerateSession({ cwd: dir });
      try {
        expect((await session.run()).ok).toBe(true);
        for (const [file, edit] of [
          ['a', 1],
          ['b', 2],
          ['a', 3],
        ] as const) {
          await new Promise((resolve) => setTimeout(resolve, 20));
          const key = file === 'a' ? 'Read' : 'Grep';
          const text = tools(`${file} ${edit}`, key, 'shared.label', file === 'a' ? change : '');
          writeFileSync(path.join(dir, `catalog/${file}.catalog.ts`), text);
          const run = await session.run();
          expect(run.ok, JSON.stringify(run.diagnostics)).toBe(true);
          const check = await runBin(['generate', '--check', '--json'], dir, {
            TOOL_CATALOG_CACHE: '0',
          });
          expect({ code: check.code, changed: json(check).changed }, check.stderr).toEqual({
            code: 0,
            changed: [],
          });
        }
      } finally {
        await session.dispose();
      }
    }, 120_000);
});
