// The default catalog's checked-in locale files: every key of the English file is translated into
// Simplified and Traditional Chinese (real text, not copies of the English), and nothing else is there.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { flattenTranslations } from '../../plugin/render/renderers/i18n-entries';
import { REPO } from '../support/paths';

const read = (locale: string) =>
  flattenTranslations(
    JSON.parse(readFileSync(path.join(REPO, 'generated/claude/i18n', `${locale}.json`), 'utf8')),
  );
const HAN = /\p{Script=Han}/u;
/** Names kept as is in every language. */
const UNTRANSLATED = new Set(['Bash', 'REPL', 'PowerShell', 'LSP', 'Claude Design']);

describe('default catalog locales', () => {
  const en = read('en');
  it('has labels and descriptions for every tool and category', () => {
    expect(en.get('agent.tools.Bash.label')).toBe('Bash');
    expect(en.get('agent.tools.categories.orchestration.label')).toBe('Orchestration');
    expect(en.size).toBeGreaterThan(90);
  });

  for (const locale of ['zh-CN', 'zh-TW']) {
    it(`translates every key into ${locale}`, () => {
      const translated = read(locale);
      expect([...translated.keys()]).toEqual([...en.keys()]);
      for (const [key, text] of translated) {
        if (UNTRANSLATED.has(en.get(key)!)) expect(text, key).toBe(en.get(key));
        else expect(text, key).toMatch(HAN);
      }
    });
  }

  it('uses Traditional characters in zh-TW and Simplified ones in zh-CN', () => {
    const cn = read('zh-CN');
    const tw = read('zh-TW');
    expect(cn.get('agent.tools.Read.description')).toContain('读取');
    expect(tw.get('agent.tools.Read.description')).toContain('讀取');
    expect([...cn.values()].join('')).not.toMatch(/[讀寫網頁檔設執]/);
    expect([...tw.values()].join('')).not.toMatch(/[读写网页档设执]/);
  });
});
