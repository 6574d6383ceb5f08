// The project's own skills a session loads: `.claude/skills/<name>/SKILL.md` under the project root,
// when the catalog's `settingSources` loads project settings, and only those its `skills` enable. Each
// one's `allowed-tools` is read from its frontmatter: the tools the skill expects to run.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { parseDocument } from 'yaml';
import type { CatalogModel } from '../model/catalog-model.js';
import { toPosix } from '../text/spelling.js';
import { VerifySetupProblem } from './problems.js';

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
function allowedToolsOf(value: unknown): string[] {
  const entries = Array.isArray(value)
    ? value.map(String)
    : typeof value === 'string'
      ? (value.match(/[^\s,(]+(?:\([^)]*\))?/g) ?? [])
      : [];
  return [...new Set(entries.map(toolOf).filter(Boolean))];
}

async function readSkill(rootDir: string, dir: string): Promise<ProjectSkill | undefined> {
  const file = path.join(dir, 'SKILL.md');
  const text = await readFile(file, 'utf8').catch(() => undefined);
  if (text === undefined) return undefined;
  const match = /^---\r?\n([\s\S]*?)\r?\n---(?:\r?\n|$)/.exec(text);
  const doc = parseDocument(match?.[1] ?? '');
  const error = doc.errors[0];
  if (error) {
    const [line, col] = error.linePos?.[0]
      ? [error.linePos[0].line + 1, error.linePos[0].col]
      : [1, 1];
    throw new VerifySetupProblem(
      `${file}:${line}:${col}: its frontmatter is not valid YAML (` +
        `${error.message.split('\n')[0]?.replace(/ at line \d+, column \d+:?$/, '')}` +
        `); fix it so the runtime and verify read the same skill.`,
    );
  }
  const data = (doc.toJS() ?? {}) as Record<string, unknown>;
  const name =
    typeof data.name === 'string' && data.name.trim() ? data.name.trim() : path.basename(dir);
  return {
    name,
    dir,
    file: toPosix(path.relative(rootDir, file)),
    allowedTools: allowedToolsOf(data['allowed-tools']),
  };
}

/** The project skills a session of this catalog loads (none unless it loads project settings). */
export async function projectSkills(model: CatalogModel): Promise<ProjectSkill[]> {
  if (!model.settingSources.includes('project')) return [];
  const root = path.join(model.config.rootDir, '.claude', 'skills');
  const entries = await readdir(root, { withFileTypes: true }).catch(() => []);
  const skills = await Promise.all(
    entries
      .filter((e) => e.isDirectory())
      .map((e) => readSkill(model.config.rootDir, path.join(root, e.name))),
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
