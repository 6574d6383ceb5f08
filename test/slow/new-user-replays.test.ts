// The two first hours of a new user, replayed from the packed tarball with the real tools from the
// registry: a fresh `npm create vite` React + TypeScript app on pnpm 12, and a Node ESM agent server
// on nodenext with TypeScript 5.9 and npm. Each runs `init` before installing the package (as the
// README says, through the package's own name), installs it (pnpm with no build script to decide, npm
// with no install script to warn about) and the SDK, runs `init` again, builds and type-checks (the
// server, the agent-server module init wrote), and `verify` passes against the real Claude Code
// runtime; the server's starter tool runs unasked (`verify --emit`), `doctor` finds nothing wrong
// once the steps init printed are done, and the server runs the nightly check against the newest
// SDK on the registry (`upgrade --to latest --check`).
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeTempDirs, tempDir } from '../support/files';
import { REPO } from '../support/paths';
import { npmEnv, packedTarball, runCommand, type CommandRun } from '../support/packed';

afterAll(removeTempDirs);

/** The newest SDK the repository pins (its devDependency; the oldest supported one is `claude-agent-sdk-oldest`). */
const SDK_VERSION = (
  JSON.parse(readFileSync(path.join(REPO, 'package.json'), 'utf8')) as {
    devDependencies: Record<string, string>;
  }
).devDependencies['@anthropic-ai/claude-agent-sdk']!;
const SDK = `@anthropic-ai/claude-agent-sdk@${SDK_VERSION}`;
const UPGRADE_CACHE = path.join(REPO, 'node_modules/.cache/agent-tool-catalog-tests');
const CREATE_VITE = 'create-vite@9.3.0';
const PNPM = 'pnpm@12';

let tarball: string;
beforeAll(async () => {
  tarball = await packedTarball();
});

const env = () => ({ ...npmEnv(), NO_COLOR: '1', FORCE_COLOR: '0', CI: 'true' });

/** Runs a command as the user types it; fails with its output when it does not exit 0. */
async function step(cwd: string, command: string, ...args: string[]): Promise<CommandRun> {
  const result = await runCommand(command, args, { cwd, env: env() });
  if (result.code !== 0)
    throw new Error(
      `\`${[command, ...args].join(' ')}\` exited ${result.code} in ${cwd}:\n${result.stdout}\n${result.stderr}`,
    );
  return result;
}

const pnpm = (cwd: string, ...args: string[]) => step(cwd, 'npx', '-y', PNPM, ...args);
const read = (dir: string, file: string) => readFileSync(path.join(dir, file), 'utf8');

