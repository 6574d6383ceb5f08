// Which Claude Agent SDKs the app installs (its own and any npm alias of another version), and
// whether each catalog's runtime-surface lock records the version the app runs.
import path from 'node:path';
import { SDK_PACKAGE } from '../load/sdk-location.js';
import { readSurfaceLock, SURFACE_LOCK_NAME } from '../load/surface-lock.js';
import { relativePosix } from '../text/spelling.js';
import { installedPackage, note, ok, problem, type Finding } from './finding.js';

export interface InstalledSdk {
  /** The name the app installs it under: the SDK's own, or an alias (`claude-agent-sdk-oldest`). */
  readonly as: string;
  readonly version: string;
}

/** The SDK under its own name, then every dependency of the app that is the SDK under an alias. */
export function installedSdks(dir: string, packageJson: Record<string, unknown>): InstalledSdk[] {
  const deps = Object.keys({
    ...(packageJson.dependencies as object | undefined),
    ...(packageJson.devDependencies as object | undefined),
    ...(packageJson.optionalDependencies as object | undefined),
  });
  const found: InstalledSdk[] = [];
  for (const as of [SDK_PACKAGE, ...deps.filter((d) => d !== SDK_PACKAGE)]) {
    const pkg = installedPackage(dir, as);
    if (pkg?.name === SDK_PACKAGE && pkg.version) found.push({ as, version: pkg.version });
  }
  return found;
}

export function sdkFinding(sdks: readonly InstalledSdk[], install: string): Finding {
  const own = sdks.find((s) => s.as === SDK_PACKAGE);
  if (!own)
    return problem(
      'sdk',
      `${SDK_PACKAGE} is not installed: the generated tools.ts and sdk-coverage.ts import its ` +
        `types, and verify runs its runtime`,
      install,
    );
  const others = sdks.filter((s) => s !== own).map((s) => `${s.as} (SDK ${s.version})`);
  return ok(
    'sdk',
    `${SDK_PACKAGE} ${own.version}${others.length > 0 ? `; also ${others.join(', ')}` : ''}`,
  );
}

interface LockTarget {
  readonly dir: string;
  readonly catalog: string;
  readonly outDir: string;
  /** `npx tool-catalog verify` in the app's words, with the flags that pick this catalog. */
  readonly verify: string;
}

/** Whether the lock records the SDK the app runs (pinned), and notes for other installed versions. */
export async function surfaceLockFindings(
  target: LockTarget,
  sdks: readonly InstalledSdk[],
): Promise<Finding[]> {
  const { catalog, verify } = target;
  const file = relativePosix(target.dir, path.join(target.outDir, SURFACE_LOCK_NAME));
  const fix = `${verify} --update`;
  const read = await readSurfaceLock(target.outDir, catalog);
  if (read.problem)
    return [problem('surface-lock', `catalog '${catalog}': ${read.problem.message}`, fix)];
  const own = sdks.find((s) => s.as === SDK_PACKAGE);
  const lock = read.lock;
  if (!lock)
    return [
      problem(
        'surface-lock',
        `catalog '${catalog}': ${file} does not exist, so nothing records what the runtime ` +
          `offers by itself; the session's tools and policy.md assume any supported SDK`,
        fix,
      ),
    ];
  const findings: Finding[] = [];
  if (!own)
    findings.push(ok('surface-lock', `catalog '${catalog}': ${file} pins SDK ${lock.pinned}`));
  else if (lock.pinned === own.version)
    findings.push(
      ok(
        'surface-lock',
        `catalog '${catalog}': ${file} pins SDK ${own.version}, the one installed`,
      ),
    );
  else
    findings.push(
      problem(
        'surface-lock',
        `catalog '${catalog}': ${file} pins SDK ${lock.pinned}, but the app runs ${own.version}` +
          `${lock.runtimes[own.version] ? '' : ', which it has no record of'}`,
        fix,
      ),
    );
  for (const other of sdks.filter((s) => s.as !== SDK_PACKAGE && !lock.runtimes[s.version]))
    findings.push(
      note(
        'surface-lock',
        `catalog '${catalog}': ${file} has no record of SDK ${other.version} (${other.as})`,
        `${verify} --sdk ${other.as} --update`,
      ),
    );
  return findings;
}
