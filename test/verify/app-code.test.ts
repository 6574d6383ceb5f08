// The app code verify runs: the themis example's real builders (with the data `verify.data` names),
// a clear message when a builder needs data verify was not given, and when a reference does not load.
import { cp, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadAppCode } from '../../plugin/verify/app-code';
import { VerifySetupProblem } from '../../plugin/verify/problems';
import { verifyCatalog } from '../../plugin/verify/verify';
import { removeTempDirs, uniqueArtifactDir } from '../support/files';
import { REPO } from '../support/paths';
import { fixtureModel, VERIFY_FIXTURE } from '../support/verify';

afterAll(removeTempDirs);

const THEMIS = path.join(REPO, 'examples/themis-agent');
const everyPredicate = {
  canQueryThemis: true,
  sentryConfigured: true,
  linearConfigured: true,
  metabaseConfigured: true,
  skillsEnabled: true,
  automationsEnabled: true,
  googleDriveAvailable: true,
  hasMessageQueue: true,
};

describe('app code under verify', () => {
  it('builds the themis tools with their real builders: names resolved from the data, bundle tools by what their builder built', async () => {
    const model = await fixtureModel(THEMIS);
    const report = await verifyCatalog(model, {
      callers: ['CHAT'],
      contexts: [{ id: 'all', context: everyPredicate }],
    });
    const run = report.runs[0]!;
    expect(run.error).toBeUndefined();
    expect(report.ok).toBe(true);
    expect(run.offered).toEqual(
      expect.arrayContaining([
        'Skill',
        'mcp__themis__gdrive_search_specs',
        'mcp__themis__gdrive_search_reports',
        'mcp__themis__enqueue_followup',
        'mcp__themis__load_skill_resources',
        'mcp__themis__list_automations',
        'mcp__themis__run_automation',
      ]),
    );
    expect(run.findings.notes.filter((n) => n.includes('left out by the session'))).toEqual([]);
  });

  it('without verify.data, a builder that reads the data fails the run with a message that says so', async () => {
    const model = await fixtureModel(THEMIS);
    const { verify: _data, ...config } = model.config;
    const report = await verifyCatalog(
      { ...model, config },
      { callers: ['MESSAGING'], contexts: [{ id: 'all', context: everyPredicate }] },
    );
    expect(report.ok).toBe(false);
    expect(report.runs[0]!.error).toMatch(
      /^The builder build\w+ of tool '\w+' threw ".+"; verify runs app code with the data that 'verify\.data' in the config names, and none is set\.$/,
    );
  });

  it('a referenced export that does not exist stops verify with the module and the name', async () => {
    // Inside the repository, so the copy resolves the SDK and zod as the fixture does.
    const dir = uniqueArtifactDir('verify-app-code');
    await cp(VERIFY_FIXTURE, dir, { recursive: true });
    const tools = path.join(dir, 'catalog/tools.catalog.ts');
    await writeFile(
      tools,
      (await readFile(tools, 'utf8')).replace(
        "export: 'buildSearchTools'",
        "export: 'buildSearch'",
      ),
    );
    const model = await fixtureModel(dir);
    const failure = await loadAppCode(model).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(VerifySetupProblem);
    expect((failure as Error).message).toBe(
      "buildSearch (the builder of tool 'Search') is not exported by app/notes; fix the catalog's reference or the export.",
    );
  });
});
