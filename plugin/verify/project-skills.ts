// The project's own skills a session loads: `.claude/skills/<name>/SKILL.md` under the project root,
// when the catalog's `settingSources` loads project settings, and only those its `skills` enable. A
// skill folder may be a symbolic link (the runtime follows it, so verify does too). Each one's
// `allowed-tools` is read from its frontmatter: the tools the skill expects to run.
import type { Dirent, Stats } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import type { CatalogModel } from '../model/catalog-model.js';
import { toPosix } from '../text/spelling.js';
import { VerifySetupProblem } from './problems.js';
import { readSkillFields } from './skill-frontmatter.js';

export interface ProjectSkill {
  /** The name the runtime knows it by: the frontmatter's `name`, else its folder's name. */
  readonly name: string;
  /** Its folder, copied into each run's project so the runtime loads it. */
  readonly dir: string;
  /** Its SKILL.md, relative to the project root (for reports). */
  readonly file: string;
  /** The tool names its `allowed-tools` lists, without their argument patterns (`Bash(git:*)` → `Bash`). */
  readonly allowedTools: readonly string[];
}

/** `Bash(git diff:*)` → `Bash`; `mcp__srv__tool` stays. */
const toolOf = (entry: string) => entry.replace(/\(.*\)$/s, '').trim();

/** `allowed-tools` as a list or as one string (comma- or space-separated, patterns kept whole). */
function allowedToolsOf(value: string | readonly string[] | undefined): string[] {
  const entries =
    typeof value === 'string' ? (value.match(/[^\s,(]+(?:\([^)]*\))?/g) ?? []) : (value ?? []);
  return [...new Set(entries.map(toolOf).filter(Boolean))];
}

/** What a path is when it is not a regular file, for a message. */
const kindOfEntry = (s: Stats) =>
  s.isDirectory()
    ? 'a folder'
    : s.isFIFO()
      ? 'a FIFO'
      : s.isSocket()
        ? 'a socket'
        : s.isCharacterDevice() || s.isBlockDevice()
          ? 'a device'
          : 'not a regular file';

async function readSkill(rootDir: string, dir: string): Promise<ProjectSkill | undefined> {
  const file = path.join(dir, 'SKILL.md');
  // Followed through symbolic links, as the runtime follows them.
  const stats = await stat(file).catch(() => undefined);
  if (stats === undefined) return undefined;
  if (!stats.isFile())
    throw new VerifySetupProblem(
      `${file}:1:1: a skill's SKILL.md must be a file, and this is ${kindOfEntry(stats)}; ` +
        `fix it so the runtime and verify read the same skill.`,
    );
  const fields = await readSkillFields(file);
  const name = fields.name?.trim() ? fields.name.trim() : path.basename(dir);
  return {
    name,
    dir,
    file: toPosix(path.relative(rootDir, file)),
    allowedTools: allowedToolsOf(fields.allowedTools),
  };
}

/** Whether a folder entry is a skill folder as the runtime reads one: a folder, or a link to one. */
async function isFolder(root: string, entry: Dirent): Promise<boolean> {
  if (entry.isDirectory()) return true;
  if (!entry.isSymbolicLink()) return false;
  return (await stat(path.join(root, entry.name)).catch(() => undefined))?.isDirectory() === true;
}

/** The project skills a session of this catalog loads (none unless it loads project settings). */
export async function projectSkills(model: CatalogModel): Promise<ProjectSkill[]> {
  if (!model.settingSources.includes('project')) return [];
  const root = path.join(model.config.rootDir, '.claude', 'skills');
  const entries = await readdir(root, { withFileTypes: true }).catch(() => []);
  const folders = (
    await Promise.all(entries.map(async (e) => ((await isFolder(root, e)) ? e : undefined)))
  ).filter((e): e is Dirent => e !== undefined);
  const skills = await Promise.all(
    folders.map((e) => readSkill(model.config.rootDir, path.join(root, e.name))),
  );
  const enabled = (s: ProjectSkill) =>
    model.skills === undefined ||
    model.skills === 'all' ||
    model.skills.includes(s.name) ||
    model.skills.includes(path.basename(s.dir));
  return skills
    .filter((s): s is ProjectSkill => s !== undefined && enabled(s))
    .sort((a, b) => a.name.localeCompare(b.name));
}
