import { describe, expect, it } from 'vitest';
import type { CatalogModel } from '../model/catalog-model';
import { runWithMemory, SessionMemory } from '../session-memory';
import { demoModel, renderWith } from '../../test/support/catalog-model';
import { renderersOf } from '../targets/index';
import { renderCatalog } from './render-catalog';
import type { Renderer } from './renderer';
import { loadTemplates } from './templates';

/**
 * A catalog with copy everywhere copy can be: tool labels and descriptions, category labels (their
 * own copy when given).
 */
const catalog = (copy: string, categoryCopy = copy) =>
  demoModel(
    {
      categories: ['shell', 'file'],
      categoryLabels: { shell: `Shell ${categoryCopy}`, file: `Files ${categoryCopy}` },
      conditions: { 'has-git': 'the session folder is a git work tree' },
      servers: { notes: {} },
    },
    {
      Read: {
        kind: 'sdk',
        category: 'file',
        exposure: 'user',
        label: `Read ${copy}`,
        description: `Reads ${copy}`,
      },
      Bash: {
        kind: 'sdk',
        category: 'shell',
        exposure: 'conditional',
        condition: 'has-git',
        label: `Bash ${copy}`,
        description: `Runs ${copy}`,
      },
      Notes: {
        kind: 'mcp',
        server: 'notes',
        wire: 'notes',
        category: 'file',
        exposure: 'user',
        dependsOn: ['Read'],
        label: `Notes ${copy}`,
      },
    },
    // The runtime is copied into the output folder, so its renderer emits files too; every target.
    {
      runtimeModule: undefined,
      targets: [{ name: 'claude-agent-sdk' }, { name: 'ai-sdk', major: 7 }],
    },
  );

/** Every renderer of the catalog, its targets' included. */
const renderers = renderersOf(catalog('(one)'));

/** A renderer's files for the catalog, by path relative to `/app`. */
const filesOf = (renderer: Renderer, model: CatalogModel) => renderWith(renderer, model).files;

describe('renderers that show no copy', () => {
  const quiet = renderers.filter((r) => r.showsNoCopy);
  const showing = renderers.filter((r) => !r.showsNoCopy);

  it('emit the same files whatever the labels and descriptions say', () => {
    expect(quiet.map((r) => r.name)).toEqual([
      'registry',
      'tools',
      'bindings',
      'i18n-keys',
      'policy',
      'opt-outs',
      'runtime',
      'session',
      'sdk-coverage',
      'ai-sdk',
      'runtime of ai-sdk',
    ]);
    for (const renderer of quiet) {
      const before = filesOf(renderer, catalog('(one)'));
      expect(Object.keys(before).length, renderer.name).toBeGreaterThan(0);
      expect(filesOf(renderer, catalog('(two)')), renderer.name).toEqual(before);
    }
  });

  it('are all that do: every other renderer shows the copy that changed', () => {
    expect(showing.map((r) => r.name)).toEqual(['i18n', 'policy-snapshot']);
    for (const renderer of showing) {
      const texts = (copy: string) => Object.values(filesOf(renderer, catalog(copy))).join('\n');
      expect(texts('(two)'), renderer.name).toContain('(two)');
      expect(texts('(two)'), renderer.name).not.toEqual(texts('(one)'));
    }
  });

  it('keep their files in a watch session when an edit changed copy only; the rest render again', () => {
    expectKeptAfter(catalog('(two)'), quiet);
  });
});

describe('renderers that show category labels but no tool copy', () => {
  const quietForTools = renderers.filter((r) => r.showsNoToolCopy);

  it('emit the same files whatever the tool labels and descriptions say', () => {
    expect(quietForTools.map((r) => r.name)).toEqual(['policy-snapshot']);
    for (const renderer of quietForTools) {
      const before = filesOf(renderer, catalog('(one)'));
      const texts = Object.values(before).join('\n');
      expect(texts, renderer.name).toContain('Shell (one)');
      expect(texts, renderer.name).not.toContain('Read (one)');
      expect(filesOf(renderer, catalog('(two)', '(one)')), renderer.name).toEqual(before);
    }
  });

  it('keep their files in a watch session when an edit changed tool copy only, not category labels', () => {
    const quiet = renderers.filter((r) => r.showsNoCopy);
    expectKeptAfter(catalog('(two)', '(one)'), [...quiet, ...quietForTools]);
    expectKeptAfter(catalog('(two)'), quiet);
  });
});

/**
 * Renders the first catalog, then `edited`, in one watch session: the files must equal a cold
 * render of `edited`, and be the very objects of the first run exactly where `keeping` renders them.
 */
function expectKeptAfter(edited: CatalogModel, keeping: readonly Renderer[]) {
  const templates = loadTemplates();
  const memory = new SessionMemory(true);
  const first = runWithMemory(memory, () =>
    renderCatalog(catalog('(one)'), templates, new Map(), renderers),
  );
  const second = runWithMemory(memory, () =>
    renderCatalog(edited, templates, new Map(), renderers),
  );
  // What a fresh process renders for the edited catalog, file by file.
  const cold = renderCatalog(edited, templates, new Map(), renderers);
  expect([...second.files.keys()]).toEqual([...cold.files.keys()]);
  for (const [file, rendered] of cold.files)
    expect(second.files.get(file)!.content, file).toBe(rendered.content);
  // The files of renderers that show no copy are the very objects of the first run; the others new.
  const kept = new Set(
    [...second.files].filter(([file, f]) => first.files.get(file) === f).map(([f]) => f),
  );
  const keptFiles = keeping.flatMap((r) => Object.keys(filesOf(r, edited)).map((f) => `/app/${f}`));
  expect(keptFiles.length).toBeGreaterThan(keeping.length);
  expect([...kept].sort()).toEqual(keptFiles.sort());
}
