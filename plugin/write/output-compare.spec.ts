// Outside a watch session an output's file is compared with the run's
// text by bytes, a stretch at a time. Whatever the text (astral
// characters across a stretch's end, lone surrogates, empty) and the file
// (the same bytes, one changed, cut short, grown, missing, a folder), the
// answer is what the bytes say, and a differing file shows its head.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { standingOutput } from './output-compare';

const dir = mkdtempSync(path.join(os.tmpdir(), 'tool-catalog-output-compare-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let files = 0;
/** A new file holding `bytes`. */
const fileWith = (bytes: Buffer) => {
  const file = path.join(dir, `f${files++}`);
  writeFileSync(file, bytes);
  return file;
};
/** What a file of `bytes` is against `content`. */
const standing = (bytes: Buffer, content: string) => standingOutput(fileWith(bytes), content);
/** What the bytes say. */
const expected = (bytes: Buffer, content: string) =>
  bytes.equals(Buffer.from(content))
    ? { kind: 'same' }
    : { kind: 'different', head: bytes.toString('utf8').slice(0, 300) };

/** The file from the text's bytes: the same, one changed, cut, grown. */
const variant = fc.oneof(
  fc.constant((b: Buffer) => b),
  fc.nat().map((n) => (b: Buffer) => {
    if (b.length === 0) return b;
    const changed = Buffer.from(b);
    changed[n % b.length] = (changed[n % b.length]! + 1) % 256;
    return changed;
  }),
  fc.nat().map((n) => (b: Buffer) => b.subarray(0, n % (b.length + 1))),
  fc
    .string({ minLength: 1, maxLength: 3 })
    .map((more) => (b: Buffer) => Buffer.concat([b, Buffer.from(more)])),
);

describe('an output compared with its file outside a session', () => {
  it('is the same exactly when the file holds the text in UTF-8', async () => {
    const text = fc.oneof(
      fc.string({ unit: 'grapheme', maxLength: 400 }),
      fc.string({ unit: 'binary', maxLength: 40 }),
      fc.string({ unit: fc.constantFrom('a', 'é', '✓', '😀', '\ud800'), maxLength: 500 }),
    );
    await fc.assert(
      fc.asyncProperty(text, variant, async (content, change) => {
        const bytes = change(Buffer.from(content));
        expect(await standing(bytes, content)).toEqual(expected(bytes, content));
      }),
    );
  });

  it('compares texts longer than a stretch, with pairs across its ends', async () => {
    // Astral characters (two units each) at every offset near the end.
    const content = `${'✓a'.repeat(131_000)}c${'😀'.repeat(200)}${'b'.repeat(300_000)}😀`;
    expect(content.charCodeAt(262_143)).toBe(0xd83d);
    const bytes = Buffer.from(content);
    expect(await standing(bytes, content)).toEqual({ kind: 'same' });
    for (const at of [0, 262_143, 262_144, 262_145, bytes.length - 1]) {
      const changed = Buffer.from(bytes);
      changed[at] = 0x21;
      expect(await standing(changed, content)).toEqual(expected(changed, content));
    }
    for (const offset of [-1, 0, 1, 2]) {
      const cut = content.slice(0, 262_144 + offset);
      expect(await standing(bytes, cut)).toEqual(expected(bytes, cut));
    }
  });

  it('counts a lone surrogate held as U+FFFD as the same: not written again', async () => {
    const content = 'a\ud800b';
    const file = fileWith(Buffer.from(content));
    expect(await standingOutput(file, content)).toEqual({ kind: 'same' });
  });

  it('tells a missing file, and fails on a folder as reading it does', async () => {
    expect(await standingOutput(path.join(dir, 'missing'), 'x')).toEqual({ kind: 'missing' });
    for (const below of [
      path.join(dir, 'missing', 'below'),
      path.join(fileWith(Buffer.from('x')), 'below'),
    ])
      expect(await standingOutput(below, 'x')).toEqual({ kind: 'missing' });
    const folder = path.join(dir, 'folder');
    mkdirSync(folder);
    await expect(standingOutput(folder, 'x')).rejects.toMatchObject({ code: 'EISDIR' });
  });
});
