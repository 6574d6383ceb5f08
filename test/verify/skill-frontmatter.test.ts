// Skills as the runtime reads them, and their frontmatter within limits: a skill folder that is a
// symbolic link is read (the runtime follows it), an alias bomb, an oversized or unclosed frontmatter,
// a field of the wrong shape and a SKILL.md that is no file are each a located error
// (`file:line:col`) — any frontmatter text at all ends in a skill or such an error — and a 6 MB
// SKILL.md is read from its head and reported without overflowing the report printer's stack.
import { execFileSync } from 'node:child_process';
import { mkdir, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import type { CatalogModel } from '../../plugin/model/catalog-model';
import { formatVerifyReport } from '../../plugin/verify/format-report';
import { VerifySetupProblem } from '../../plugin/verify/problems';
import { projectSkills } from '../../plugin/verify/project-skills';
import { NO_FINDINGS } from '../../plugin/verify/run-context';
import type { VerifyReport } from '../../plugin/verify/verify';
import { removeTempDirs, tempDir } from '../support/files';

afterAll(removeTempDirs);

const modelAt = (rootDir: string) =>
  ({ config: { rootDir }, settingSources: ['project'], skills: 'all' }) as unknown as CatalogModel;

/** A project whose `.claude/skills/<name>/SKILL.md` files hold these texts. */
async function project(skills: Record<string, string>): Promise<string> {
  const root = await tempDir('skill-frontmatter');
  for (const [name, text] of Object.entries(skills)) {
    await mkdir(path.join(root, '.claude/skills', name), { recursive: true });
    await writeFile(path.join(root, '.claude/skills', name, 'SKILL.md'), text);
  }
  return root;
}

const skillFile = (root: string, name: string) =>
  path.join(root, '.claude/skills', name, 'SKILL.md');

/** What reading the project's skills threw (undefined when it did not). */
async function failure(root: string): Promise<Error | undefined> {
  return projectSkills(modelAt(root)).then(
    () => undefined,
    (error: Error) => error,
  );
}

describe('skill folders as the runtime reads them', () => {
  it('reads a skill folder that is a symbolic link, to a folder inside or outside .claude/skills', async () => {
    const root = await project({ plain: '---\nname: plain\nallowed-tools: Read\n---\n' });
    const shared = path.join(root, 'shared/cleanup');
    await mkdir(shared, { recursive: true });
    await writeFile(
      path.join(shared, 'SKILL.md'),
      '---\nname: cleanup\nallowed-tools: Bash\n---\n',
    );
    await symlink(shared, path.join(root, '.claude/skills/cleanup'));
    await symlink('plain', path.join(root, '.claude/skills/alias'));
    // A link to nowhere and a link to a file are no skill folders.
    await symlink(path.join(root, 'nowhere'), path.join(root, '.claude/skills/broken'));
    await symlink(path.join(shared, 'SKILL.md'), path.join(root, '.claude/skills/file'));
    const skills = await projectSkills(modelAt(root));
    expect(skills.map((s) => [s.name, s.file, s.allowedTools])).toEqual([
      ['cleanup', '.claude/skills/cleanup/SKILL.md', ['Bash']],
      ['plain', '.claude/skills/alias/SKILL.md', ['Read']],
      ['plain', '.claude/skills/plain/SKILL.md', ['Read']],
    ]);
  });
});

describe('a frontmatter verify cannot read is a located error', () => {
  it('an alias bomb, at its first alias', async () => {
    const bomb = [
      'name: bomb',
      'a: &a [x, x, x, x, x, x, x, x, x]',
      ...'bcdefg'
        .split('')
        .map((l, i) => `${l}: &${l} [${Array(9).fill(`*${'abcdefg'[i]}`).join(', ')}]`),
      'allowed-tools: [Read]',
    ].join('\n');
    const root = await project({ bomb: `---\n${bomb}\n---\nBody.\n` });
    const error = await failure(root);
    expect(error).toBeInstanceOf(VerifySetupProblem);
    expect(error!.message).toBe(
      `${skillFile(root, 'bomb')}:4:8: its frontmatter expands YAML aliases more than 100 times; write the values out; fix it so the runtime and verify read the same skill.`,
    );
  });

  it('a frontmatter over 64 KiB, closed or not', async () => {
    const long = `allowed-tools: [${Array.from({ length: 12_000 }, (_, i) => `T${i}`).join(', ')}]`;
    const root = await project({
      closed: `---\n${long}\n---\nBody.\n`,
      open: `---\n${long}\nBody without a closing line.\n`,
    });
    for (const name of ['closed', 'open']) {
      const only = await project({
        [name]: name === 'closed' ? `---\n${long}\n---\n` : `---\n${long}\n`,
      });
      const error = await failure(only);
      expect(error, name).toBeInstanceOf(VerifySetupProblem);
      expect(error!.message).toMatch(
        new RegExp(
          `^${escapeRegExp(skillFile(only, name))}:2:1: its frontmatter (is \\d+ bytes, more than the 65536|does not end within 65536 bytes)`,
        ),
      );
    }
    expect(await failure(root)).toBeInstanceOf(VerifySetupProblem);
  });

  it.each([
    ['name: [one, two]', 2, 7, 'its name must be a string'],
    [
      'name: x\nallowed-tools: {Read: yes}',
      3,
      16,
      'its allowed-tools must be a list of tool names or one string of them',
    ],
    [
      'name: x\nallowed-tools:\n  - Read\n  - 7',
      5,
      5,
      'each entry of its allowed-tools must be a tool name (a string)',
    ],
    [
      '- one\n- two',
      2,
      1,
      'its frontmatter is a list where a mapping of fields (name, description, allowed-tools) belongs',
    ],
    ['just words', 2, 1, 'its frontmatter is a string where a mapping of fields'],
    ['name: a\nname: b', 3, 1, 'its frontmatter is not valid YAML (Map keys must be unique)'],
  ])('%j: at %i:%i', async (frontmatter, line, col, says) => {
    const root = await project({ odd: `---\n${frontmatter}\n---\nBody.\n` });
    const error = await failure(root);
    expect(error).toBeInstanceOf(VerifySetupProblem);
    expect(error!.message).toContain(`${skillFile(root, 'odd')}:${line}:${col}: ${says}`);
  });

  it('a SKILL.md that is a folder or a FIFO (never read, so verify does not wait on it)', async () => {
    const root = await project({});
    await mkdir(path.join(root, '.claude/skills/folder/SKILL.md'), { recursive: true });
    expect((await failure(root))?.message).toContain(
      `${skillFile(root, 'folder')}:1:1: a skill's SKILL.md must be a file, and this is a folder`,
    );
    const fifoRoot = await project({});
    await mkdir(path.join(fifoRoot, '.claude/skills/pipe'), { recursive: true });
    execFileSync('mkfifo', [skillFile(fifoRoot, 'pipe')]);
    expect((await failure(fifoRoot))?.message).toContain(
      `${skillFile(fifoRoot, 'pipe')}:1:1: a skill's SKILL.md must be a file, and this is a FIFO`,
    );
  });

  it('any frontmatter text ends in a skill or a located VerifySetupProblem, never another error (property)', async () => {
    const root = await project({});
    await mkdir(path.join(root, '.claude/skills/any'), { recursive: true });
    const yamlish = fc.stringMatching(/^[a-z:&*\-[\]{}!|>'" ,\n#%@`?]{0,80}$/);
    await fc.assert(
      fc.asyncProperty(fc.oneof(yamlish, fc.string({ maxLength: 80 })), async (text) => {
        await writeFile(skillFile(root, 'any'), `---\n${text}\n---\nBody.\n`);
        const error = await failure(root);
        if (error === undefined) return;
        expect(error).toBeInstanceOf(VerifySetupProblem);
        expect(error.message.startsWith(`${skillFile(root, 'any')}:`)).toBe(true);
        expect(error.message).toMatch(/SKILL\.md:\d+:\d+: /);
      }),
      { numRuns: 200 },
    );
  });
});

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

describe('a 6 MB SKILL.md', () => {
  it('is read from its head: the frontmatter of a skill with a 6 MB body', async () => {
    const root = await project({
      big: `---\nname: big\nallowed-tools: Read, Grep\n---\n${'Body line.\n'.repeat(600_000)}`,
    });
    const skills = await projectSkills(modelAt(root));
    expect(skills.map((s) => [s.name, s.allowedTools])).toEqual([['big', ['Read', 'Grep']]]);
  });

  it('that lists 300,000 tools is refused by size, and a report of that many prints', async () => {
    const tools = Array.from({ length: 300_000 }, (_, i) => `Tool${i}`);
    const root = await project({ huge: `---\nallowed-tools: ${tools.join(' ')}\n---\n` });
    expect((await failure(root))?.message).toMatch(
      /:2:1: its frontmatter does not end within 65536 bytes/,
    );
    // The printer itself, given that many: one line each, no stack overflow.
    const reintroduces = tools.map((name) => ({ name, reason: 'not offered' }));
    const report: VerifyReport = {
      catalog: 'desk',
      runtime: { binary: 'claude', version: 'Claude Code', sdk: '0.3.333' },
      concurrency: 1,
      surfaces: [],
      runs: [
        {
          context: 'C1',
          conditions: {},
          runtime: 'default',
          offered: ['Read'],
          deferred: [],
          findings: NO_FINDINGS,
          clean: false,
          skills: [
            { name: 'huge', file: '.claude/skills/huge/SKILL.md', reintroduces, clean: false },
          ],
          durationMs: 1,
        },
      ],
      ok: false,
      durationMs: 1,
    };
    const text = formatVerifyReport(report);
    expect(text.split('\n').filter((l) => l.includes('would reintroduce'))).toHaveLength(300_000);
  });
});
