// The hot-path template loader: precompiled templates render byte-for-byte what compiling the
// sources renders, and are used only while fresh and built with the loader's compile options.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadCatalog } from '../../plugin/load/load-catalog';
import { loadConfig } from '../../plugin/load/load-config';
import { buildModel } from '../../plugin/model/build-model';
import { renderersOf } from '../../plugin/targets/index';
import { renderCatalog, pathsToRead } from '../../plugin/render/render-catalog';
import { COMPILE_OPTIONS, precompiledTemplatesSource } from '../../plugin/render/template-compiler';
import { buildTemplateSet, readTemplateSources } from '../../plugin/render/templates';
import { REPO } from '../support/paths';

const requireHere = createRequire(import.meta.url);
const temp = mkdtempSync(path.join(os.tmpdir(), 'tool-catalog-templates-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

/** The build's module for the current templates, written and required as dist/ would be. */
function precompiledNow(name = 'fresh') {
  const file = path.join(temp, `${name}.cjs`);
  writeFileSync(file, precompiledTemplatesSource(readTemplateSources()));
  return requireHere(file);
}

/** No usable build: the loader must compile every template from its source. */
const NO_BUILD = { options: '', templates: {} };

describe('precompiled templates', () => {
  it("record the compile options they were built with, which are the loader's", () => {
    expect(precompiledNow().options).toBe(JSON.stringify(COMPILE_OPTIONS));
  });

  it('render every file of the default catalog byte-for-byte like compiled sources', async () => {
    const config = await loadConfig({ cwd: REPO });
    const raw = await loadCatalog(config.catalogs[0]!);
    const model = buildModel(raw);
    const existing = new Map(pathsToRead(model, renderersOf(model)).map((p) => [p, undefined]));
    const sources = readTemplateSources();
    const renderers = renderersOf(model);
    const fromSources = renderCatalog(
      model,
      buildTemplateSet(sources, NO_BUILD),
      existing,
      renderers,
    ).files;
    const fromPrecompiled = renderCatalog(
      model,
      buildTemplateSet(sources, precompiledNow()),
      existing,
      renderers,
    ).files;
    expect(fromSources.size).toBeGreaterThan(2);
    expect([...fromPrecompiled.keys()]).toEqual([...fromSources.keys()]);
    for (const [file, emitted] of fromSources)
      expect(fromPrecompiled.get(file)?.content, file).toBe(emitted.content);
  });

  it('are used while every source matches the one they were built from', () => {
    const sources = new Map([['header', 'real {{catalog}}']]);
    const other = createRequire(import.meta.url)('handlebars').precompile(
      'precompiled {{catalog}}',
      {
        ...COMPILE_OPTIONS,
      },
    );
    // eslint-disable-next-line no-new-func -- the spec is JavaScript source, as in the built module
    const spec = new Function(`return ${other}`)();
    const set = buildTemplateSet(sources, {
      options: JSON.stringify(COMPILE_OPTIONS),
      templates: { header: { source: 'real {{catalog}}', spec } },
    });
    expect(set.get('header')({ catalog: 'c', include: 'i', configFile: 'f' })).toBe(
      'precompiled c',
    );
  });

  it('are ignored when a template was edited after the build, or built with other options', () => {
    const built = precompiledNow('stale');
    const sources = readTemplateSources();
    const edited = new Map(sources).set('header', `EDITED ${sources.get('header')}`);
    const view = { catalog: 'c', include: 'i', configFile: 'f' };
    expect(buildTemplateSet(edited, built).get('header')(view)).toMatch(/^EDITED /);
    const otherOptions = { ...built, options: JSON.stringify({ noEscape: false, strict: true }) };
    const withEscape = buildTemplateSet(new Map([['header', '<{{catalog}}>']]), {
      ...otherOptions,
      templates: { header: { source: '<{{catalog}}>', spec: built.templates.header.spec } },
    });
    expect(withEscape.get('header')({ catalog: "a'b", include: '', configFile: '' })).toBe("<a'b>");
  });
});
