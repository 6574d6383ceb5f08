import { describe, expect, it } from 'vitest';
import { demoModel, renderWith } from '../../../test/support/catalog-model';
import { i18nRenderer } from './i18n';

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
  it('writes the default locale from the catalog copy and keeps translations, reporting the missing ones', () => {
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
