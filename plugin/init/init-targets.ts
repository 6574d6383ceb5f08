// The agent SDKs the catalog init writes compiles for: `--target` when given, else the Claude Agent
// SDK (the starter's agent server and built-in tools are for it) plus each other SDK the app's
// package.json names and that is installed where the app resolves packages.
import { resolveTargets } from '../load/targets-config.js';
import { VERSIONED_TARGETS, type TargetName } from '../language/targets.js';
import { InitError, type AppInfo } from './detect-app.js';

/** The package an app names in package.json when it uses a target's SDK. */
const TARGET_PACKAGES: Readonly<Record<Exclude<TargetName, 'claude-agent-sdk'>, string>> = {
  'ai-sdk': VERSIONED_TARGETS['ai-sdk']?.package ?? 'ai',
  'openai-agents': '@openai/agents',
};

const DEFAULT_REASON = 'the default';

export interface TargetChoice {
  /** The targets as the config writes them (`ai-sdk`, or `ai-sdk@6` as `--target` spelt it). */
  readonly specs: readonly string[];
  /** The target names, in that order. */
  readonly names: readonly TargetName[];
  /** Why each target is there, by name: `chosen by --target`, `ai in package.json (7.0.173 installed)`. */
  readonly reasons: Readonly<Partial<Record<TargetName, string>>>;
  /** SDKs package.json names that init could not compile for, each with why and what to do. */
  readonly skipped: readonly string[];
  /** The targets package.json or `--target` asked for (not the Claude Agent SDK as the default). */
  readonly asked: readonly TargetName[];
}

/** `--target a --target b,c` → `['a', 'b', 'c']`. */
export function targetFlags(values: readonly string[]): string[] {
  return values
    .flatMap((v) => v.split(','))
    .map((v) => v.trim())
    .filter(Boolean);
}

/** Which dependency list of package.json names `pkg`, if one does. */
function declaredIn(app: AppInfo, pkg: string): string | undefined {
  for (const field of ['dependencies', 'devDependencies', 'peerDependencies'] as const) {
    const deps = app.packageJson[field];
    if (deps && typeof deps === 'object' && pkg in deps) return field;
  }
  return undefined;
}

export function chooseTargets(
  app: AppInfo,
  requested: readonly string[] | undefined,
): TargetChoice {
  if (requested !== undefined && requested.length > 0) {
    const { targets, problems } = resolveTargets([...requested], app.dir);
    if (problems.length > 0)
      throw new InitError(`--target: ${problems.map((p) => p.message).join(' ')}`);
    const names = targets.map((t) => t.name);
    return {
      specs: requested,
      names,
      reasons: Object.fromEntries(names.map((n) => [n, 'chosen by --target'])),
      skipped: [],
      asked: names,
    };
  }
  const names: TargetName[] = ['claude-agent-sdk'];
  const reasons: Partial<Record<TargetName, string>> = {
    'claude-agent-sdk': declaredIn(app, '@anthropic-ai/claude-agent-sdk')
      ? 'detected from package.json: @anthropic-ai/claude-agent-sdk'
      : DEFAULT_REASON,
  };
  const skipped: string[] = [];
  for (const [name, pkg] of Object.entries(TARGET_PACKAGES) as [TargetName, string][]) {
    const field = declaredIn(app, pkg);
    if (field === undefined) continue;
    // The config's `targets` reads the installed package (the AI SDK's major): one it would refuse is not written.
    const { targets, problems } = resolveTargets([name], app.dir);
    if (problems.length > 0) {
      skipped.push(
        `${pkg} is in package.json (${field}), but init did not add the target '${name}': ` +
          `${problems.map((p) => p.message).join(' ')}`,
      );
      continue;
    }
    names.push(name);
    const installed = targets[0]?.majorFrom;
    reasons[name] =
      `detected from package.json: ${pkg} in ${field}${installed ? `, ${installed}` : ''}`;
  }
  const asked = names.filter((n) => reasons[n] !== DEFAULT_REASON);
  return { specs: names, names, reasons, skipped, asked };
}

/** Whether the catalog compiles for the Claude Agent SDK (its session options, coverage and drift). */
export const targetsClaude = (names: readonly TargetName[]) => names.includes('claude-agent-sdk');
