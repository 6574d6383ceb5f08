import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readRegularFile, readRegularFileSync, UnreadFile, withDeadline } from './regular-file';

const dir = mkdtempSync(path.join(os.tmpdir(), 'tool-catalog-regular-file-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const reasonOf = (read: () => unknown) => {
  try {
    read();
  } catch (error) {
    return error instanceof UnreadFile ? `${error.reason}:${error.kind}` : String(error);
  }
  return 'read';
};

describe('reading only regular files, up to a limit', () => {
  it('refuses a FIFO by its type, without opening it (a read would block forever)', async () => {
    const fifo = path.join(dir, 'pipe');
    execFileSync('mkfifo', [fifo]);
    expect(reasonOf(() => readRegularFileSync(fifo, 1024))).toBe('kind:fifo');
    await expect(readRegularFile(fifo, { maxBytes: 1024, deadlineMs: 60_000 })).rejects.toThrow(
      UnreadFile,
    );
  });

  it('refuses a link to a device (/dev/zero never ends)', () => {
    const zero = path.join(dir, 'zero');
    symlinkSync('/dev/zero', zero);
    expect(reasonOf(() => readRegularFileSync(zero, 1024))).toBe('kind:device');
  });

  it('refuses a file over the limit before reading it, and reads one at the limit', async () => {
    const big = path.join(dir, 'big');
    writeFileSync(big, '');
    truncateSync(big, 2048);
    expect(reasonOf(() => readRegularFileSync(big, 2047))).toBe('size:file');
    expect(readRegularFileSync(big, 2048)).toHaveLength(2048);
    await expect(
      readRegularFile(big, { maxBytes: 2048, deadlineMs: 60_000 }),
    ).resolves.toHaveLength(2048);
  });

  it('reads a file to its end whatever size it claims (files under /proc claim 0)', () => {
    const status = readRegularFileSync('/proc/self/status', 1024 * 1024);
    expect(status).toMatch(/^Name:/);
    expect(status).toContain('VmRSS');
  });

  it('gives up a read that takes longer than its deadline', async () => {
    const never = new Promise<string>(() => {});
    await expect(withDeadline(never, 20)).rejects.toMatchObject({ reason: 'deadline' });
    await expect(withDeadline(Promise.resolve('done'), 1000)).resolves.toBe('done');
  });
});
