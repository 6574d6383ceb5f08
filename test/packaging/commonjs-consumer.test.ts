// A CommonJS module of an app (`.cts`, `import x = require(...)`) uses agent-tool-catalog/runtime from
// the packed tarball: precise types with TypeScript 7, 6 and 5.9 (nodenext), and require() at run time.
import { beforeAll, describe, expect, it } from 'vitest';
import { COMPILER_NAMES, typecheckProject } from '../support/compilers';
import { PACKAGING_TIMEOUT_MS, runNode } from '../support/packed';
import { consumerApp } from './consumer-app';

describe('a CommonJS consumer of agent-tool-catalog/runtime', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await consumerApp('nodenext');
  }, PACKAGING_TIMEOUT_MS);

  it.each(COMPILER_NAMES)(
    'type-checks alone with %s, its @ts-expect-error meeting its error',
    async (compiler) => {
      const { code, output } = await typecheckProject(compiler, 'tsconfig.commonjs.json', dir);
      expect(output).toBe('');
      expect(code).toBe(0);
    },
  );

  it('loads the runtime with require() in Node', async () => {
    const run = await runNode(['dist/src/require-runtime.cjs'], dir);
    expect(run.code, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual({
      name: 'mcp__assistant-tools__notes',
      namespace: 'assistant-tools',
    });
  });
});
