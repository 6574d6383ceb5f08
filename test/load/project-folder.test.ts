// The project folder imports may reach is the repository the config is in (its nearest folder above
// with `.git`), so a catalog kept beside the app — a shared package of a monorepo — compiles; outside
// the repository nothing is read. A repository at the home folder is not taken as the project: there
// the config's own folder is, or a dotfiles repository would open every file of the user.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { projectFolderOf } from '../../plugin/load/import-boundary';
import { runBin } from '../support/cli';
import { removeTempDirs, tempDir, writeFiles } from '../support/files';

afterAll(removeTempDirs);

const SECRET = 'outside-the-repository-2b8e41';

/** A repository holding an app and a shared catalog package, and a secret beside the repository. */
async function monorepo(): Promise<{ root: string; repo: string; app: string }> {
  const root = await tempDir('project-folder');
  const repo = path.join(root, 'repo');
  const app = path.join(repo, 'packages/app');
  mkdirSync(path.join(repo, '.git'), { recursive: true });
  writeFileSync(path.join(root, 'secret.ts'), `export default ${JSON.stringify(SECRET)};\n`);
  writeFiles(repo, {
    'packages/shared/tools.catalog.ts':
      "import { defineCatalog } from 'agent-tool-catalog';\nimport { label } from './labels';\nexport const demo = defineCatalog({ categories: ['file'] });\nexport default demo.tools({ Read: { kind: 'sdk', sdkTyped: false, category: 'file', label } });\n",
    'packages/shared/labels.ts': "export const label = 'Read files';\n",
    'packages/app/tool-catalog.config.ts':
      "import { defineConfig } from 'agent-tool-catalog';\nexport default defineConfig({ catalogs: { demo: { include: ['../shared/*.catalog.ts'] } } });\n",
  });
  return { root, repo, app };
}

describe('the project folder', () => {
  it('is the repository the config is in: a shared catalog beside the app compiles', async () => {
    const { repo, app } = await monorepo();
    expect(projectFolderOf(app)).toBe(repo);
    const run = await runBin(['generate'], app);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
  });

  it('ends at the repository: a file beside it is refused at its import', async () => {
    const { app, repo } = await monorepo();
    writeFileSync(
      path.join(repo, 'packages/shared/labels.ts'),
      "import secret from '../../../secret';\nexport const label = secret;\n",
    );
    const run = await runBin(['generate'], app);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/labels\.ts:1:\d+: error TC102: .*outside the project folder/);
    expect(`${run.stdout}${run.stderr}`).not.toContain(SECRET);
  });

  it('is the config folder outside any repository, and when the repository is the home folder', async () => {
    const { repo, app } = await monorepo();
    const lone = await tempDir('project-folder-lone');
    expect(projectFolderOf(lone)).toBe(lone);
    // The same layout with the repository at the home folder: the shared catalog is outside the project.
    const run = await runBin(['generate'], app, { HOME: repo });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('TC102');
    expect(run.stderr).toContain('outside the project folder');
  });
});
