import { describe, expect, it } from 'vitest';
import { demoModel, renderWith } from '../../../test/support/catalog-model';
import { i18nRenderer, localeTextsParsed } from './i18n';

const model = () =>
  demoModel(
    { categories: ['file'] },
    {
      Read: { kind: 'sdk', category: 'file', label: 'Read', description: 'Reads files' },
      Write: { kind: 'sdk', category: 'file', label: 'Write', description: 'Writes files' },
    },
    { i18n: { locales: ['en', 'zh-cn'], missing: 'error' } },
  );

describe('locale files', () => {
  it('lays out the locale files and the missing-translation messages (for review)', () => {
    const existing = {
      'generated/demo/i18n/zh-cn.json': JSON.stringify(
        { agent: { tools: { Read: { label: '读取', description: '读取文件' } } } },
        null,
        2,
      ),
    };
    const { files, diagnostics } = renderWith(i18nRenderer, model(), existing);
    expect(files).toMatchInlineSnapshot(`
      {
        "generated/demo/i18n/en.json": "{
        "agent": {
          "tools": {
            "Read": {
              "label": "Read",
              "description": "Reads files"
            },
            "Write": {
              "label": "Write",
              "description": "Writes files"
            },
            "categories": {
              "file": {
                "label": "File"
              }
            }
          }
        }
      }
      ",
        "generated/demo/i18n/zh-cn.json": "{
        "agent": {
          "tools": {
            "Read": {
              "label": "读取",
              "description": "读取文件"
            }
          }
        }
      }
      ",
      }
    `);
    expect(diagnostics.map((d) => d.message)).toMatchInlineSnapshot(`
      [
        "Locale 'zh-cn' has no translation for 'agent.tools.Write.label' (en: "Write"); add it to zh-cn.json, or set i18n.missing to 'warn' or 'fallback' while translations are pending.",
        "Locale 'zh-cn' has no translation for 'agent.tools.Write.description' (en: "Writes files"); add it to zh-cn.json, or set i18n.missing to 'warn' or 'fallback' while translations are pending.",
        "Locale 'zh-cn' has no translation for 'agent.tools.categories.file.label' (en: "File"); add it to zh-cn.json, or set i18n.missing to 'warn' or 'fallback' while translations are pending.",
      ]
    `);
  });
});

describe('locale files, property by property', () => {
  const existing = {
    'generated/demo/i18n/zh-cn.json': JSON.stringify(
      { agent: { tools: { Read: { label: '读取' } } } },
      null,
      2,
    ),
  };
  const render = () => renderWith(i18nRenderer, model(), existing);
  const locale = (name: string) => JSON.parse(render().files[`generated/demo/i18n/${name}.json`]!);

  it('writes the default locale from the catalog copy', () => {
    expect(locale('en').agent.tools.Write).toEqual({ label: 'Write', description: 'Writes files' });
  });

  it("keeps a translator's translations", () => {
    expect(locale('zh-cn').agent.tools.Read.label).toBe('读取');
  });

  it('reports each missing translation where it belongs, and leaves it out of the file', () => {
    const { diagnostics } = render();
    expect(diagnostics.map((d) => d.message.slice(0, d.message.indexOf(' ('))).slice(0, 2)).toEqual(
      [
        "Locale 'zh-cn' has no translation for 'agent.tools.Read.description'",
        "Locale 'zh-cn' has no translation for 'agent.tools.Write.label'",
      ],
    );
    expect(diagnostics.every((d) => d.severity === 'error')).toBe(true);
    expect(locale('zh-cn').agent.tools.Write).toBeUndefined();
  });
});

describe('reading the locale files', () => {
  it('parses each existing locale file once per run, though the default locale reads the others too', () => {
    const three = demoModel(
      { categories: ['file'] },
      { Read: { kind: 'sdk', category: 'file', label: 'Read', description: 'Reads files' } },
      { i18n: { locales: ['en', 'zh-cn', 'fr'], missing: 'warn' } },
    );
    const file = (label: string) =>
      JSON.stringify({ agent: { tools: { Read: { label, description: label } } } });
    const existing = {
      'generated/demo/i18n/en.json': file('Read'),
      'generated/demo/i18n/zh-cn.json': file('读取'),
      'generated/demo/i18n/fr.json': file('Lire'),
    };
    const before = localeTextsParsed.count;
    const { files } = renderWith(i18nRenderer, three, existing);
    expect(localeTextsParsed.count - before).toBe(3);
    // What was read once is what each file keeps.
    expect(files['generated/demo/i18n/zh-cn.json']).toContain('"label": "读取"');
    expect(files['generated/demo/i18n/fr.json']).toContain('"label": "Lire"');
  });
});
