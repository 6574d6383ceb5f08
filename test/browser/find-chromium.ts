// Finds a Chromium for the browser tests without apt or root: $CHROMIUM_PATH, Playwright's browser cache,
// a browser on PATH, then the pinned @sparticuz/chromium devDependency, extracted once per user and version.
import {
  accessSync,
  constants,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { homedir, tmpdir, userInfo } from 'node:os';
import path from 'node:path';

type ChromiumSource = 'CHROMIUM_PATH' | 'Playwright cache' | 'PATH' | '@sparticuz/chromium';

export interface FoundChromium {
  readonly executablePath: string;
  readonly source: ChromiumSource;
}

export interface FindChromiumOptions {
  readonly env?: NodeJS.ProcessEnv;
  /** Whether the last resort, the @sparticuz/chromium package, may be used (default true). */
  readonly bundled?: boolean;
}

const HOW_TO_PROVIDE_CHROMIUM = [
  'Provide one of:',
  '  - CHROMIUM_PATH=/path/to/chrome (any Chromium or Chrome executable)',
  "  - npx playwright-core install chromium-headless-shell (Playwright's browser cache)",
  '  - chromium, chromium-browser or google-chrome on PATH',
  '  - npm ci, which installs the devDependency @sparticuz/chromium (Linux x64 only)',
].join('\n');

/** A browser-set-up problem: the message says what to do, so the finder's own stack frames are left out. */
export class ChromiumSetupError extends Error {
  constructor(message: string) {
    super(`${message}\n${HOW_TO_PROVIDE_CHROMIUM}`);
    this.name = 'ChromiumSetupError';
    this.stack = `${this.name}: ${this.message}`;
  }
}

const require = createRequire(import.meta.url);
const SYSTEM_BROWSERS = ['chromium', 'chromium-browser', 'google-chrome', 'google-chrome-stable'];
// Where each Playwright download keeps its executable, on every platform and in the older `chrome-linux` layout.
const PLAYWRIGHT_LAYOUTS: Record<string, readonly string[]> = {
  chromium: [
    'chrome-linux64/chrome',
    'chrome-linux-arm64/chrome',
    'chrome-linux/chrome',
    'chrome-win64/chrome.exe',
    ...['x64', 'arm64'].map(
      (arch) =>
        `chrome-mac-${arch}/Google Chrome for Testing.app/Contents/MacOS/Google Chrome for Testing`,
    ),
  ],
  chromium_headless_shell: ['linux64', 'linux-arm64', 'mac-x64', 'mac-arm64']
    .map((p) => `chrome-headless-shell-${p}/chrome-headless-shell`)
    .concat('chrome-headless-shell-win64/chrome-headless-shell.exe', 'chrome-linux/headless_shell'),
};

function isExecutable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK); // a folder passes this check too
    return statSync(file).isFile();
  } catch {
    return false;
  }
}

const cacheHome = (env: NodeJS.ProcessEnv) =>
  env.XDG_CACHE_HOME || path.join(env.HOME || homedir(), '.cache');

/** Playwright's registry folder, by the rules playwright-core itself follows. */
function playwrightRegistry(env: NodeJS.ProcessEnv): string | undefined {
  const override = env.PLAYWRIGHT_BROWSERS_PATH;
  if (override === '0')
    return path.join(
      path.dirname(require.resolve('playwright-core/package.json')),
      '.local-browsers',
    );
  if (override) return path.resolve(override);
  if (process.platform === 'darwin')
    return path.join(env.HOME || homedir(), 'Library/Caches/ms-playwright');
  if (process.platform === 'win32')
    return path.join(env.LOCALAPPDATA || path.join(homedir(), 'AppData/Local'), 'ms-playwright');
  return path.join(cacheHome(env), 'ms-playwright');
}

/** The Chromium revision the installed playwright-core was built against: preferred, then the newest. */
function expectedRevision(): number | undefined {
  try {
    const file = path.join(
      path.dirname(require.resolve('playwright-core/package.json')),
      'browsers.json',
    );
    const { browsers } = JSON.parse(readFileSync(file, 'utf8')) as {
      browsers: { name: string; revision: string }[];
    };
    return Number(browsers.find((b) => b.name === 'chromium')?.revision);
  } catch {
    return undefined;
  }
}

