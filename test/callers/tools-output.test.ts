// The `tools.ts` output: deterministic, builders imported once per module + export, the app code of
// each tool bound by key while every other fact comes from the registry, the example's checked-in
// output up to date, and duplicate runtime names failing generate with both locations.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { generate, generateAndWrite } from '../../plugin/generate';
import { artifactDir, writeFiles } from '../support/files';
import { repoPath } from '../support/paths';

const example = repoPath('examples/themis-agent');

async function themisOutput() {
  const result = await generate({ cwd: example });
  expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  const file = (name: string) =>
    result.catalogs[0]!.files.get(path.join(example, 'generated/themis', name))!.content;
  return { tools: file('tools.ts'), registry: file('registry.ts') };
}
const themisTools = async () => (await themisOutput()).tools;

/** The object-literal entry of `key` (`  key: {` … `  },`), or undefined. */
function entry(text: string, key: string): string | undefined {
  const lines = text.split('\n');
  const start = lines.indexOf(`  ${key}: {`);
  if (start < 0) return undefined;
  return lines.slice(start, lines.indexOf('  },', start) + 1).join('\n');
}

describe('tools.ts', () => {
  it('is byte-identical across runs', async () => {
    expect(await themisTools()).toBe(await themisTools());
  });

  it('imports each builder once, by module and export, in sorted order', async () => {
    const imports = (await themisTools())
      .split('\n')
      .filter((l) => l.startsWith('import {') && l.includes('../../app/'));
    expect(imports).toEqual([
      "import { isPersonalSpace as personalTasksAvailable } from '../../app/availability';",
      "import { buildAutomationsBundle as automationsBundleBuilder, buildSkillsBundle as skillsBundleBuilder } from '../../app/tools/bundles';",
      "import { buildCreateFileTool as createFileBuilder } from '../../app/tools/files';",
      "import { buildFollowupTool as enqueueFollowupBuilder } from '../../app/tools/followup';",
      "import { buildGoogleDriveTools as googleDriveBundleBuilder, googleDriveToolNames as googleDriveBundleNames } from '../../app/tools/google-drive';",
      "import { buildSaveMemoryTool as saveMemoryBuilder } from '../../app/tools/memory';",
      "import { buildPullRequestTools as getPrInfoBuilder } from '../../app/tools/pull-requests';",
      "import { buildQueryTool as queryThemisDataBuilder } from '../../app/tools/query';",
      "import { buildPersonalTaskTool as personalTasksBuilder } from '../../app/tools/tasks';",
      "import { buildShowWidgetTool as showWidgetBuilder } from '../../app/tools/widgets';",
    ]);
  });

  it("binds each tool's app code by key: builders, availability checks, name resolvers", async () => {
    const tools = await themisTools();
    expect(entry(tools, 'skills_bundle')).toBe(
      '  skills_bundle: {\n    build: skillsBundleBuilder satisfies ThemisToolBuilder,\n  },',
    );
    expect(entry(tools, 'personal_tasks')).toBe(
      '  personal_tasks: {\n    check: personalTasksAvailable satisfies ThemisToolAvailabilityCheck,\n    build: personalTasksBuilder satisfies ThemisToolBuilder,\n  },',
    );
    expect(entry(tools, 'google_drive_bundle')).toContain(
      '    resolveNames: googleDriveBundleNames satisfies ThemisToolNameResolver,\n',
    );
    // Factories and mirrored channels have no app code to bind.
    expect(entry(tools, 'trigger_pr_review')).toBeUndefined();
    expect(entry(tools, 'sentry_full')).toBeUndefined();
    expect(tools).toContain(
      'createToolCatalog<ThemisToolData, ThemisBuiltTool, ThemisToolGroup, ThemisToolKey>(\n  THEMIS_TOOL_KEYS.map((key) => THEMIS_TOOL_REGISTRY[key]),\n  { conditions: THEMIS_CONDITIONS, bindings: THEMIS_TOOL_BINDINGS },\n);',
    );
  });

  it('registers each tool with its name source, availability and factory from the registry', async () => {
    const { registry } = await themisOutput();
    expect(entry(registry, 'skills_bundle')).toMatch(
      /\n {4}names: \[\],\n[\s\S]*\n {4}available: 'skillsEnabled',\n[\s\S]*\n {4}server: 'themis',\n/,
    );
    expect(entry(registry, 'trigger_pr_review')).toMatch(
      /\n {4}names: \['mcp__themis__trigger_pr_review'\],\n[\s\S]*\n {4}server: 'themis',\n[\s\S]*\n {4}factory: true,\n/,
    );
    expect(entry(registry, 'sentry_full')).toMatch(
      /\n {4}available: 'sentryConfigured',\n[\s\S]*\n {4}channel: 'sentry',\n {4}namesFrom: 'mirror',\n/,
    );
    expect(entry(registry, 'google_drive_bundle')).toContain("\n    namesFrom: 'resolver',\n");
    expect(entry(registry, 'personal_tasks')).toContain(
      "\n    available: { appCheck: 'isPersonalSpace' },\n",
    );
  });

  it('is up to date in the example (run `npm run generate:themis` when this fails)', async () => {
    const result = await generateAndWrite({ cwd: example, check: true });
    expect(result.ok).toBe(true);
    expect({ changed: result.report!.changed, orphaned: result.report!.orphaned }).toEqual({
      changed: [],
      orphaned: [],
    });
  });
});

describe('duplicate runtime names', () => {
  it('fail generate with both locations', async () => {
    const dir = artifactDir('duplicate-runtime-names');
    writeFiles(dir, {
      'tool-catalog.config.ts': `import { defineConfig } from 'agent-tool-catalog';\nexport default defineConfig({ catalogs: { dup: { include: ['catalog/*.catalog.ts'] } } });\n`,
      'catalog/a.catalog.ts': `import { defineCatalog } from 'agent-tool-catalog';\nexport const dup = defineCatalog({ groups: ['core'], servers: { themis: {} } });\n`,
      'catalog/b.catalog.ts': `import { dup } from './a.catalog';\nexport default dup.tools({\n  get_pr_info: { kind: 'mcp', server: 'themis', groups: ['core'], fullNames: ['get_pr_info', 'get_pr_diff'] },\n});\n`,
      'catalog/c.catalog.ts': `import { dup } from './a.catalog';\nexport default dup.tools({\n  pr_diff: { kind: 'mcp', server: 'themis', groups: ['core'], wire: 'get_pr_diff' },\n});\n`,
    });
    const result = await generateAndWrite({ cwd: dir });
    expect(result.ok).toBe(false);
    const duplicate = result.diagnostics.find((d) => d.code === 'TC121')!;
    expect(duplicate.message).toContain("'mcp__themis__get_pr_diff'");
    expect(duplicate.position).toMatchObject({ file: 'catalog/c.catalog.ts', line: 3 });
    expect(duplicate.related?.[0]).toMatchObject({ file: 'catalog/b.catalog.ts', line: 3 });
  });
});
