// The AI SDK target's generated code type-checks where apps compile it: TypeScript 7, 6 and 5.9,
// against ai 7 (with the Claude Agent SDK beside it, in one catalog) and ai 6 (the AI SDK alone,
// through the `ai-6` npm alias), with the strictest options an app may set. The fixture app spreads
// the options into `generateText` and `streamText`, and names a tool the catalog does not have.
import { cpSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../support/cli';
import { COMPILER_NAMES, typecheckProjects } from '../support/compilers';
import { artifactDir } from '../support/files';
import { FIXTURES, REPO } from '../support/paths';

const dir = artifactDir('ai-sdk-types');

/** A tsconfig for one of the fixture's catalogs; `ai6` maps `ai` to the ai 6 alias. */
function tsconfig(name: string, ai6: boolean): string {
  const file = path.join(dir, `tsconfig.${name}.json`);
  const modules = (p: string) => path.join(REPO, 'node_modules', p);
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
        paths: {
          'agent-tool-catalog/runtime': [path.join(REPO, 'plugin/runtime/index.ts')],
          ...(ai6
            ? {
                ai: [modules('ai-6/dist/index.d.ts')],
                'ai/test': [modules('ai-6/dist/test/index.d.ts')],
              }
            : {}),
        },
      },
      include: [`app/use-${name}.ts`, 'app/notes.ts', `generated/${name}/**/*.ts`],
    }),
  );
  return file;
}

beforeAll(async () => {
  cpSync(path.join(FIXTURES, 'ai-sdk'), dir, { recursive: true });
  const generated = await runCli(['generate'], dir);
  expect(generated.stderr).toBe('');
  expect(generated.code).toBe(0);
}, 60_000);

describe('the generated AI SDK options', () => {
  it.each(COMPILER_NAMES)(
    'type-check with %s against ai 7 (beside the Claude Agent SDK) and ai 6 (alone)',
    async (compiler) => {
      // Both projects in one build: the declarations they share are read once.
      const scratch = path.join(dir, `tsc-${compiler.replace(' ', '-')}`);
      const run = await typecheckProjects(
        compiler,
        [tsconfig('both', false), tsconfig('six', true)],
        scratch,
      );
      expect(run.output).toBe('');
      expect(run.code).toBe(0);
    },
    120_000,
  );
});