function fromPlaywrightCache(env: NodeJS.ProcessEnv): string | undefined {
  const registry = playwrightRegistry(env);
  if (!registry || !existsSync(registry)) return undefined;
  const expected = expectedRevision();
  const found: { file: string; rank: number }[] = [];
  for (const entry of readdirSync(registry)) {
    const match = /^(chromium|chromium_headless_shell)-(\d+)$/.exec(entry);
    const layouts = match && PLAYWRIGHT_LAYOUTS[match[1]!];
    if (!match || !layouts) continue;
    const revision = Number(match[2]);
    for (const layout of layouts) {
      const file = path.join(registry, entry, layout);
      if (isExecutable(file))
        found.push({ file, rank: revision + (revision === expected ? 1e9 : 0) });
    }
  }
  return found.sort((a, b) => b.rank - a.rank)[0]?.file;
}

function fromPath(env: NodeJS.ProcessEnv): string | undefined {
  const dirs = (env.PATH ?? '').split(path.delimiter).filter(Boolean);
  for (const name of SYSTEM_BROWSERS) {
    for (const dir of dirs) {
      const file = path.join(dir, name);
      if (isExecutable(file)) return file;
    }
  }
  return undefined;
}

/** The installed @sparticuz/chromium's version, or undefined when it is not installed. */
function bundledVersion(): string | undefined {
  try {
    // Its "exports" hide package.json: resolve the entry point and read the package root above build/.
    const entry = require.resolve('@sparticuz/chromium');
    const root = entry.slice(0, entry.lastIndexOf(`${path.sep}build${path.sep}`));
    return (
      JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { version: string }
    ).version;
  } catch {
    return undefined;
  }
}

/**
 * @sparticuz/chromium extracts into os.tmpdir() under fixed names and then reuses `<tmpdir>/chromium`
 * whatever its version, so a shared /tmp breaks a second user (mode 0700) and a version upgrade.
 * Each user and version gets its own folder instead, filled in a staging folder and renamed into
 * place, so a concurrent or interrupted run never leaves a half-written browser behind.
 */
async function fromBundled(env: NodeJS.ProcessEnv): Promise<string | undefined> {
  if (process.platform !== 'linux' || process.arch !== 'x64') return undefined; // the package ships a Linux x64 build only
  const version = bundledVersion();
  if (!version) return undefined;
  let dir = path.join(cacheHome(env), 'sparticuz-chromium', version);
  try {
    mkdirSync(path.dirname(dir), { recursive: true });
    accessSync(path.dirname(dir), constants.W_OK);
  } catch {
    dir = path.join(tmpdir(), `sparticuz-chromium-${version}-${userInfo().uid}`);
  }
  const executable = path.join(dir, 'chromium');
  if (isExecutable(executable)) return executable;

  const staging = mkdtempSync(`${dir}.partial-`);
  const { default: sparticuz } = await import('@sparticuz/chromium');
  const previousTmpdir = process.env.TMPDIR;
  process.env.TMPDIR = staging; // os.tmpdir() reads TMPDIR on every call: the package extracts into staging
  try {
    await sparticuz.executablePath();
  } catch (error) {
    rmSync(staging, { recursive: true, force: true });
    throw new ChromiumSetupError(
      `@sparticuz/chromium ${version} could not be extracted into ${dir}: ${String(error)}`,
    );
  } finally {
    if (previousTmpdir === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = previousTmpdir;
  }
  try {
    renameSync(staging, dir);
  } catch {
    rmSync(staging, { recursive: true, force: true }); // another run placed it first
    if (!isExecutable(executable))
      throw new ChromiumSetupError(`${dir} exists but holds no Chromium: remove it and run again.`);
  }
  return executable;
}

/** The first Chromium of: $CHROMIUM_PATH, Playwright's cache, PATH, @sparticuz/chromium. */
export async function findChromium({
  env = process.env,
  bundled = true,
}: FindChromiumOptions = {}): Promise<FoundChromium> {
  const override = env.CHROMIUM_PATH;
  if (override) {
    if (!isExecutable(override))
      throw new ChromiumSetupError(`CHROMIUM_PATH=${override} is not an executable file.`);
    return { executablePath: override, source: 'CHROMIUM_PATH' };
  }
  const cached = fromPlaywrightCache(env);
  if (cached) return { executablePath: cached, source: 'Playwright cache' };
  const onPath = fromPath(env);
  if (onPath) return { executablePath: onPath, source: 'PATH' };
  const extracted = bundled ? await fromBundled(env) : undefined;
  if (extracted) return { executablePath: extracted, source: '@sparticuz/chromium' };
  throw new ChromiumSetupError('No Chromium found for the browser tests.');
}
