import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { demoModel } from '../../test/support/catalog-model';
import { renderModel } from '../generate';
import { loadProject } from '../project/load-project';

const REPO = fileURLToPath(new URL('../..', import.meta.url));
const temp = mkdtempSync(path.join(os.tmpdir(), 'tc-model-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

describe('buildModel', () => {
  it('orders tools by declared category, then declaration order', () => {
    const model = demoModel(
      { categories: ['shell', 'file'] },
      {
        Read: { kind: 'sdk', category: 'file' },
        Bash: { kind: 'sdk', category: 'shell' },
        Write: { kind: 'sdk', category: 'file' },
        REPL: { kind: 'sdk', category: 'shell' },
      },
    );
    expect(model.tools.map((t) => t.key)).toEqual(['Bash', 'REPL', 'Read', 'Write']);
  });

  it(
    'gives each SDK tool one SDK type: declared, else the config alias, else ' +
      'the built-in alias, else its name',
    () => {
      const model = demoModel(
        {},
        {
          Read: { kind: 'sdk' },
          Edit: { kind: 'sdk', sdkType: 'Patch' },
          Bash: { kind: 'sdk' },
          Team: { kind: 'sdk', sdkTyped: false },
          Shell: { kind: 'sdk', name: 'Bash2' },
        },
        { sdk: { aliases: { ShellRun: 'Bash' } } },
      );
      expect(Object.fromEntries(model.tools.map((t) => [t.key, t.sdkType]))).toEqual({
        Read: 'FileRead',
        Edit: 'Patch',
        Bash: 'ShellRun',
        Team: undefined,
        Shell: 'Bash2',
      });
    },
  );

  it('reads each condition from one context field, by its declared name', () => {
    const model = demoModel(
      { conditions: { 'workspace-has-git': 'git' }, predicates: ['canQuery'] },
      { A: { kind: 'sdk', exposure: 'conditional', condition: 'workspace-has-git' } },
    );
    expect(model.conditions.map((c) => [c.name, c.field])).toEqual([
      ['workspace-has-git', 'workspaceHasGit'],
      ['canQuery', 'canQuery'],
    ]);
  });
});

describe('the default catalog', () => {
  it('compiles to the same bytes whether or not an aliased tool spells out its sdkType', async () => {
    cpSync(path.join(REPO, 'catalog'), path.join(temp, 'catalog'), { recursive: true });
    writeFileSync(
      path.join(temp, 'tool-catalog.config.ts'),
      readFileSync(path.join(REPO, 'tool-catalog.config.ts'), 'utf8'),
    );
    const render = async () => {
      const project = await loadProject({ cwd: temp });
      expect(project.diagnostics).toEqual([]);
      const { files } = await renderModel(project.catalogs[0]!.model!);
      return new Map([...files].map(([file, f]) => [path.relative(temp, file), f.content]));
    };
    const declared = await render();
    const fileCatalog = path.join(temp, 'catalog/tools/file.catalog.ts');
    const stripped = readFileSync(fileCatalog, 'utf8').replace(/sdkType: '[A-Za-z]+', /g, '');
    expect(stripped).not.toContain('sdkType');
    writeFileSync(fileCatalog, stripped);
    expect(await render()).toEqual(declared);
    expect(declared.get('generated/claude/sdk-coverage.ts')).toContain('FileReadInput');
  });
});
