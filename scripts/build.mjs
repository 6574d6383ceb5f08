// Builds dist/: one ESM bundle per public entry (dependencies stay external) and .d.ts files.
import { build } from 'esbuild';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const entries = {
  index: 'plugin/index.ts',
  api: 'plugin/api.ts',
  cli: 'plugin/cli/main.ts',
  runtime: 'plugin/runtime/index.ts',
};

// dist/ is not wiped first: parallel test runs may be reading it; esbuild overwrites each entry.
await build({
  absWorkingDir: root,
  entryPoints: entries,
  outdir: 'dist',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  packages: 'external',
  logLevel: 'warning',
  chunkNames: 'chunks/[name]-[hash]',
});
execFileSync(process.execPath, [`${root}/node_modules/typescript/bin/tsc`, '-p', 'tsconfig.build.json'], { cwd: root, stdio: 'inherit' });
