// The command line's error paths, run as a user runs them (the real binary): a config path that is a
// folder, a report written into a folder, over a file that is not a report, where nothing can be
// written, or to a `.html` file; `generate --watch` with no config. Each ends in one clear line and
// exit 1 or 2, with no stack trace, and writes nothing it should not.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runBin } from '../support/cli';
import { copyCatalogFixture, removeTempDirs, tempDir } from '../support/files';

afterAll(removeTempDirs);

const STACK_FRAME = /^\s*at (?:.+ \()?(?:\/|file:|node:)[^)]*:\d+(?::\d+)?\)?$/m;

/** Runs the binary and checks the part every error path shares: no stack frame, no raw error. */
async function run(args: readonly string[], cwd: string) {
  const result = await runBin(args, cwd);
  expect(result.stdout + result.stderr).not.toMatch(STACK_FRAME);
  expect(result.stdout + result.stderr).not.toMatch(/^[A-Z][A-Za-z]*Error: /m);
  return result;
}

// Each case runs the binary several times: generous limits for a loaded machine.
describe.concurrent('the command line', { timeout: 300_000 }, () => {
  it('--config <a folder>: TC001 naming the config inside it, exit 1', async () => {
    const dir = await copyCatalogFixture('valid');
    const result = await run(['generate', '--config', '.'], dir);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(
      `error TC001: The config path ${dir} is a folder, not a file; pass the config file itself, e.g. --config tool-catalog.config.ts.`,
    );
    const query = await run(['resolve', '--config', path.dirname(dir)], dir);
    expect(query.code).toBe(1);
    expect(query.stderr).toContain(
      `error TC001: The config path ${path.dirname(dir)} is a folder, not a file`,
    );
    expect(existsSync(path.join(dir, 'generated'))).toBe(false);
  });

  it('report --out <a folder>: refused, exit 2, the folder untouched', async () => {
    const dir = await copyCatalogFixture('valid');
    mkdirSync(path.join(dir, 'reports'));
    const result = await run(['report', '--out', 'reports'], dir);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(
      '--out reports is a folder; name a file in it, e.g. --out reports/policy.md.',
    );
  });

  it('report --out where nothing can be written: the reason, exit 1 or 2, nothing half-written', async () => {
    const dir = await copyCatalogFixture('valid');
    writeFileSync(path.join(dir, 'notes.txt'), 'mine\n');
    const underFile = await run(['report', '--out', 'notes.txt/policy.md'], dir);
    expect(underFile.code).toBe(2);
    expect(underFile.stderr).toContain(
      '--out notes.txt/policy.md cannot be written: a part of its path is a file, not a folder.',
    );
    const full = await run(['report', '--out', '/dev/full'], dir);
    expect(full.code).toBe(1);
    expect(full.stderr).toContain(
      'Cannot write /dev/full: no space is left on the device. Nothing was written there.',
    );
    const procfs = await run(['report', '--out', '/proc/no-such-process/policy.md'], dir);
    expect(procfs.code).toBe(1);
    expect(procfs.stderr).toContain('Cannot write /proc/no-such-process/policy.md: ');
    expect(readFileSync(path.join(dir, 'notes.txt'), 'utf8')).toBe('mine\n');
  });

  it('report --out over a file that is not a report: refused; over its own report: replaced', async () => {
    const dir = await copyCatalogFixture('valid');
    writeFileSync(path.join(dir, 'README.md'), '# My app\n');
    const foreign = await run(['report', '--out', 'README.md'], dir);
    expect(foreign.code).toBe(2);
    expect(foreign.stderr).toContain(
      '--out README.md already holds a file that is not an exposure matrix',
    );
    expect(readFileSync(path.join(dir, 'README.md'), 'utf8')).toBe('# My app\n');
    expect((await run(['report', '--out', 'policy.md'], dir)).code).toBe(0);
    expect((await run(['report', '--out', 'policy.md', '--format', 'md'], dir)).code).toBe(0);
  });

  it('report --out x.html without --format writes HTML; a --format that disagrees is refused', async () => {
    const dir = await copyCatalogFixture('valid');
    const html = await run(['report', '--out', 'policy.html'], dir);
    expect(html).toMatchObject({
      code: 0,
      stdout: "Wrote the HTML exposure matrix of 'demo' to policy.html.\n",
    });
    expect(readFileSync(path.join(dir, 'policy.html'), 'utf8')).toMatch(/^<!doctype html>/);
    const clash = await run(['report', '--out', 'other.html', '--format', 'md'], dir);
    expect(clash.code).toBe(2);
    expect(clash.stderr).toContain(
      '--format md writes Markdown, but --out other.html names an HTML file; change one of them.',
    );
    expect(existsSync(path.join(dir, 'other.html'))).toBe(false);
  });

  it('generate --watch with no config: the TC001 message and exit 1, not a silent exit 13', async () => {
    const empty = await tempDir('watch-no-config');
    const result = await run(['generate', '--watch'], empty);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('error TC001: No tool-catalog.config.ts was found in');
    expect(result.stderr).toContain('there is nothing to watch without a config file');
  });
});
