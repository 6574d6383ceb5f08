// The writer on its own: atomic replacement that keeps the file mode, the temp file in the target's
// own folder, no temp file left behind (even on failure), write-if-changed, check mode, orphans.
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import type { EmittedFile } from '../../plugin/render/renderer';
import { MANIFEST_NAME } from '../../plugin/render/render-catalog';
import { writeFileAtomic, writeOutputs } from '../../plugin/write/write-outputs';
import { leftoverTempFiles, removeTempDirs, tempDir } from './helpers';

afterAll(removeTempDirs);
afterEach(() => vi.restoreAllMocks());

const files = (entries: Record<string, string | EmittedFile>) =>
  new Map(Object.entries(entries).map(([f, c]) => [f, typeof c === 'string' ? { content: c } : c]));

describe('writeFileAtomic', () => {
  it.each([0o600, 0o640, 0o755, 0o666])('keeps the mode %o of the file it replaces', async (mode) => {
    const dir = await tempDir('mode');
    const file = path.join(dir, 'registry.ts');
    await fs.writeFile(file, 'old');
    await fs.chmod(file, mode);
    await writeFileAtomic(file, 'new');
    expect(await fs.readFile(file, 'utf8')).toBe('new');
    expect((await fs.stat(file)).mode & 0o777).toBe(mode);
  });

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
    vi.spyOn(fs, 'rename').mockRejectedValueOnce(Object.assign(new Error('EXDEV: cross-device link'), { code: 'EXDEV' }));
    await expect(writeFileAtomic(file, 'new')).rejects.toThrow('EXDEV');
    expect(await fs.readFile(file, 'utf8')).toBe('old');
    expect(await leftoverTempFiles(dir)).toEqual([]);
    expect(await fs.readdir(dir)).toEqual(['registry.ts']);
  });
});

describe('writeOutputs', () => {
  it('writes only files whose bytes changed', async () => {
    const dir = await tempDir('changed');
    const a = path.join(dir, 'a.ts');
    const b = path.join(dir, 'b.ts');
    await fs.writeFile(a, 'same\n');
    await fs.writeFile(b, 'old\n');
    const past = new Date('2020-01-01T00:00:00Z');
    await fs.utimes(a, past, past);
    const report = await writeOutputs(files({ [a]: 'same\n', [b]: 'new\n' }));
    expect(report).toEqual({ changed: [b], orphaned: [], unchanged: 1 });
    expect((await fs.stat(a)).mtime).toEqual(past);
    expect(await fs.readFile(b, 'utf8')).toBe('new\n');
    expect(await writeOutputs(files({ [a]: 'same\n', [b]: 'new\n' }))).toEqual({ changed: [], orphaned: [], unchanged: 2 });
  });

  it('in check mode reports what would change and writes or removes nothing', async () => {
    const dir = await tempDir('check');
    const a = path.join(dir, 'a.ts');
    const manifest = path.join(dir, MANIFEST_NAME);
    await fs.writeFile(a, 'old\n');
    await fs.writeFile(path.join(dir, 'gone.ts'), 'orphan\n');
    await fs.writeFile(manifest, JSON.stringify({ files: ['a.ts', 'gone.ts', MANIFEST_NAME] }));
    const wanted = files({ [a]: 'new\n', [path.join(dir, 'b.ts')]: 'b\n', [manifest]: JSON.stringify({ files: ['a.ts', 'b.ts', MANIFEST_NAME] }) });
    const report = await writeOutputs(wanted, { check: true });
    expect(report).toEqual({ changed: [a, path.join(dir, 'b.ts'), manifest].sort(), orphaned: [path.join(dir, 'gone.ts')], unchanged: 0 });
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
    await fs.writeFile(manifest, JSON.stringify({ files: ['../precious.ts', path.join(root, 'precious.ts'), 'sub'] }));
    const report = await writeOutputs(files({ [manifest]: JSON.stringify({ files: [MANIFEST_NAME] }) }));
    expect(report.orphaned).toEqual([]);
    expect(await fs.readFile(path.join(root, 'precious.ts'), 'utf8')).toBe('keep\n');
    expect((await fs.stat(path.join(out, 'sub'))).isDirectory()).toBe(true);
  });

  it('writes create-only files when absent and never overwrites them', async () => {
    const dir = await tempDir('create-only');
    const binding = path.join(dir, 'toolBinding.tsx');
    expect((await writeOutputs(files({ [binding]: { content: 'skeleton', createOnly: true } }))).changed).toEqual([binding]);
    await fs.writeFile(binding, 'hand edited');
    expect(await writeOutputs(files({ [binding]: { content: 'skeleton', createOnly: true } }))).toEqual({ changed: [], orphaned: [], unchanged: 1 });
    expect(await fs.readFile(binding, 'utf8')).toBe('hand edited');
  });

  it('survives a corrupt manifest (orphans are just not found this once)', async () => {
    const dir = await tempDir('corrupt');
    const manifest = path.join(dir, MANIFEST_NAME);
    await fs.writeFile(manifest, '{ not json');
    const report = await writeOutputs(files({ [manifest]: JSON.stringify({ files: [MANIFEST_NAME] }) }));
    expect(report).toEqual({ changed: [manifest], orphaned: [], unchanged: 0 });
    expect(await leftoverTempFiles(dir)).toEqual([]);
  });
});