// The two replays share nothing (each its own folder, package manager and app): they run side by side.
describe.concurrent('a new user', () => {
  it('sets up a fresh Vite + React + TypeScript app with pnpm 12, through verify', async () => {
    const parent = await tempDir('replay-vite');
    await step(
      parent,
      'npm',
      'exec',
      '--yes',
      `--package=${CREATE_VITE}`,
      '--',
      'create-vite',
      'web',
      '--template',
      'react-ts',
      '--no-interactive',
    );
    const app = path.join(parent, 'web');
    await pnpm(app, 'install');

    // Before the package is installed: `pnpm dlx agent-tool-catalog init` (here, from the tarball).
    const init = await pnpm(app, `--package=${tarball}`, 'dlx', 'agent-tool-catalog', 'init');
    expect(init.stdout).toContain('1. pnpm add -D agent-tool-catalog');
    expect(init.stdout).toContain('install it with: pnpm add -D @anthropic-ai/claude-agent-sdk');
    // pnpm 12 stops an install while a build script is undecided (ERR_PNPM_IGNORED_BUILDS, exit 1, after
    // editing package.json and the lock file); no package of ours has one, so nobody writes a decision.
    expect(existsSync(path.join(app, 'pnpm-workspace.yaml'))).toBe(false);
    const added = await pnpm(app, 'add', '-D', tarball);
    expect(added.stdout + added.stderr).not.toMatch(/IGNORED_BUILDS|ignored build scripts/i);
    expect(existsSync(path.join(app, 'pnpm-workspace.yaml'))).toBe(false);
    await pnpm(app, 'add', '-D', SDK);
    const again = await pnpm(app, 'exec', 'tool-catalog', 'init');
    expect(again.stdout).toContain('init kept every file and completed what was missing');
    expect(again.stdout).toContain('Rewrote src/tool-bindings.ts');

    // The Vite snippet, taken literally as printed: one import, and the app's plugins with ours added.
    const snippet = again.stdout.split('\n').map((l) => l.trim());
    const importLine = snippet.find((l) => l.startsWith('import toolCatalog'))!;
    const pluginsLine = snippet.find((l) => l.startsWith('plugins: ['))!;
    expect(pluginsLine).toBe('plugins: [react(), toolCatalog()],');
    const viteConfig = read(app, 'vite.config.ts');
    writeFileSync(
      path.join(app, 'vite.config.ts'),
      `${importLine}\n${viteConfig.replace(/plugins: \[[^\]]*\],/, pluginsLine)}`,
    );

    await pnpm(app, 'generate');
    const build = await pnpm(app, 'build'); // tsc -b && vite build, with the plugin generating at build start
    expect(build.stdout + build.stderr).not.toMatch(/error TS/);
    await pnpm(app, 'install'); // and pnpm keeps finishing installs
    const verify = await pnpm(app, 'exec', 'tool-catalog', 'verify');
    expect(verify.stdout).toContain(`(SDK ${SDK_VERSION})`);
    expect(verify.stdout).toMatch(
      /verify: what the model is offered equals the policy in all \d+ contexts/,
    );
  });

  it('sets up a Node ESM agent server on nodenext with TypeScript 5.9 and npm, through verify', async () => {
    const app = await tempDir('replay-server');
    const manifest = {
      name: 'agent-server',
      private: true,
      type: 'module',
      scripts: { build: 'tsc', start: 'node dist/main.js' },
    };
    writeFileSync(path.join(app, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
    writeFileSync(
      path.join(app, 'tsconfig.json'),
      `${JSON.stringify({ compilerOptions: { target: 'ES2022', module: 'nodenext', rootDir: 'src', outDir: 'dist', strict: true, skipLibCheck: true }, include: ['src'] }, null, 2)}\n`,
    );
    mkdirSync(path.join(app, 'src'));
    writeFileSync(path.join(app, 'src/main.ts'), "console.log('agent server');\n");
    await step(
      app,
      'npm',
      'install',
      '-D',
      '--prefer-offline',
      'typescript@5.9.3',
      '@types/node@20',
    );

    // Before the package is installed: `npx agent-tool-catalog init` (here, from the tarball).
    const init = await step(app, 'npx', '--yes', `file:${tarball}`, 'init');
    expect(init.stdout).toContain('1. npm install -D agent-tool-catalog');
    // A server runs the SDK: a production dependency.
    expect(init.stdout).toContain('install it with: npm install @anthropic-ai/claude-agent-sdk\n');
    expect(read(app, 'tool-catalog.config.ts')).toContain("outDir: 'src/generated/agent'");
    expect(init.stdout).toContain('No binding file');

    // npm 11 warns about each install script `allowScripts` does not cover (`npm warn install-scripts
    // 1 package has install scripts not yet covered by allowScripts:`, then one line per package).
    const added = await step(app, 'npm', 'install', '-D', '--prefer-offline', tarball);
    expect(added.stderr).not.toMatch(/install-scripts|allowScripts/);
    await step(app, 'npm', 'install', '--prefer-offline', SDK);
    const again = await step(app, 'npx', 'tool-catalog', 'init');
    expect(again.stdout).toContain('the catalog declares every tool it types');
    // The agent server the README shows, in this app's names; `npm run build` below compiles it.
    expect(again.stdout).toContain('  src/agent-server.ts\n');
    expect(read(app, 'src/agent-server.ts')).toContain("from './generated/agent/index.js';");

    writeFileSync(
      path.join(app, 'src/main.ts'),
      [
        "import { resolveAgentToolPolicy } from './generated/agent/policy.js';",
        '',
        'const policy = resolveAgentToolPolicy({ disabledTools: [] }, { workspaceHasGit: false });',
        'console.log(JSON.stringify(policy.disallowedTools));',
        '',
      ].join('\n'),
    );
    await step(app, 'npm', 'run', 'generate');
    await step(app, 'npx', 'tool-catalog', 'generate', '--check');
    await step(app, 'npm', 'run', 'build'); // TypeScript 5.9, nodenext, rootDir src
    const started = await step(app, 'npm', 'start', '--silent');
    expect(JSON.parse(started.stdout)).toEqual(
      expect.arrayContaining(['EnterWorktree', 'ExitWorktree']),
    );
    const verify = await step(app, 'npx', 'tool-catalog', 'verify');
    expect(verify.stdout).toContain(`(SDK ${SDK_VERSION})`);
    expect(verify.stdout).toMatch(
      /verify: what the model is offered equals the policy in all \d+ contexts/,
    );
    // The starter's own tool runs in a server with no permission callback.
    const emit = await step(
      app,
      'npx',
      'tool-catalog',
      'verify',
      '--emit',
      'mcp__agent-tools__notes',
    );
    expect(emit.stdout).toContain('emit mcp__agent-tools__notes: ran — ');
    expect(emit.stdout).toContain('(its handler ran)');
    // The last steps init printed, then doctor finds nothing wrong.
    await step(app, 'npx', 'tool-catalog', 'verify', '--update');
    const doctor = await step(app, 'npx', 'tool-catalog', 'doctor');
    expect(doctor.stdout).toMatch(/\ndoctor: nothing wrong \(\d+ checks\)\.\n$/);

    // The nightly check docs/upgrading.md shows: today's newest SDK on the registry, named exactly.
    const latest = (
      await step(app, 'npm', 'view', '@anthropic-ai/claude-agent-sdk', 'dist-tags.latest')
    ).stdout.trim();
    const check = await runCommand(
      'npx',
      ['tool-catalog', 'upgrade', '--to', 'latest', '--check'],
      // The SDK versions it fetches go where the other upgrade tests keep theirs, not into the home folder.
      { cwd: app, env: { ...env(), AGENT_TOOL_CATALOG_CACHE: UPGRADE_CACHE } },
    );
    expect([0, 1], `${check.stdout}\n${check.stderr}`).toContain(check.code);
    expect(check.stderr).toContain(
      `upgrade: latest is @anthropic-ai/claude-agent-sdk ${latest} on the registry.`,
    );
    const last = check.stdout.trimEnd().split('\n').at(-1);
    expect(last).toEqual(
      check.code === 0
        ? `check: SDK ${latest} (latest) changes nothing for catalog 'agent'.`
        : expect.stringMatching(
            new RegExp(`^check: SDK ${latest.replaceAll('.', '\\.')} \\(latest\\) would change `),
          ),
    );
  });
});
