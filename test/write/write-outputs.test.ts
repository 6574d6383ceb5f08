// The writer on its own: atomic replacement that keeps the file mode, the temp file in the target's
// own folder, no temp file left behind (even on failure), write-if-changed, check mode, the manifest
// of each output folder and the orphans it finds.
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { MANIFEST_NAME, MCP_LOCK_NAME } from '../../plugin/write/manifest';
import {
  withManifests,
  writeFileAtomic,
  writeOutputs,
  type OutputFile,
  type OutputSet,
} from '../../plugin/write/write-outputs';
import { leftoverTempFiles, removeTempDirs, tempDir } from '../support/files';

afterAll(removeTempDirs);
afterEach(() => vi.restoreAllMocks());

/** One output folder and its files (absolute path → content, or a file with options). */
const set = (outDir: string, entries: Record<string, string | OutputFile> = {}): OutputSet[] => [
  {
    outDir,
    files: new Map(
      Object.entries(entries).map(([f, c]) => [f, typeof c === 'string' ? { content: c } : c]),
    ),
  },
];

/** The files a manifest on disk lists. */
const manifestFiles = async (outDir: string) =>
  (JSON.parse(await fs.readFile(path.join(outDir, MANIFEST_NAME), 'utf8')) as { files: string[] })
    .files;

describe('writeFileAtomic', () => {
  it.each([0o600, 0o640, 0o755, 0o666])(
    'keeps the mode %o of the file it replaces',
    async (mode) => {
      const dir = await tempDir('mode');
      const file = path.join(dir, 'registry.ts');
      await fs.writeFile(file, 'old');
      await fs.chmod(file, mode);
      await writeFileAtomic(file, 'new');
      expect(await fs.readFile(file, 'utf8')).toBe('new');
      expect((await fs.stat(file)).mode & 0o777).toBe(mode);
    },
  );

  it('renames a temp file from the target folder onto the target, creating missing folders', async () => {
    const dir = await tempDir('rename');
    const file = path.join(dir, 'deep/er/registry.ts');
    const rename = vi.spyOn(fs, 'rename');
    await writeFileAtomic(file, 'content');
    expect(rename).toHaveBeenCalledTimes(1);
    const [from, to] = rename.mock.calls[0]!.map(String);
    expect(to).toBe(file);
    expect(path.dirname(from!)).toBe(path.dirname(file));
    expect(from).not.toBe(file);
    expect(await fs.readFile(file, 'utf8')).toBe('content');
    expect(await fs.readdir(path.dirname(file))).toEqual(['registry.ts']);
  });

  it('leaves no temp file and the old content when the rename fails', async () => {
    const dir = await tempDir('fail');
    const file = path.join(dir, 'registry.ts');
    await fs.writeFile(file, 'old');
    vi.spyOn(fs, 'rename').mockRejectedValueOnce(
      Object.assign(new Error('EXDEV: cross-device link'), { code: 'EXDEV' }),
    );
    await expect(writeFileAtomic(file, 'new')).rejects.toThrow('EXDEV');
    expect(await fs.readFile(file, 'utf8')).toBe('old');
    expect(await leftoverTempFiles(dir)).toEqual([]);
    expect(await fs.readdir(dir)).toEqual(['registry.ts']);
  });
});

