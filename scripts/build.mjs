// Builds dist/: one ESM bundle per public entry (dependencies stay external), the precompiled
// templates, the runtime's sources (written into generated output) and .d.ts files.
import { build } from 'esbuild';
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const entries = {
  index: 'plugin/index.ts',
  api: 'plugin/api.ts',
  cli: 'plugin/cli/main.ts',
  runtime: 'plugin/runtime/index.ts',
  vite: 'plugin/bundler/vite.ts',
  esbuild: 'plugin/bundler/esbuild.ts',
  rollup: 'plugin/bundler/rollup.ts',
  webpack: 'plugin/bundler/webpack.ts',
  rspack: 'plugin/bundler/rspack.ts',
};

// CommonJS dependencies on the cold path are loaded with require() through a tiny shim: Node's ESM
// loader would first scan each one's source for its export names (esbuild alone: ~15 ms per run).
const requireHere = createRequire(import.meta.url);
const REQUIRED_NOT_IMPORTED = ['esbuild', 'tinyglobby', 'fastest-levenshtein'];
const requireShim = {
  name: 'require-commonjs-dependencies',
  setup(b) {
    const filter = new RegExp(`^(${REQUIRED_NOT_IMPORTED.join('|')})$`);
    b.onResolve({ filter }, (args) => (args.namespace === 'require-shim' ? { path: args.path, external: true } : { path: args.path, namespace: 'require-shim' }));
    b.onLoad({ filter: /.*/, namespace: 'require-shim' }, (args) => {
      const names = Object.keys(requireHere(args.path)).filter((k) => /^[A-Za-z_$][\w$]*$/.test(k) && k !== 'default');
      const spec = JSON.stringify(args.path);
      return {
        contents: `import { createRequire } from 'node:module';\nconst m = createRequire(import.meta.url)(${spec});\nexport default m;\n${names.map((n) => `export const ${n} = m.${n};`).join('\n')}\n`,
        loader: 'js',
      };
    });
  },
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
  plugins: [requireShim],
});

// Precompiled templates: a cold `generate` then loads only the Handlebars runtime. They are compiled
// by the package's own template compiler (bundled in memory), so build and loader can never disagree.
const { outputFiles } = await build({
  absWorkingDir: root,
  entryPoints: ['plugin/render/precompile-templates.ts'],
  bundle: true,
  write: false,
  format: 'esm',
  platform: 'node',
  packages: 'external',
  outfile: 'precompile.mjs',
});
const precompiler = `${root}dist/.precompile-templates.${process.pid}.mjs`;
writeFileSync(precompiler, outputFiles[0].text);
try {
  const { precompiledTemplatesModule } = await import(pathToFileURL(precompiler).href);
  // temp + rename: other processes may be reading dist/ while it is rebuilt.
  const precompiledFile = `${root}dist/templates.precompiled.cjs`;
  writeFileSync(`${precompiledFile}.${process.pid}.tmp`, precompiledTemplatesModule());
  renameSync(`${precompiledFile}.${process.pid}.tmp`, precompiledFile);
} finally {
  rmSync(precompiler, { force: true });
}

// The runtime's TypeScript sources: `generate` writes them into each catalog's output folder.
mkdirSync(`${root}dist/runtime-source`, { recursive: true });
for (const file of readdirSync(`${root}plugin/runtime`)) if (file.endsWith('.ts') && !file.endsWith('.spec.ts')) copyFileSync(`${root}plugin/runtime/${file}`, `${root}dist/runtime-source/${file}`);

// `--bundles-only` (what `npm run generate` uses): the CLI runs without the .d.ts files, so skip them.
if (!process.argv.includes('--bundles-only')) execFileSync(process.execPath, [`${root}/node_modules/typescript/bin/tsc`, '-p', 'tsconfig.build.json'], { cwd: root, stdio: 'inherit' });
