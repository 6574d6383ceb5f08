// A watch session's evaluation process runs each request in the context the one before used, while
// the global object and the built-ins are as they were made, and sends back an entry whose exports did
// not change as the token the generator holds them by. Catalog code that leaves anything behind (a
// global, a built-in changed, a callback that runs later) gets a new context, so a session's run
// gives what a cold run gives.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { createGenerateSession } from '../../plugin/generate-session';
import type { EvaluationOutcome } from '../../plugin/load/evaluation-outcome';
import { EvaluationProcess } from '../../plugin/load/evaluation-process';
import { json, runBin } from '../support/cli';
import { removeTempDirs, tempDir, writeFiles } from '../support/files';

afterAll(removeTempDirs);

const ENTRY = '/app/entry.js';
/** One compiled module as the only entry; `known` is the token the generator holds its exports by. */
const request = (code: string, known?: string) => ({
  compiled: [{ file: ENTRY, hash: code, code, imports: {}, requires: [] }],
  entries: [ENTRY],
  modules: [],
  timeoutMs: 10_000,
  ...(known === undefined ? {} : { known: { [ENTRY]: known } }),
});
const exporting = (value: string) =>
  `Object.defineProperty(__vite_ssr_exports__, 'value', { enumerable: true, value: ${value} });`;
const reply = (outcome: EvaluationOutcome) => {
  expect(outcome.kind).toBe('result');
  return (JSON.parse(outcome.kind === 'result' ? outcome.json : '{}') as { exports: unknown[] })
    .exports[0] as { data?: { value: unknown }; token?: string; same?: string };
};

const processes: EvaluationProcess[] = [];
afterEach(async () => {
  await Promise.all(processes.splice(0).map((p) => p.dispose()));
});
const evaluator = (keepWarm: boolean) => {
  const p = new EvaluationProcess({ keepWarm });
  processes.push(p);
  return p;
};

