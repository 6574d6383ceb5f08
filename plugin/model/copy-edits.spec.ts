import { describe, expect, it } from 'vitest';
import type { ToolDeclaration } from '../language/catalog';
import { demoModel } from '../../test/support/catalog-model';
import { differsInCopyOnly } from './copy-edits';

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

describe('differsInCopyOnly', () => {
  it('holds for the same data, and for a changed tool label or description', () => {
    expect(differsInCopyOnly(model(), model())).toBe(true);
    expect(differsInCopyOnly(model(), withRead({ label: 'Read files' }))).toBe(true);
    expect(differsInCopyOnly(model(), withRead({ description: 'Reads files' }))).toBe(true);
  });

  it('holds for a changed category label', () => {
    const relabelled = model(TOOLS, { ...VOCABULARY, categoryLabels: { shell: 'Terminal' } });
    expect(differsInCopyOnly(model(), relabelled)).toBe(true);
  });

  it('fails for any other change: a tool field, a tool more, the vocabulary', () => {
    expect(differsInCopyOnly(model(), withRead({ exposure: 'internal' }))).toBe(false);
    expect(differsInCopyOnly(model(), withRead({ approval: 'auto' }))).toBe(false);
    // The translation keys are not copy: they name what the locale files hold.
    expect(differsInCopyOnly(model(), withRead({ labelKey: 'app.read' }))).toBe(false);
    const more = model({ ...TOOLS, Glob: { kind: 'sdk', category: 'file', exposure: 'user' } });
    expect(differsInCopyOnly(model(), more)).toBe(false);
    const condition = model(TOOLS, { ...VOCABULARY, conditions: { 'has-git': 'a git tree' } });
    expect(differsInCopyOnly(model(), condition)).toBe(false);
    const categories = model(TOOLS, { ...VOCABULARY, categories: ['file', 'shell'] });
    expect(differsInCopyOnly(model(), categories)).toBe(false);
  });
});