describe('writeOutputs', () => {
  it('renames files in the order they were rendered, the manifest (with the default locale) last', async () => {
    const dir = await tempDir('order');
    const files = ['removed/de.json', 'de.json', 'en.json', 'a.ts'].map((f) => path.join(dir, f));
    // Not by name: a set-aside file goes before the file it was taken from, the manifest after all.
    const renamed: string[] = [];
    const rename = fs.rename.bind(fs);
    vi.spyOn(fs, 'rename').mockImplementation(async (from, to) => {
      renamed.push(path.relative(dir, String(to)));
      return rename(from, to);
    });
    const sets = set(dir, Object.fromEntries(files.map((f) => [f, `${f}\n`])));
    await writeOutputs([{ ...sets[0]!, defaultLocale: 'de' }]);
    expect(renamed).toEqual(['removed/de.json', 'de.json', 'en.json', 'a.ts', MANIFEST_NAME]);
    const manifest = JSON.parse(await fs.readFile(path.join(dir, MANIFEST_NAME), 'utf8'));
    expect(manifest.defaultLocale).toBe('de');
  });

  it('writes only files whose bytes changed, and the folder manifest listing them', async () => {
    const dir = await tempDir('changed');
    const a = path.join(dir, 'a.ts');
    const b = path.join(dir, 'b.ts');
    const manifest = path.join(dir, MANIFEST_NAME);
    await fs.writeFile(a, 'same\n');
    await fs.writeFile(b, 'old\n');
    // A previous run wrote both: its manifest lists them as its own.
    await fs.writeFile(manifest, JSON.stringify({ files: ['a.ts', 'b.ts'] }));
    const past = new Date('2020-01-01T00:00:00Z');
    await fs.utimes(a, past, past);
    const report = await writeOutputs(set(dir, { [a]: 'same\n', [b]: 'new\n' }));
    expect(report).toMatchObject({ changed: [b, manifest].sort(), orphaned: [], unchanged: 1 });
    expect((await fs.stat(a)).mtime).toEqual(past);
    expect(await fs.readFile(b, 'utf8')).toBe('new\n');
    expect(await manifestFiles(dir)).toEqual([MANIFEST_NAME, 'a.ts', 'b.ts']);
    expect(await writeOutputs(set(dir, { [a]: 'same\n', [b]: 'new\n' }))).toMatchObject({
      changed: [],
      orphaned: [],
      unchanged: 3,
    });
  });

  it('in check mode reports what would change and writes or removes nothing', async () => {
    const dir = await tempDir('check');
    const a = path.join(dir, 'a.ts');
    const manifest = path.join(dir, MANIFEST_NAME);
    await fs.writeFile(a, 'old\n');
    await fs.writeFile(path.join(dir, 'gone.ts'), '// @generated by agent-tool-catalog\norphan\n');
    await fs.writeFile(manifest, JSON.stringify({ files: ['a.ts', 'gone.ts', MANIFEST_NAME] }));
    const wanted = set(dir, { [a]: 'new\n', [path.join(dir, 'b.ts')]: 'b\n' });
    const report = await writeOutputs(wanted, { check: true });
    expect(report).toMatchObject({
      changed: [a, path.join(dir, 'b.ts'), manifest].sort(),
      orphaned: [path.join(dir, 'gone.ts')],
      unchanged: 0,
    });
    expect((await fs.readdir(dir)).sort()).toEqual([MANIFEST_NAME, 'a.ts', 'gone.ts']);
    expect(await fs.readFile(a, 'utf8')).toBe('old\n');

    const written = await writeOutputs(wanted);
    expect(written.orphaned).toEqual([path.join(dir, 'gone.ts')]);
    expect((await fs.readdir(dir)).sort()).toEqual([MANIFEST_NAME, 'a.ts', 'b.ts']);
  });

  it('never removes what the manifest lists outside its folder, nor folders', async () => {
    const root = await tempDir('outside');
    const out = path.join(root, 'out');
    await fs.mkdir(path.join(out, 'sub'), { recursive: true });
    await fs.writeFile(path.join(root, 'precious.ts'), 'keep\n');
    const manifest = path.join(out, MANIFEST_NAME);
    await fs.writeFile(
      manifest,
      JSON.stringify({ files: ['../precious.ts', path.join(root, 'precious.ts'), 'sub'] }),
    );
    const report = await writeOutputs(set(out));
    expect(report.orphaned).toEqual([]);
    expect(await fs.readFile(path.join(root, 'precious.ts'), 'utf8')).toBe('keep\n');
    expect((await fs.stat(path.join(out, 'sub'))).isDirectory()).toBe(true);
    expect(await manifestFiles(out)).toEqual([MANIFEST_NAME]);
  });

  it('never removes, replaces or lists the MCP lock that drift keeps in the folder, whatever the manifest says', async () => {
    const out = await tempDir('lock');
    const lock = path.join(out, MCP_LOCK_NAME);
    await fs.writeFile(lock, '{ "lockfileVersion": 1, "servers": {} }\n');
    await fs.writeFile(
      path.join(out, MANIFEST_NAME),
      JSON.stringify({ files: [MCP_LOCK_NAME, MANIFEST_NAME] }),
    );
    expect((await writeOutputs(set(out), { check: true })).orphaned).toEqual([]);
    expect((await writeOutputs(set(out))).orphaned).toEqual([]);
    expect(await fs.readFile(lock, 'utf8')).toBe('{ "lockfileVersion": 1, "servers": {} }\n');
    expect(await manifestFiles(out)).toEqual([MANIFEST_NAME]);
    // A renderer that emitted a file of that name would not be allowed to replace the lock either.
    expect(
      (await writeOutputs(set(out, { [lock]: 'generated\n' }))).problems.map((p) => p.code),
    ).toEqual(['TC300']);
  });

  it('writes create-only files when absent and never overwrites them, nor lists them as its own', async () => {
    const dir = await tempDir('create-only');
    const binding = path.join(dir, 'toolBinding.tsx');
    const manifest = path.join(dir, MANIFEST_NAME);
    expect(
      (await writeOutputs(set(dir, { [binding]: { content: 'skeleton', createOnly: true } })))
        .changed,
    ).toEqual([manifest, binding].sort());
    await fs.writeFile(binding, 'hand edited');
    expect(
      await writeOutputs(set(dir, { [binding]: { content: 'skeleton', createOnly: true } })),
    ).toMatchObject({
      changed: [],
      orphaned: [],
      unchanged: 2,
    });
    expect(await fs.readFile(binding, 'utf8')).toBe('hand edited');
    expect(await manifestFiles(dir)).toEqual([MANIFEST_NAME]);
  });

  it('survives a corrupt manifest (orphans are just not found this once)', async () => {
    const dir = await tempDir('corrupt');
    const manifest = path.join(dir, MANIFEST_NAME);
    await fs.writeFile(manifest, '{ not json');
    const report = await writeOutputs(set(dir));
    expect(report).toMatchObject({ changed: [manifest], orphaned: [], unchanged: 0 });
    expect(await leftoverTempFiles(dir)).toEqual([]);
  });

  it('keeps one manifest per output folder, each listing only its own files', async () => {
    const root = await tempDir('two-sets');
    const [one, two] = [path.join(root, 'one'), path.join(root, 'two')];
    const files = withManifests([
      ...set(one, { [path.join(one, 'a.ts')]: 'a\n', [path.join(one, 'i18n/en.json')]: '{}\n' }),
      ...set(two, { [path.join(two, 'b.ts')]: 'b\n' }),
    ]);
    expect([...files.keys()]).toEqual([
      path.join(one, 'a.ts'),
      path.join(one, 'i18n/en.json'),
      path.join(one, MANIFEST_NAME),
      path.join(two, 'b.ts'),
      path.join(two, MANIFEST_NAME),
    ]);
    expect(JSON.parse(files.get(path.join(one, MANIFEST_NAME))!.content)).toEqual({
      generatedBy: 'agent-tool-catalog',
      files: [MANIFEST_NAME, 'a.ts', 'i18n/en.json'],
    });
    expect(JSON.parse(files.get(path.join(two, MANIFEST_NAME))!.content).files).toEqual([
      MANIFEST_NAME,
      'b.ts',
    ]);
  });
});
