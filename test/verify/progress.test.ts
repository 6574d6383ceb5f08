// `verify` says what it is doing while it runs, not all at once at the end: a start line on stderr
// before any runtime has answered, then each surface and each context as its run ends — read here
// from the real command's stderr as it arrives, with the time each line came.
import { describe, expect, it } from 'vitest';
import { VERIFY_FIXTURE } from '../support/verify';
import { startBin, within } from './fake-runtime';

/** Each line of a stream with the time (ms since the start) it arrived. */
function timedLines(stream: NodeJS.ReadableStream, started: number) {
  const lines: { at: number; text: string }[] = [];
  let partial = '';
  stream.on('data', (chunk: Buffer) => {
    const parts = (partial + String(chunk)).split('\n');
    partial = parts.pop()!;
    for (const text of parts) lines.push({ at: Date.now() - started, text });
  });
  return lines;
}

describe('verify while it runs', () => {
  it('prints a start line, then each run as it ends, before the report', async () => {
    const started = Date.now();
    const run = startBin(['verify'], VERIFY_FIXTURE);
    const lines = timedLines(run.child.stderr!, started);
    const exited = await within(run.exited, 'verify to exit', 240_000);
    const ended = Date.now() - started;
    expect(exited.code, run.output().stdout + run.output().stderr).toBe(0);
    const texts = lines.map((l) => l.text);
    expect(texts[0]).toMatch(
      /^verify: catalog desk: 1 runtime surface and (\d+) contexts on Claude Code [\d.]+ \(SDK [\d.]+\), \d+ at once…$/,
    );
    const contexts = Number(/and (\d+) contexts/.exec(texts[0]!)![1]);
    expect(texts[1]).toMatch(/^verify: runtime default, every tool allowed: .* \(\d+\.\d s\)$/);
    const runLines = texts.slice(2);
    expect(runLines).toHaveLength(contexts);
    for (const [i, text] of runLines.entries())
      expect(text).toMatch(
        new RegExp(
          `^verify: \\[${i + 1}/${contexts}\\] default \\S+ \\(.*\\): equals the policy \\(\\d+\\.\\d s\\)$`,
        ),
      );
    // Streamed: the start line came before the surface run ended, and the surface line before the
    // context runs ended — each at least the length of a run (about a second or more) before the end.
    expect(lines[1]!.at - lines[0]!.at).toBeGreaterThan(300);
    expect(ended - lines[1]!.at).toBeGreaterThan(300);
    // The report itself is on stdout, once.
    expect(run.output().stdout).toMatch(/^catalog desk: /);
  }, 300_000);

  it('prints no progress with --json (stdout is the JSON report)', async () => {
    const run = startBin(['verify', '--json', '--ctx', 'has-git=false'], VERIFY_FIXTURE);
    const exited = await within(run.exited, 'verify to exit', 240_000);
    expect(exited.code).toBe(0);
    expect(run.output().stderr).toBe('');
    expect(JSON.parse(run.output().stdout).ok).toBe(true);
  }, 300_000);
});