describe('the evaluation process of a watch session', () => {
  it('runs the next request in the same context, and sends unchanged exports as their token', async () => {
    const p = evaluator(true);
    const first = await p.evaluate(request(exporting('42')));
    const sent = reply(first);
    expect(first.reused).toBeUndefined();
    expect(sent.data).toEqual({ value: 42 });
    expect(typeof sent.token).toBe('string');
    const second = await p.evaluate(request(exporting('42'), sent.token));
    expect(second.reused).toBe(true);
    expect(reply(second)).toEqual({ same: sent.token });
    // Changed exports, or a token the generator does not hold, come as data.
    const changed = reply(await p.evaluate(request(exporting('43'), sent.token)));
    expect(changed.data).toEqual({ value: 43 });
    expect(changed.token).not.toBe(sent.token);
    const unheld = reply(await p.evaluate(request(exporting('43'), 'another token')));
    expect(unheld.data).toEqual({ value: 43 });
  });

  const leftBehind: [string, string][] = [
    ['a global', 'globalThis.leftBehind = 1;'],
    ['a property of a built-in', 'Array.prototype.leftBehind = 1;'],
    ['a built-in replaced', 'Math.max = () => 0;'],
    ['a built-in made read-only', 'Object.freeze(Math);'],
    ['a prototype swapped', 'Object.setPrototypeOf(Map.prototype, null);'],
    [
      'a property of a built-in no global names',
      'Object.getPrototypeOf([][Symbol.iterator]()).leftBehind = 1;',
    ],
    [
      'a callback that runs after the request',
      'Atomics.waitAsync(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 1).value.then(() => { globalThis.late = 1; });',
    ],
  ];
  for (const [what, code] of leftBehind)
    it(`gives a request a new context after one left ${what} behind`, async () => {
      const p = evaluator(true);
      expect(reply(await p.evaluate(request(`${code}\n${exporting('1')}`))).data).toEqual({
        value: 1,
      });
      // A callback left to run later has had time to: the wait above ends after 1 ms.
      await new Promise((resolve) => setTimeout(resolve, 20));
      const next = await p.evaluate(request(exporting('2')));
      expect(next.reused).toBeUndefined();
      expect(reply(next).data).toEqual({ value: 2 });
      // That new context is kept in turn.
      expect((await p.evaluate(request(exporting('3')))).reused).toBe(true);
    });

  it('gives a request a new context when a callback the one before left behind does not end', async () => {
    const p = evaluator(true);
    const loopLater =
      'Atomics.waitAsync(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 1).value.then(() => { for (;;) {} });';
    expect(reply(await p.evaluate(request(`${loopLater}\n${exporting('1')}`))).data).toEqual({
      value: 1,
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    // The kept context runs the callback first, past the limit: the request itself is not stopped.
    const next = await p.evaluate({ ...request(exporting('2')), timeoutMs: 300 });
    expect(next.reused).toBeUndefined();
    expect(reply(next).data).toEqual({ value: 2 });
  });

  it('keeps no context and names no exports outside a watch session', async () => {
    const p = evaluator(false);
    expect(reply(await p.evaluate(request(exporting('1'))))).toEqual({ data: { value: 1 } });
    const next = await p.evaluate(request(exporting('1'), 'a token'));
    expect(next.reused).toBeUndefined();
    expect(reply(next)).toEqual({ data: { value: 1 } });
  });
});

const CONFIG =
  "import { defineConfig } from 'agent-tool-catalog';\nexport default defineConfig({ catalogs: { demo: { include: ['catalog/*.catalog.ts'] } } });\n";
const toolsWith = (label: string) =>
  "import { defineCatalog } from 'agent-tool-catalog';\nexport const demo = defineCatalog({ categories: ['file'] });\n" +
  `export default demo.tools({ Read: { kind: 'sdk', category: 'file', label: ${label} } });\n`;
const OTHER = (description: string) =>
  "import { demo } from './tools.catalog';\n" +
  `export default demo.tools({ Grep: { kind: 'sdk', category: 'file', label: 'Search', description: '${description}' } });\n`;

describe('a watch session over catalog code that leaves state behind', () => {
  const cases: [string, string, string][] = [
    [
      'a global counter',
      'globalThis.runs = (globalThis.runs ?? 0) + 1;',
      '`Run ${(globalThis as any).runs}`',
    ],
    [
      'RegExp’s last match',
      'const seen = RegExp.lastMatch; /Read/.exec("Read a file");',
      '`Seen ${seen}`',
    ],
    [
      'a callback that runs later',
      'const late = (globalThis as any).late ?? "on time";\nAtomics.waitAsync(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 1).value.then(() => { (globalThis as any).late = "late"; });',
      'late',
    ],
  ];
  for (const [what, code, label] of cases)
    it(`gives after an edit what a cold run gives: ${what}`, async () => {
      const dir = await tempDir('kept-context');
      const tools = `${code}\n${toolsWith(label)}`.replace(
        '(globalThis.runs',
        '((globalThis as any).runs',
      );
      writeFiles(dir, {
        'tool-catalog.config.ts': CONFIG,
        'catalog/tools.catalog.ts': tools,
        'catalog/other.catalog.ts': OTHER('first'),
      });
      const labelNow = () =>
        JSON.parse(readFileSync(path.join(dir, 'generated/demo/i18n/en.json'), 'utf8')).agent.tools
          .Read.label as string;
      const session = createGenerateSession({ cwd: dir });
      try {
        expect((await session.run()).ok).toBe(true);
        const cold = labelNow();
        for (const description of ['second', 'third']) {
          await new Promise((resolve) => setTimeout(resolve, 20));
          writeFileSync(path.join(dir, 'catalog/other.catalog.ts'), OTHER(description));
          const run = await session.run();
          expect(run.ok, JSON.stringify(run.diagnostics)).toBe(true);
          expect(labelNow()).toBe(cold);
        }
      } finally {
        await session.dispose();
      }
      const check = await runBin(['generate', '--check', '--json'], dir, {
        TOOL_CATALOG_CACHE: '0',
      });
      expect({ code: check.code, changed: json(check).changed }, check.stderr).toEqual({
        code: 0,
        changed: [],
      });
    }, 120_000);
});
