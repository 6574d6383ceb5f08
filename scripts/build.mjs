// Builds dist/: one ESM bundle per public entry (dependencies stay external), the precompiled
// templates, the runtime's sources (written into generated output) and .d.ts files.
import { build } from 'esbuild';
import { execFileSync } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
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

// CommonJS dependencies are loaded with require() through a tiny shim: Node's ESM loader would first
// scan each one's source for its export names (a large one: ~15 ms per run). And they are loaded
// on first use, not on import: `--help`, a bundler plugin being imported, or a command that never
// evaluates a catalog does not pay for the glob matcher or Babel's parser.
const requireHere = createRequire(import.meta.url);
const REQUIRED_NOT_IMPORTED = ['tinyglobby', 'fastest-levenshtein', '@babel/parser'];
const requireShim = {
  name: 'require-commonjs-dependencies',
  setup(b) {
    const filter = new RegExp(
      `^(${REQUIRED_NOT_IMPORTED.map((n) => n.replace(/[/.]/g, '\\$&')).join('|')})$`,
    );
    b.onResolve({ filter }, (args) =>
      args.namespace === 'require-shim'
        ? { path: args.path, external: true }
        : { path: args.path, namespace: 'require-shim' },
    );
    b.onLoad({ filter: /.*/, namespace: 'require-shim' }, (args) => {
      const loaded = requireHere(args.path);
      // Only functions can be forwarded before the module is loaded; a bundle importing anything
      // else from these packages fails to build ("No matching export"), which is the point.
      const names = Object.keys(loaded).filter(
        (k) => /^[A-Za-z_$][\w$]*$/.test(k) && k !== 'default' && typeof loaded[k] === 'function',
      );
      const spec = JSON.stringify(args.path);
      return {
        contents: `import { createRequire } from 'node:module';\nlet loaded;\nconst m = () => (loaded ??= createRequire(import.meta.url)(${spec}));\n${names.map((n) => `export function ${n}(...args) { return m().${n}(...args); }`).join('\n')}\n`,
        loader: 'js',
      };
    });
  },
};

// dist/ is not wiped first: parallel test runs may be reading it; esbuild overwrites each entry.
const bundles = await build({
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
  metafile: true,
});

// Chunks of earlier builds would otherwise pile up (and be packed). One written in the last few
// minutes may still be loaded by a process started before this build, so those stay until next time.
{
  const current = new Set(Object.keys(bundles.metafile.outputs).map((f) => path.resolve(root, f)));
  const chunks = path.join(root, 'dist', 'chunks');
  for (const name of existsSync(chunks) ? readdirSync(chunks) : []) {
    const file = path.join(chunks, name);
    if (!current.has(file) && Date.now() - statSync(file).mtimeMs > 10 * 60_000)
      rmSync(file, { force: true });
  }
}

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
for (const file of readdirSync(`${root}plugin/runtime`))
  if (file.endsWith('.ts') && !file.endsWith('.spec.ts'))
    copyFileSync(`${root}plugin/runtime/${file}`, `${root}dist/runtime-source/${file}`);
// Each target's own runtime (plugin/targets/<name>/runtime/), written beside it for catalogs that target it.
for (const target of readdirSync(`${root}plugin/targets`, { withFileTypes: true })) {
  const from = `${root}plugin/targets/${target.name}/runtime`;
  if (!target.isDirectory() || !existsSync(from)) continue;
  mkdirSync(`${root}dist/target-runtime/${target.name}`, { recursive: true });
  for (const file of readdirSync(from))
    if (file.endsWith('.ts') && !file.endsWith('.spec.ts'))
      copyFileSync(`${from}/${file}`, `${root}dist/target-runtime/${target.name}/${file}`);
}

// `--bundles-only` (what `npm run generate` uses): the CLI runs without the .d.ts files, so skip them.
if (!process.argv.includes('--bundles-only'))
  execFileSync(
    process.execPath,
    [`${root}/node_modules/typescript/bin/tsc`, '-p', 'tsconfig.build.json'],
    {
      cwd: root,
      stdio: 'inherit',
    },
  );
