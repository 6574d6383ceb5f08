// The OpenAI Agents SDK target's generated code type-checks where apps compile it: TypeScript 7, 6
// and 5.9, against @openai/agents 0.20 (beside the Claude Agent SDK in one catalog, and alone), with
// the strictest options an app may set. The fixture app builds one Agent from the options and spreads
// each run's options into `run()` and a streamed `Runner.run()`, and names a tool the catalog does
// not have.
import { cpSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../support/cli';
import { COMPILER_NAMES, typecheckProjects } from '../support/compilers';
import { artifactDir } from '../support/files';
import { FIXTURES, REPO } from '../support/paths';

const dir = artifactDir('openai-agents-types');

/** A tsconfig for one of the fixture's catalogs. */
function tsconfig(name: string): string {
  const file = path.join(dir, `tsconfig.${name}.json`);
  writeFileSync(
    file,
    JSON.stringify({
      extends: path.join(REPO, 'tsconfig.base.json'),
      compilerOptions: {
        noEmit: true,
        exactOptionalPropertyTypes: true,
        noUnusedLocals: true,
        noImplicitReturns: true,
        noPropertyAccessFromIndexSignature: true,
        paths: { 'agent-tool-catalog/runtime': [path.join(REPO, 'plugin/runtime/index.ts')] },
      },
      include: [`app/use-${name}.ts`, 'app/notes.ts', `generated/${name}/**/*.ts`],
    }),
  );
  return file;
}

beforeAll(async () => {
  cpSync(path.join(FIXTURES, 'openai-agents'), dir, { recursive: true });
  const generated = await runCli(['generate'], dir);
  expect(generated.stderr).toBe('');
  expect(generated.code).toBe(0);
}, 60_000);

describe('the generated OpenAI Agents SDK options', () => {
  it.each(COMPILER_NAMES)(
    'type-check with %s beside the Claude Agent SDK and alone',
    async (compiler) => {
      // Both projects in one build: the declarations they share are read once.
      const scratch = path.join(dir, `tsc-${compiler.replace(' ', '-')}`);
      const run = await typecheckProjects(compiler, [tsconfig('both'), tsconfig('alone')], scratch);
      expect(run.output).toBe('');
      expect(run.code).toBe(0);
    },
    120_000,
  );
});
