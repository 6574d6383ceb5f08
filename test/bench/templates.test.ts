// The hot-path template loader: precompiled templates render byte-for-byte what compiling the
// sources renders, are used only while fresh, and tsString's fast path escapes like the slow one.
import fc from 'fast-check';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadCatalog } from '../../plugin/load/load-catalog';
import { loadConfig } from '../../plugin/load/load-config';
import { buildModel } from '../../plugin/model/build-model';
import { renderCatalog, pathsToRead } from '../../plugin/render/render-catalog';
import { buildTemplateSet, COMPILE_OPTIONS, readTemplateSources, templatesDir, tsString } from '../../plugin/render/templates';
import { COMPILE_OPTIONS as BUILD_OPTIONS, precompiledTemplatesSource } from '../../scripts/precompile-templates.mjs';

const requireHere = createRequire(import.meta.url);
const temp = mkdtempSync(path.join(os.tmpdir(), 'tool-catalog-templates-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

/** The build's module for the current templates, written and required as dist/ would be. */
function precompiledNow(name = 'fresh') {
  const file = path.join(temp, `${name}.cjs`);
  writeFileSync(file, precompiledTemplatesSource(templatesDir()));
  return requireHere(file);
}

/** The escaping tsString had before its fast path: five replaces on every string. */
const slowTsString = (s: string) =>
  `'${s.replace(/\\/g, '\\\\').replace(/'/g, "\\'").replace(/\n/g, '\\n').replace(/\r/g, '\\r').replace(/\u2028|\u2029/g, (c) => `\\u${c.charCodeAt(0).toString(16)}`)}'`;

describe('tsString', () => {
  it('escapes exactly like the five-replace version, for any string', () => {
    const tricky = fc.constantFrom('\\', "'", '\n', '\r', '\u2028', '\u2029', 'a', '_', '$', '"', '`');
    fc.assert(fc.property(fc.oneof(fc.string(), fc.array(tricky).map((a) => a.join('')), fc.string({ unit: 'grapheme' })), (s) => tsString(s) === slowTsString(s)), { numRuns: 2000 });
    expect(tsString("it's")).toBe("'it\\'s'");
    expect(tsString('plain_Name-1')).toBe("'plain_Name-1'");
  });
});

describe('precompiled templates', () => {
  it('are built with the options the loader expects', () => {
    expect(BUILD_OPTIONS).toEqual(COMPILE_OPTIONS);
  });

  it('render every file of the default catalog byte-for-byte like compiled sources', async () => {
    const repo = path.resolve(templatesDir(), '..');
    const config = await loadConfig({ cwd: repo });
    const raw = await loadCatalog(config.catalogs[0]!);
    const model = buildModel(raw);
    const existing = new Map(pathsToRead(model).map((p) => [p, undefined]));
    const sources = readTemplateSources();
    const fromSources = renderCatalog(model, buildTemplateSet(sources, undefined), existing).files;
    const fromPrecompiled = renderCatalog(model, buildTemplateSet(sources, precompiledNow()), existing).files;
    expect(fromSources.size).toBeGreaterThan(2);
    expect([...fromPrecompiled.keys()]).toEqual([...fromSources.keys()]);
    for (const [file, emitted] of fromSources) expect(fromPrecompiled.get(file)?.content, file).toBe(emitted.content);
  });

  it('are used while every source matches the one they were built from', () => {
    const sources = new Map([['header.hbs', 'real {{catalog}}']]);
    const other = createRequire(import.meta.url)('handlebars').precompile('precompiled {{catalog}}', { ...COMPILE_OPTIONS });
    // eslint-disable-next-line no-new-func -- the spec is JavaScript source, as in the built module
    const spec = new Function(`return ${other}`)();
    const set = buildTemplateSet(sources, { options: JSON.stringify(COMPILE_OPTIONS), templates: { 'header.hbs': { source: 'real {{catalog}}', spec } } });
    expect(set.get('header')!({ catalog: 'c' })).toBe('precompiled c');
  });

  it('are ignored when a template was edited after the build, or built with other options', () => {
    const built = precompiledNow('stale');
    const sources = readTemplateSources();
    const edited = new Map(sources).set('header.hbs', `EDITED ${sources.get('header.hbs')}`);
    const view = { catalog: 'c', include: 'i', configFile: 'f' };
    expect(buildTemplateSet(edited, built).get('header')!(view)).toMatch(/^EDITED /);
    const otherOptions = { ...built, options: JSON.stringify({ noEscape: false, strict: true }) };
    const withEscape = buildTemplateSet(new Map([['header.hbs', "<{{catalog}}>"]]), { ...otherOptions, templates: { 'header.hbs': { source: "<{{catalog}}>", spec: built.templates['header.hbs'].spec } } });
    expect(withEscape.get('header')!({ catalog: "a'b" })).toBe("<a'b>");
  });
});
