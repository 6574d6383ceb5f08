// The `targets` of one catalog in the config, resolved: the agent SDKs it compiles for, and for a
// target whose output depends on its SDK's major version (`ai-sdk`), that major — pinned in the
// config (`ai-sdk@6`) or read from the package installed where the config is.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { closest, distance } from 'fastest-levenshtein';
import { DIAGNOSTIC_CODES, type DiagnosticCode } from '../diagnostics/diagnostics.js';
import {
  DEFAULT_TARGETS,
  TARGET_NAMES,
  VERSIONED_TARGETS,
  type TargetName,
} from '../language/targets.js';

export interface ResolvedTarget {
  readonly name: TargetName;
  /** The SDK's major version the output is for (versioned targets only). */
  readonly major?: number;
  /** Where that major comes from: `pinned in the config`, or the installed package and its version. */
  readonly majorFrom?: string;
}

export interface TargetProblem {
  readonly code: DiagnosticCode;
  readonly message: string;
  /** The entry of `targets` at fault; undefined: the field itself. */
  readonly element?: number;
}

/** The version of `name` installed in a `node_modules` of `fromDir` or a folder above it. */
function installedVersion(fromDir: string, name: string): string | undefined {
  for (let dir = path.resolve(fromDir); ; dir = path.dirname(dir)) {
    try {
      const manifest = JSON.parse(
        readFileSync(path.join(dir, 'node_modules', name, 'package.json'), 'utf8'),
      ) as { version?: unknown };
      if (typeof manifest.version === 'string') return manifest.version;
    } catch {
      // Not installed here; look further up.
    }
    if (path.dirname(dir) === dir) return undefined;
  }
}

const SPEC = /^([a-z-]+)(?:@(\d+))?$/;

/** The major of a versioned target: pinned, or the installed package's; a problem when neither fits. */
function majorOf(
  name: TargetName,
  pinned: string | undefined,
  rootDir: string,
): Omit<ResolvedTarget, 'name'> | string {
  const versioned = VERSIONED_TARGETS[name];
  if (versioned === undefined) return {};
  const supported = versioned.majors.join(' and ');
  if (pinned !== undefined)
    return versioned.majors.includes(Number(pinned))
      ? { major: Number(pinned), majorFrom: 'pinned in the config' }
      : `'${name}@${pinned}': the ${name} target supports ${versioned.package} ${supported}; ` +
          `pin one of them ('${name}@${versioned.majors.at(-1)}'), or write '${name}' for the installed major.`;
  const version = installedVersion(rootDir, versioned.package);
  if (version === undefined)
    return (
      `The target '${name}' compiles for the installed major version of '${versioned.package}', ` +
      `which is not installed here; install it, or pin the major: '${name}@${versioned.majors.at(-1)}'.`
    );
  const major = Number(version.split('.')[0]);
  if (!versioned.majors.includes(major))
    return (
      `'${versioned.package}' ${version} is installed, but the ${name} target supports ` +
      `${versioned.package} ${supported}; install one of them, or pin the major ('${name}@${versioned.majors.at(-1)}').`
    );
  return { major, majorFrom: `${versioned.package} ${version} installed` };
}

/** The catalog's targets (the default when the config names none), and what is wrong with the field. */
export function resolveTargets(
  value: unknown,
  rootDir: string,
): { readonly targets: ResolvedTarget[]; readonly problems: TargetProblem[] } {
  if (value === undefined)
    return { targets: DEFAULT_TARGETS.map((name) => ({ name })), problems: [] };
  const invalid = DIAGNOSTIC_CODES.configInvalid;
  if (!Array.isArray(value) || value.length === 0)
    return {
      targets: [],
      problems: [
        {
          code: invalid,
          message:
            `'targets' must list the agent SDKs the catalog compiles for (${TARGET_NAMES.join(', ')}); ` +
            "leave it out to compile for 'claude-agent-sdk' alone.",
        },
      ],
    };
  const targets: ResolvedTarget[] = [];
  const problems: TargetProblem[] = [];
  value.forEach((entry: unknown, element) => {
    const match = typeof entry === 'string' ? SPEC.exec(entry) : null;
    const name = TARGET_NAMES.find((t) => t === match?.[1]);
    if (name === undefined) {
      const near = typeof entry === 'string' ? closest(entry, [...TARGET_NAMES]) : undefined;
      const hint =
        near !== undefined && distance(near, String(entry)) <= 3 ? ` Did you mean '${near}'?` : '';
      problems.push({
        code: invalid,
        element,
        message: `${JSON.stringify(entry)} is not a target; use one of: ${TARGET_NAMES.join(', ')}.${hint}`,
      });
      return;
    }
    if (targets.some((t) => t.name === name)) {
      problems.push({
        code: invalid,
        element,
        message: `'targets' names '${name}' twice; keep one.`,
      });
      return;
    }
    if (match![2] !== undefined && VERSIONED_TARGETS[name] === undefined) {
      problems.push({
        code: invalid,
        element,
        message: `'${entry}': the ${name} target takes no version; write '${name}'.`,
      });
      return;
    }
    const major = majorOf(name, match![2], rootDir);
    if (typeof major === 'string')
      problems.push({ code: DIAGNOSTIC_CODES.targetUnavailable, element, message: major });
    else targets.push({ name, ...major });
  });
  return { targets, problems };
}
