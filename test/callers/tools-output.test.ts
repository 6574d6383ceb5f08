// The `tools.ts` emitter: deterministic output, builders imported once per module + export, the
// example's checked-in output up to date, and duplicate runtime names failing generate with both locations.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { generate, generateAndWrite } from '../../plugin/generate';

const root = fileURLToPath(new URL('../..', import.meta.url));
const example = path.join(root, 'examples/themis-agent');

async function themisTools() {
  const result = await generate({ cwd: example });
  expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  return result.catalogs[0]!.files.get(path.join(example, 'generated/themis/tools.ts'))!.content;
}

describe('tools.ts', () => {
  it('is byte-identical across runs', async () => {
    expect(await themisTools()).toBe(await themisTools());
  });

  it('imports each builder once, by module and export, in sorted order', async () => {
    const imports = (await themisTools()).split('\n').filter((l) => l.startsWith('import {') && l.includes('../../app/'));
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

  it('registers each entry with its name source, availability, builder or factory', async () => {
    const lines = (await themisTools()).split('\n');
    const entry = (key: string) => lines.find((l) => l.includes(`{ key: '${key}',`))!.trim();
    expect(entry('skills_bundle')).toBe("{ key: 'skills_bundle', kind: 'mcp', groups: ['chat_only'], names: [], namespace: 'themis', available: 'skillsEnabled', build: skillsBundleBuilder satisfies ThemisToolBuilder },");
    expect(entry('trigger_pr_review')).toBe("{ key: 'trigger_pr_review', kind: 'mcp', groups: ['triggers'], names: ['mcp__themis__trigger_pr_review'], namespace: 'themis', factory: true },");
    expect(entry('sentry_full')).toBe("{ key: 'sentry_full', kind: 'external', groups: ['sentry_full'], namespace: 'sentry', available: 'sentryConfigured', mirror: 'sentry' },");
    expect(entry('google_drive_bundle')).toContain('resolveNames: googleDriveBundleNames satisfies ThemisToolNameResolver');
    expect(entry('personal_tasks')).toContain('available: personalTasksAvailable satisfies ThemisToolAvailabilityCheck');
  });

  it("is up to date in the example (run `npm run generate:themis` when this fails)", async () => {
    const result = await generateAndWrite({ cwd: example, check: true });
    expect(result.ok).toBe(true);
    expect({ changed: result.report!.changed, orphaned: result.report!.orphaned }).toEqual({ changed: [], orphaned: [] });
  });
});

describe('duplicate runtime names', () => {
  it('fail generate with both locations', async () => {
    const dir = path.join(root, 'test/.artifacts/seed2-duplicates');
    rmSync(dir, { recursive: true, force: true });
    const write = (file: string, content: string) => {
      mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
      writeFileSync(path.join(dir, file), content);
    };
    write('tool-catalog.config.ts', `import { defineConfig } from 'agent-tool-catalog';\nexport default defineConfig({ catalogs: { dup: { include: ['catalog/*.catalog.ts'] } } });\n`);
    write('catalog/a.catalog.ts', `import { defineCatalog } from 'agent-tool-catalog';\nexport const dup = defineCatalog({ groups: ['core'], servers: { themis: {} } });\n`);
    write('catalog/b.catalog.ts', `import { dup } from './a.catalog';\nexport default dup.tools({\n  get_pr_info: { kind: 'mcp', server: 'themis', groups: ['core'], fullNames: ['get_pr_info', 'get_pr_diff'] },\n});\n`);
    write('catalog/c.catalog.ts', `import { dup } from './a.catalog';\nexport default dup.tools({\n  pr_diff: { kind: 'mcp', server: 'themis', groups: ['core'], wire: 'get_pr_diff' },\n});\n`);
    const result = await generateAndWrite({ cwd: dir });
    expect(result.ok).toBe(false);
    const duplicate = result.diagnostics.find((d) => d.code === 'TC121')!;
    expect(duplicate.message).toContain("'mcp__themis__get_pr_diff'");
    expect(duplicate.position).toMatchObject({ file: 'catalog/c.catalog.ts', line: 3 });
    expect(duplicate.related?.[0]).toMatchObject({ file: 'catalog/b.catalog.ts', line: 3 });
  });
});
