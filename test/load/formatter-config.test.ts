// How agent-tool-catalog reads an app's Prettier and Biome set-up: ignore files with .gitignore rules,
// Biome's include and ignore lists (2.x and 1.x), and the Biome config edit init makes.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { findFormatters, type BiomeSetup } from '../../plugin/load/find-formatters';
import {
  biomeIgnoreEdit,
  biomeSkipper,
  ignoreFileMatcher,
  prettierIgnoreEdit,
} from '../../plugin/load/formatter-config';
import { removeTempDirs, tempDir, writeFiles } from '../support/files';

afterAll(removeTempDirs);

const APP = '/app';
const OUT = `${APP}/src/generated/agent`;
const biome = (text: string, major = 2): BiomeSetup => ({ file: `${APP}/biome.json`, text, major });

describe('ignoreFileMatcher (.prettierignore, .gitignore)', () => {
  it('ignores a folder written with a leading and a trailing slash, and everything in it', () => {
    const ignored = ignoreFileMatcher('# generated\n/src/generated/agent/\n');
    expect(ignored('src/generated/agent/registry.ts')).toBe(true);
    expect(ignored('src/generated/agent/i18n/en.json')).toBe(true);
    expect(ignored('src/generated/other/registry.ts')).toBe(false);
    expect(ignored('lib/src/generated/agent/registry.ts')).toBe(false);
  });

  it('matches a pattern without a slash at any depth, and a trailing slash only against folders', () => {
    expect(ignoreFileMatcher('generated/')('src/generated/agent/policy.md')).toBe(true);
    expect(ignoreFileMatcher('generated/')('src/generated')).toBe(false);
    expect(ignoreFileMatcher('**/generated/**')('src/generated/agent/policy.md')).toBe(true);
    expect(ignoreFileMatcher('*.md')('src/generated/agent/policy.md')).toBe(true);
  });

  it('lets a later negation re-include a file, but not a file inside an ignored folder', () => {
    expect(
      ignoreFileMatcher('src/generated/agent/*\n!src/generated/agent/policy.md')(
        'src/generated/agent/policy.md',
      ),
    ).toBe(false);
    expect(
      ignoreFileMatcher('src/generated/\n!src/generated/agent/policy.md')(
        'src/generated/agent/policy.md',
      ),
    ).toBe(true);
  });
});

/** One question to a fresh skipper. */
const biomeSkips = (setup: BiomeSetup, file: string) => biomeSkipper(setup)(file);

describe('biomeSkipper', () => {
  it('follows files.includes in Biome 2: the last matching pattern decides, and a folder pattern covers its files', () => {
    expect(
      biomeSkips(
        biome('{ "files": { "includes": ["**", "!src/generated/agent"] } }'),
        `${OUT}/registry.ts`,
      ),
    ).toBe(true);
    expect(
      biomeSkips(
        biome('{ "files": { "includes": ["**", "!**/generated"] } }'),
        `${OUT}/i18n/en.json`,
      ),
    ).toBe(true);
    expect(
      biomeSkips(biome('{ "files": { "includes": ["**", "!dist"] } }'), `${OUT}/registry.ts`),
    ).toBe(false);
    expect(biomeSkips(biome('{ "files": { "includes": ["lib/**"] } }'), `${OUT}/registry.ts`)).toBe(
      true,
    );
    expect(biomeSkips(biome('{}'), `${OUT}/registry.ts`)).toBe(false);
  });

  it('honours formatter.includes and a switched-off formatter', () => {
    expect(
      biomeSkips(
        biome('{ "formatter": { "includes": ["**", "!src/generated/**"] } }'),
        `${OUT}/registry.ts`,
      ),
    ).toBe(true);
    expect(biomeSkips(biome('{ "formatter": { "enabled": false } }'), `${OUT}/registry.ts`)).toBe(
      true,
    );
  });

  it('follows files.ignore in Biome 1', () => {
    expect(
      biomeSkips(
        biome('{ "files": { "ignore": ["src/generated/agent/**"] } }', 1),
        `${OUT}/registry.ts`,
      ),
    ).toBe(true);
    expect(biomeSkips(biome('{ "files": { "ignore": ["dist"] } }', 1), `${OUT}/registry.ts`)).toBe(
      false,
    );
    const v1 = '{ "files": { "include": ["src/**"] }, "formatter": { "ignore": ["**/i18n"] } }';
    expect(biomeSkips(biome(v1, 1), `${OUT}/registry.ts`)).toBe(false);
    expect(biomeSkips(biome(v1, 1), `${OUT}/i18n/en.json`)).toBe(true);
    expect(biomeSkips(biome(v1, 1), `${APP}/lib/registry.ts`)).toBe(true);
  });

  it('lets a later pattern include again what an earlier one left out', () => {
    const text = '{ "files": { "includes": ["**", "!src/generated", "src/generated/agent"] } }';
    expect(biomeSkips(biome(text), `${OUT}/registry.ts`)).toBe(false);
    expect(biomeSkips(biome(text), `${APP}/src/generated/other/registry.ts`)).toBe(true);
  });

  it('skips what lies outside the config folder, and nothing inside when the config does not parse', () => {
    expect(biomeSkips(biome('{}'), '/elsewhere/registry.ts')).toBe(true);
    expect(biomeSkips(biome('{ "files": '), `${OUT}/registry.ts`)).toBe(false);
    expect(biomeSkips(biome('{ "files": '), '/elsewhere/registry.ts')).toBe(true);
  });

  it('answers each file alike whether a skipper is asked once or after other files', () => {
    const texts = [
      '{ "files": { "includes": ["**", "!**/generated", "src/generated/agent/*.md"] } }',
      '{ "formatter": { "includes": ["src/**", "!src/generated/agent/i18n"] } }',
    ];
    const files = ['registry.ts', 'policy.md', 'i18n/en.json', 'runtime/index.ts'].map(
      (f) => `${OUT}/${f}`,
    );
    for (const text of texts) {
      const skips = biomeSkipper(biome(text));
      const once = files.map((f) => biomeSkips(biome(text), f));
      expect([...files, ...files].map(skips)).toEqual([...once, ...once]);
      // The two lists give different answers: the comparison above can tell them apart.
      expect(new Set(once).size).toBe(2);
    }
  });
});

