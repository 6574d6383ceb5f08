// Which of the project's skills a session loads, and what each one's `allowed-tools` lists: read from
// the same SKILL.md files the runtime reads, in both spellings the runtime accepts.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { CatalogModel } from '../../plugin/model/catalog-model';
import { projectSkills } from '../../plugin/verify/project-skills';
import { removeTempDirs, tempDir } from '../support/files';

afterAll(removeTempDirs);

async function project(skills: Record<string, string>): Promise<string> {
  const root = await tempDir('project-skills');
  for (const [name, text] of Object.entries(skills)) {
    await mkdir(path.join(root, '.claude', 'skills', name), { recursive: true });
    await writeFile(path.join(root, '.claude', 'skills', name, 'SKILL.md'), text);
  }
  return root;
}

const modelAt = (rootDir: string, over: Partial<CatalogModel> = {}) =>
  ({
    config: { rootDir },
    settingSources: ['project'],
    skills: 'all',
    ...over,
  }) as unknown as CatalogModel;

const skill = (frontmatter: string) => `---\n${frontmatter}\n---\nBody.\n`;

describe('project skills', () => {
  it('reads allowed-tools as a string or a list, without argument patterns', async () => {
    const root = await project({
      one: skill('name: one\nallowed-tools: Read, Grep Bash(git diff:*)'),
      two: skill(
        'name: renamed\nallowed-tools:\n  - mcp__notes__pin\n  - "Bash(rm -rf dist:*)"\n  - Bash',
      ),
      three: skill('description: no name and no tools'),
    });
    expect(await projectSkills(modelAt(root))).toEqual(
      [
        {
          name: 'one',
          dir: path.join(root, '.claude/skills/one'),
          file: '.claude/skills/one/SKILL.md',
          allowedTools: ['Read', 'Grep', 'Bash'],
        },
        {
          name: 'renamed',
          dir: path.join(root, '.claude/skills/two'),
          file: '.claude/skills/two/SKILL.md',
          allowedTools: ['mcp__notes__pin', 'Bash'],
        },
        {
          name: 'three',
          dir: path.join(root, '.claude/skills/three'),
          file: '.claude/skills/three/SKILL.md',
          allowedTools: [],
        },
      ].sort((a, b) => a.name.localeCompare(b.name)),
    );
  });

  it('reads only the skills the catalog enables, by name or folder, and none without project settings', async () => {
    const root = await project({
      one: skill('name: one'),
      two: skill('name: renamed'),
      three: skill('name: three'),
    });
    const names = async (over: Partial<CatalogModel>) =>
      (await projectSkills(modelAt(root, over))).map((s) => s.name);
    expect(await names({ skills: ['one', 'two'] })).toEqual(['one', 'renamed']);
    expect(await names({ skills: [] })).toEqual([]);
    expect(await names({ skills: undefined })).toEqual(['one', 'renamed', 'three']);
    expect(await names({ settingSources: ['user'] })).toEqual([]);
    expect(await names({ settingSources: [] })).toEqual([]);
  });

  it('says where a frontmatter is not valid YAML, and how to fix it', async () => {
    const root = await project({
      bad: skill('name: bad\nallowed-tools: [Read, Grep\ndescription: x'),
    });
    await expect(projectSkills(modelAt(root))).rejects.toThrow(
      new RegExp(
        `${path.join(root, '.claude/skills/bad/SKILL.md').replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}:4:1: its frontmatter is not valid YAML \\(Flow sequence in block collection must be sufficiently indented and end with a \\]\\); fix it`,
      ),
    );
  });

  it('finds nothing in a project without skills', async () => {
    expect(await projectSkills(modelAt(await project({})))).toEqual([]);
  });
});
