// "Are the types wrong?" on the packed tarball, with the committed .attw.json (esm-only profile): every
// entry's types resolve for ES module importers under node16/nodenext and for bundlers.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { PACKAGING_TIMEOUT_MS, packedTarball, runNode } from '../support/packed';
import { REPO } from '../support/paths';

interface AttwProblem {
  readonly kind: string;
  readonly entrypoint?: string;
  readonly resolutionKind?: string;
}

interface AttwJson {
  readonly analysis: {
    readonly entrypoints: Record<
      string,
      {
        readonly resolutions: Record<
          string,
          { readonly resolution?: { readonly fileName: string } }
        >;
      }
    >;
    readonly problems: readonly AttwProblem[];
  };
}

const ATTW = path.join(REPO, 'node_modules/@arethetypeswrong/cli/dist/index.js');
const exportsOf = () =>
  Object.keys(
    (JSON.parse(readFileSync(path.join(REPO, 'package.json'), 'utf8')) as { exports: object })
      .exports,
  );
const show = (problems: readonly AttwProblem[]) =>
  problems.map((p) => `${p.kind} (${p.entrypoint} from ${p.resolutionKind})`).join('\n');

describe('attw on the packed tarball', () => {
  let code: number;
  let report: AttwJson;

  beforeAll(async () => {
    // Run from the repository so attw reads the committed .attw.json.
    const run = await runNode([ATTW, await packedTarball(), '--format', 'json'], REPO);
    code = run.code;
    try {
      report = JSON.parse(run.stdout) as AttwJson;
    } catch {
      throw new Error(`attw did not print JSON (exit ${run.code}):\n${run.stdout}\n${run.stderr}`);
    }
  }, PACKAGING_TIMEOUT_MS);

  it('passes with the esm-only profile of .attw.json', () => {
    expect(JSON.parse(readFileSync(path.join(REPO, '.attw.json'), 'utf8'))).toEqual({
      profile: 'esm-only',
    });
    expect(code, show(report.analysis.problems)).toBe(0);
  });

  it('checks every entry package.json exports', () => {
    expect(Object.keys(report.analysis.entrypoints).sort()).toEqual(exportsOf().sort());
  });

  it('resolves every entry to its .d.ts with no problem for node16 ES modules and bundlers', () => {
    const problems = report.analysis.problems.filter(
      (p) => p.resolutionKind === 'node16-esm' || p.resolutionKind === 'bundler',
    );
    expect(show(problems)).toBe('');
    for (const [entry, { resolutions }] of Object.entries(report.analysis.entrypoints)) {
      if (entry === './package.json') continue;
      for (const kind of ['node16-esm', 'bundler'])
        expect(resolutions[kind]?.resolution?.fileName, `${entry} from ${kind}`).toMatch(
          /\/dist\/types\/.+\.d\.ts$/,
        );
    }
  });

  it('reports CommonJS importers only as needing require(esm), which the CommonJS consumer test runs for real', () => {
    // attw bundles TypeScript 5.6, which predates require(esm); a broken type import (the 29 internal
    // resolution errors of extensionless .d.ts imports) would show here as another kind of problem.
    const cjs = report.analysis.problems.filter((p) => p.resolutionKind === 'node16-cjs');
    expect(show(cjs.filter((p) => p.kind !== 'CJSResolvesToESM'))).toBe('');
  });
});
