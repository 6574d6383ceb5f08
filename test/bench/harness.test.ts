// The bench's own parts: its statistics, its synthetic catalogs (valid, with the promised mix, and
// edit / add / remove scenarios that do what they say) and the hand-written tsc baseline compiling.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { handWrittenRegistry } from '../../bench/measure-tsc.mjs';
import { interleave, summarise } from '../../bench/stats.mjs';
import {
  scenarioEdits,
  scenarioErrors,
  toolKey,
  writeSyntheticCatalog,
} from '../../bench/synthetic-catalog.mjs';
import { generate } from '../../plugin/generate';
import { runTsc } from '../support/compilers';

const temp = mkdtempSync(path.join(os.tmpdir(), 'tool-catalog-bench-test-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

describe('summarise', () => {
  it('gives median, min and max for odd and even run counts', () => {
    expect(summarise([5, 1, 3])).toEqual({ median: 3, min: 1, max: 5, runs: 3 });
    expect(summarise([4, 1, 2, 10])).toEqual({ median: 3, min: 1, max: 10, runs: 4 });
  });
});

describe('interleave', () => {
  it('runs the commands in turns after one warm-up each, each after its own `before`', () => {
    const calls: string[] = [];
    const command = (name: string, ms: number) => ({
      before: () => calls.push(`before ${name}`),
      fn: () => {
        calls.push(name);
        return ms;
      },
    });
    const result = interleave(2, { a: command('a', 1), b: command('b', 3) });
    expect(calls).toEqual([
      'before a',
      'a',
      'before b',
      'b',
      'before a',
      'a',
      'before b',
      'b',
      'before a',
      'a',
      'before b',
      'b',
    ]);
    expect(result).toEqual({
      a: { median: 1, min: 1, max: 1, runs: 2 },
      b: { median: 3, min: 3, max: 3, runs: 2 },
    });
  });
});

describe('synthetic catalog', () => {
  const catalog = writeSyntheticCatalog(path.join(temp, 'catalog'), 160);
  const compile = async () => {
    const result = await generate({ cwd: catalog.dir });
    expect(result.diagnostics.map((d) => d.message)).toEqual([]);
    return result.catalogs[0]!.model!;
  };

  it('compiles without diagnostics and has the realistic mix it promises', async () => {
    const model = await compile();
    expect(model.tools).toHaveLength(160);
    const count = (p: (t: (typeof model.tools)[number]) => boolean) => model.tools.filter(p).length;
    expect(count((t) => t.kind === 'sdk')).toBeGreaterThan(20);
    expect(count((t) => t.kind === 'mcp')).toBeGreaterThan(80);
    expect(count((t) => t.kind === 'external')).toBeGreaterThan(10);
    expect(count((t) => t.sdkTyped)).toBe(6);
    expect(count((t) => t.pairGroup !== undefined)).toBeGreaterThan(10);
    expect(count((t) => t.exposure === 'conditional')).toBeGreaterThan(10);
    expect(count((t) => t.dependsOn.length > 0)).toBeGreaterThan(20);
    // Written zh-cn and zh-tw in the config: locales are BCP 47 tags, in their canonical case.
    expect(model.config.i18n.locales).toEqual(['en', 'zh-CN', 'zh-TW']);
    expect(model.sources.length).toBe(catalog.files + 1);
  });

  it('edits, adds and removes one tool (the last declared), and restores the original', async () => {
    const edits = scenarioEdits(catalog);
    const before = await compile();
    const last = toolKey(159);
    edits.edit();
    const edited = await compile();
    expect(edited.tools).toHaveLength(160);
    expect(
      edited.tools.filter((t, i) => t.label !== before.tools[i]!.label).map((t) => t.key),
    ).toEqual([last]);
    edits.add();
    expect((await compile()).tools).toHaveLength(161);
    edits.remove();
    expect((await compile()).tools.map((t) => t.key)).toEqual(
      before.tools.map((t) => t.key).filter((k) => k !== last),
    );
    edits.restore();
    expect(await compile()).toEqual(before);
  });

  it('breaks one tools file with an unknown category or a syntax error, and restores it', async () => {
    const errors = scenarioErrors(catalog);
    const before = await compile();
    const codes = async () => (await generate({ cwd: catalog.dir })).diagnostics.map((d) => d.code);
    errors.unknownCategory();
    expect(await codes()).toEqual(['TC140']);
    errors.syntaxError();
    expect(await codes()).toEqual(['TC100']);
    errors.restore();
    expect(await compile()).toEqual(before);
  });

  it('has hand-written tsc baselines, in both shapes, that type-check with TypeScript 7', async () => {
    const model = await compile();
    for (const shape of ['annotated', 'checked'] as const) {
      const file = path.join(temp, `baseline.${shape}.ts`);
      writeFileSync(file, handWrittenRegistry(model, shape));
      // A baseline must compile, or the ratio would be meaningless.
      expect(
        await runTsc(
          'TypeScript 7',
          ['--noEmit', '--strict', '--target', 'es2022', '--types', '', '--skipLibCheck', file],
          temp,
        ),
      ).toEqual({ code: 0, output: '' });
    }
    expect(handWrittenRegistry(model)).toContain(
      `TOOL_REGISTRY: { readonly [K in ToolKey]: ToolDescriptor }`,
    );
    expect(handWrittenRegistry(model, 'checked')).toContain(
      `} as const;\nTOOL_REGISTRY satisfies { readonly [K in ToolKey]: ToolDescriptor };`,
    );
  });
});
