// Running `verify` in tests: the fixture catalog `desk` through the project's front door, the tiny
// undeclared external stdio server `docs` (each call logged to a file), and one-context runs.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { McpServerConfig } from '@anthropic-ai/claude-agent-sdk';
import type { CatalogModel } from '../../plugin/model/catalog-model';
import { loadProject } from '../../plugin/project/load-project';
import { verifyCatalog, type RunReport, type VerifyOptions } from '../../plugin/verify/verify';
import { FIXTURES } from './paths';

/** A catalog with user and conditional built-ins and an in-process server `notes` (see its files). */
export const VERIFY_FIXTURE = path.join(FIXTURES, 'verify');

/** The stdio server the fixture catalog does not declare. */
export const DOCS_SERVER = path.join(VERIFY_FIXTURE, 'docs-server.mjs');

export async function fixtureModel(dir = VERIFY_FIXTURE): Promise<CatalogModel> {
  const project = await loadProject({ cwd: dir });
  const model = project.catalogs[0]?.model;
  if (!project.ok || !model)
    throw new Error(
      `the fixture ${dir} does not load: ${project.diagnostics.map((d) => d.message).join(' | ')}`,
    );
  return model;
}

/** `docs` as an app connects it; every call it answers is appended to `ranLog`. */
export const docsServer = (ranLog: string): Record<string, McpServerConfig> => ({
  docs: { type: 'stdio', command: process.execPath, args: [DOCS_SERVER], env: { RAN_LOG: ranLog } },
});

/** The tools the docs server ran, from its log (none when it never ran one). */
export const docsCalls = async (ranLog: string) =>
  (await readFile(ranLog, 'utf8').catch(() => '')).split('\n').filter(Boolean);

/** One run of the fixture in one context (`has-git` as given), returning that run's report. */
export async function runOnce(
  model: CatalogModel,
  hasGit: boolean,
  options: VerifyOptions = {},
): Promise<RunReport> {
  const report = await verifyCatalog(model, {
    contexts: [{ id: 'test', context: { hasGit } }],
    timeoutMs: 60_000,
    ...options,
  });
  if (report.runs.length !== 1) throw new Error(`expected one run, got ${report.runs.length}`);
  return report.runs[0]!;
}
