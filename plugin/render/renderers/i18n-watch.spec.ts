import { describe, expect, it } from 'vitest';
import { demoModel, renderWith } from '../../../test/support/catalog-model';
import { runWithMemory, SessionMemory } from '../../session-memory';
import { i18nRenderer, localeTextsLaidOut } from './i18n';

const model = (readLabel: string) =>
  demoModel(
    { categories: ['file'] },
    {
      Read: { kind: 'sdk', category: 'file', label: readLabel, description: 'Reads files' },
      Write: { kind: 'sdk', category: 'file', label: 'Write', description: 'Writes files' },
    },
    { i18n: { locales: ['en', 'zh-cn', 'fr'], missing: 'warn' } },
  );

const tools = (entries: Record<string, { label: string; description: string }>) =>
  `${JSON.stringify({ agent: { tools: entries } }, null, 2)}\n`;

/** Each run sees the files the last one wrote, as a watch session does. */
function session() {
  const memory = new SessionMemory(true);
  let files: Record<string, string> = {
    // Every key translated.
    'generated/demo/i18n/zh-cn.json': tools({
      Read: { label: '读取', description: '读取文件' },
      Write: { label: '写入', description: '写入文件' },
    }),
    // Some keys missing: this file's document holds only the keys it has.
    'generated/demo/i18n/fr.json': tools({ Read: { label: 'Lire', description: 'Lit' } }),
  };
  return (readLabel: string) => {
    const before = localeTextsLaidOut.count;
    const result = runWithMemory(memory, () => renderWith(i18nRenderer, model(readLabel), files));
    files = { ...files, ...result.files };
    return { laidOut: localeTextsLaidOut.count - before, files: result.files };
  };
}

describe('locale files in a watch session', () => {
  it('lays out again only the locale file whose text an edit changed', () => {
    const run = session();
    expect(run('Read').laidOut).toBe(3);
    // Nothing changed: nothing is laid out.
    expect(run('Read').laidOut).toBe(0);
    // A label of the default locale: only en.json changes (the others hold translations).
    const edited = run('Read a file');
    expect(edited.laidOut).toBe(1);
    expect(edited.files['generated/demo/i18n/en.json']).toContain('"label": "Read a file"');
    expect(run('Read a file').laidOut).toBe(0);
  });

  it('gives the same texts as a run without a session', () => {
    const run = session();
    run('Read');
    const edited = run('Read a file').files;
    const cold = renderWith(i18nRenderer, model('Read a file'), {
      'generated/demo/i18n/zh-cn.json': edited['generated/demo/i18n/zh-cn.json']!,
      'generated/demo/i18n/fr.json': edited['generated/demo/i18n/fr.json']!,
    }).files;
    expect(edited).toEqual(cold);
  });
});
