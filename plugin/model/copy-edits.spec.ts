import { describe, expect, it } from 'vitest';
import type { ToolDeclaration } from '../language/catalog';
import { demoModel } from '../../test/support/catalog-model';
import { copyEditOf } from './copy-edits';

const VOCABULARY = {
  categories: ['shell', 'file'],
  categoryLabels: { shell: 'Shell' },
  conditions: { 'has-git': 'the session folder is a git work tree' },
};
const TOOLS: Record<string, ToolDeclaration> = {
  Read: { kind: 'sdk', category: 'file', exposure: 'user', label: 'Read', description: 'Reads' },
  Bash: { kind: 'sdk', category: 'shell', exposure: 'user', label: 'Bash' },
};
const model = (tools = TOOLS, vocabulary: object = VOCABULARY) =>
  demoModel(vocabulary as typeof VOCABULARY, tools);
const withRead = (read: Partial<ToolDeclaration>) =>
  model({ ...TOOLS, Read: { ...TOOLS.Read!, ...read } as ToolDeclaration });

describe('copyEditOf', () => {
  it('is tool copy for the same data, and for a changed tool label or description', () => {
    const same = model();
    expect(copyEditOf(same, same)).toBe('tool copy');
    expect(copyEditOf(model(), model())).toBe('tool copy');
    expect(copyEditOf(model(), withRead({ label: 'Read files' }))).toBe('tool copy');
    expect(copyEditOf(model(), withRead({ description: 'Reads files' }))).toBe('tool copy');
  });

  it('is copy for a changed category label, with or without tool copy', () => {
    const relabelled = model(TOOLS, { ...VOCABULARY, categoryLabels: { shell: 'Terminal' } });
    expect(copyEditOf(model(), relabelled)).toBe('copy');
    const both = model(
      { ...TOOLS, Read: { ...TOOLS.Read!, label: 'Read files' } as ToolDeclaration },
      { ...VOCABULARY, categoryLabels: { shell: 'Terminal' } },
    );
    expect(copyEditOf(model(), both)).toBe('copy');
  });

  it('is undefined for any other change: a tool field, a tool more, the vocabulary', () => {
    expect(copyEditOf(model(), withRead({ exposure: 'internal' }))).toBeUndefined();
    expect(copyEditOf(model(), withRead({ approval: 'auto' }))).toBeUndefined();
    // The translation keys are not copy: they name what the locale files hold.
    expect(copyEditOf(model(), withRead({ labelKey: 'app.read' }))).toBeUndefined();
    const more = model({ ...TOOLS, Glob: { kind: 'sdk', category: 'file', exposure: 'user' } });
    expect(copyEditOf(model(), more)).toBeUndefined();
    const condition = model(TOOLS, { ...VOCABULARY, conditions: { 'has-git': 'a git tree' } });
    expect(copyEditOf(model(), condition)).toBeUndefined();
    const categories = model(TOOLS, { ...VOCABULARY, categories: ['file', 'shell'] });
    expect(copyEditOf(model(), categories)).toBeUndefined();
  });
});