describe('biomeIgnoreEdit', () => {
  const edit = (text: string, major = 2) =>
    biomeIgnoreEdit({ rootDir: APP, biome: biome(text, major) }, [OUT]);

  it('appends the folder to an existing files.includes', () => {
    expect(edit('{\n  "files": { "includes": ["**", "!dist"] }\n}\n')).toEqual({
      file: `${APP}/biome.json`,
      action: 'edited',
      content: '{\n  "files": { "includes": ["**", "!dist", "!src/generated/agent"] }\n}\n',
    });
  });

  it('starts files.includes with "**" when there is none, so every other file stays included', () => {
    expect(edit('{\n  "files": { "maxSize": 100 }\n}\n')).toMatchObject({
      content: '{\n  "files": { "maxSize": 100, "includes": ["**", "!src/generated/agent"] }\n}\n',
    });
    expect(edit('{\n  "$schema": "s"\n}\n')).toMatchObject({
      content:
        '{\n  "$schema": "s",\n  "files": { "includes": ["**", "!src/generated/agent"] }\n}\n',
    });
  });

  it('writes files.ignore for Biome 1', () => {
    expect(edit('{ "files": { "ignore": ["dist"] } }', 1)).toMatchObject({
      content: '{ "files": { "ignore": ["dist", "src/generated/agent/**"] } }',
    });
    expect(edit('{}', 1)).toMatchObject({
      content: '{ "files": { "ignore": ["src/generated/agent/**"] } }',
    });
  });

  it('leaves a config that already skips the folder alone', () => {
    expect(edit('{ "files": { "includes": ["**", "!**/generated"] } }')).toBeUndefined();
  });

  it('does not touch a config it cannot read or whose files setting has an unexpected shape, and says what to add', () => {
    expect(edit('{ "files": { "includes": ["**"] ')).toEqual({
      manual: 'add "!src/generated/agent" to files.includes in biome.json',
    });
    expect(edit('{ "files": { "includes": "**" } }')).toEqual({
      manual: 'add "!src/generated/agent" to files.includes in biome.json',
    });
  });
});

describe('findFormatters', () => {
  it('finds the nearest Prettier config upwards (a "prettier" key in package.json counts) and Biome with its major from $schema', async () => {
    const root = await tempDir('formatters');
    writeFiles(root, {
      'package.json': '{ "name": "workspace", "prettier": { "semi": false } }\n',
      'biome.jsonc': '{ "$schema": "https://biomejs.dev/schemas/1.9.4/schema.json" }\n',
    });
    const app = path.join(root, 'packages/app');
    mkdirSync(app, { recursive: true });
    const setup = findFormatters(app);
    expect(setup.prettier).toEqual({ file: path.join(root, 'package.json') });
    expect(setup.biome).toMatchObject({ file: path.join(root, 'biome.jsonc'), major: 1 });
    writeFileSync(path.join(app, '.prettierrc.json'), '{}');
    expect(findFormatters(app).prettier).toEqual({ file: path.join(app, '.prettierrc.json') });
  });

  it("plans .prettierignore: created with the marked lines, appended after the user's lines, or left alone", async () => {
    const app = await tempDir('prettierignore');
    const out = path.join(app, 'src/generated/agent');
    const created = prettierIgnoreEdit(findFormatters(app), [out]);
    expect(created).toEqual({
      file: path.join(app, '.prettierignore'),
      action: 'created',
      content: expect.stringMatching(/^# agent-tool-catalog: .+\n\/src\/generated\/agent\/\n$/),
    });
    writeFileSync(path.join(app, '.prettierignore'), 'coverage');
    expect(prettierIgnoreEdit(findFormatters(app), [out])?.content).toBe(
      `coverage\n\n${created!.content}`,
    );
    writeFileSync(path.join(app, '.prettierignore'), 'coverage\n**/generated/\n');
    expect(prettierIgnoreEdit(findFormatters(app), [out])).toBeUndefined();
  });
});
