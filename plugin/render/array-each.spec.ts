import Handlebars from 'handlebars';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { demoModel, renderWith } from '../../test/support/catalog-model';
import { arrayEach } from './array-each';
import { registryRenderer } from './renderers/registry';
import { COMPILE_OPTIONS } from './template-compiler';

afterEach(() => {
  vi.restoreAllMocks();
});

/** Handlebars with the plain walk in place of `each`, and a count of the calls it left to the general one. */
function withArrayEach() {
  const hb = Handlebars.create();
  const general = hb.helpers.each!;
  const handedOn = { count: 0 };
  hb.registerHelper(
    'each',
    arrayEach(function (this: unknown, context: unknown, options: Handlebars.HelperOptions) {
      handedOn.count++;
      return general.call(this, context, options);
    }),
  );
  return { hb, handedOn };
}

describe("the plain walk of an array in place of Handlebars' each", () => {
  it('lays out what the general helper does, else branch and nesting included', () => {
    const { hb, handedOn } = withArrayEach();
    const source =
      '{{#each groups}}<{{name}}:{{#each tools}}[{{key}}]{{else}}none{{/each}}>{{/each}}';
    const view = {
      groups: [
        { name: 'a', tools: [{ key: 'x' }, { key: 'y' }] },
        { name: 'b', tools: [] },
      ],
    };
    const expected = Handlebars.create().compile(source, { ...COMPILE_OPTIONS })(view);
    expect(hb.compile(source, { ...COMPILE_OPTIONS })(view)).toBe(expected);
    expect(expected).toBe('<a:[x][y]><b:none>');
    expect(handedOn.count).toBe(0);
  });

  it('hands on what it cannot walk plainly: objects, data variables, block parameters', () => {
    const { hb, handedOn } = withArrayEach();
    const fields = hb.compile('{{#each map}}{{this}}{{/each}}', { ...COMPILE_OPTIONS });
    expect(fields({ map: { a: 1, b: 2 } })).toBe('12');
    expect(handedOn.count).toBe(1);
    const indexed = hb.compile('{{#each list}}{{@index}}{{this}} {{/each}}', {
      ...COMPILE_OPTIONS,
      data: true,
    });
    expect(indexed({ list: ['a', 'b'] })).toBe('0a 1b ');
    expect(handedOn.count).toBe(2);
    const named = hb.compile('{{#each list as |item|}}{{item}}.{{/each}}', {
      ...COMPILE_OPTIONS,
    });
    expect(named({ list: ['a', 'b'] })).toBe('a.b.');
    expect(handedOn.count).toBe(3);
  });

  it("is what the package's templates walk arrays with: no block parameters made per item", () => {
    const blockParams = vi.spyOn(Handlebars.Utils, 'blockParams');
    const model = demoModel(
      { categories: ['file'] },
      {
        Read: { kind: 'sdk', category: 'file', label: 'Read', description: 'Reads files' },
        Write: { kind: 'sdk', category: 'file', label: 'Write', description: 'Writes files' },
      },
    );
    const { files } = renderWith(registryRenderer, model);
    expect(Object.values(files).join('')).toContain("'Write'");
    expect(blockParams).not.toHaveBeenCalled();
  });
});
