// Makes the app's catalog agree with the installed Claude Agent SDK as `drift` sees it: starter tools
// this SDK does not type are left out (first run only), every other tool it types is declared,
// disabled, in its own file, and the `sdkTyped: false` init wrote while the SDK was missing goes.
import { existsSync, readFileSync } from 'node:fs';
import { runDrift } from '../drift/run-drift.js';
import { writeFileAtomic } from '../write/write-outputs.js';
import type { InstalledSdk } from './detect-app.js';

/** The SDK tools of the starter catalog (the template declares each). */
export const STARTER_SDK_TOOLS = [
  'Read',
  'Bash',
  'EnterWorktree',
  'ExitWorktree',
  'NotebookEdit',
] as const;

/** What init found out about the Claude Agent SDK and did about it. */
export type SdkOutcome =
  | {
      readonly installed: true;
      readonly name: string;
      readonly version: string;
      /** Tool keys declared (disabled) in the SDK tools file. */
      readonly declared: readonly string[];
      /** Starter tools left out because this SDK version does not type them. */
      readonly omitted: readonly string[];
      /** Tools whose `sdkTyped: false` init removed, now that the SDK types them. */
      readonly unmarked: readonly string[];
      /** Differences `drift` still reports after init (the user's to resolve; `drift` names each). */
      readonly left: number;
      /** Why the SDK's tools could not be compared (its types did not parse); `drift` will say more. */
      readonly problem?: string;
    }
  | {
      readonly installed: false;
      /** The command that installs it, for the app's package manager. */
      readonly install: string;
    };

export interface SdkToolsTarget {
  readonly dir: string;
  readonly configFile: string;
  readonly catalog: string;
  readonly sdk: InstalledSdk;
  /** The starter's tools file, and the file that declares the SDK's other tools. */
  readonly toolsFile: string;
  readonly sdkToolsFile: string;
  readonly renderSdkTools: (declarations: readonly string[]) => string;
  /** First run only: renders the starter's tools file with just these SDK tools. */
  readonly renderStarter?: (sdkTools: readonly string[]) => string;
}

/**
 * The exact text init's template writes for a tool declared without the SDK: `Read: {\n kind:
 * 'sdk', sdkTyped: false,`.
 */
const markerOf = (key: string) =>
  new RegExp(`(\\n {2}${key}: \\{\\n {4}kind: 'sdk',) sdkTyped: false,`);
/** The template's note about those markers, removed with the last of them. */
const MARKER_NOTE = /^\/\/ The SDK tools below say `sdkTyped: false`[^\n]*\n\/\/ yet;[^\n]*\n/m;

async function differences(target: SdkToolsTarget) {
  const drift = await runDrift({
    cwd: target.dir,
    config: target.configFile,
    catalog: target.catalog,
  });
  return {
    report: drift.catalogs[0],
    problem: drift.error ?? drift.diagnostics.map((d) => d.message).join(' '),
  };
}

export async function completeSdkTools(
  target: SdkToolsTarget,
): Promise<{ outcome: SdkOutcome; written: string[] }> {
  const { sdk } = target;
  const base = { installed: true as const, name: sdk.name, version: sdk.version };
  const { report, problem } = await differences(target);
  if (!report)
    return {
      outcome: { ...base, declared: [], omitted: [], unmarked: [], left: 0, problem },
      written: [],
    };
  const written: string[] = [];

  const starter = STARTER_SDK_TOOLS as readonly string[];
  const omitted = target.renderStarter
    ? report.gone.map((g) => g.key).filter((k) => starter.includes(k))
    : [];
  let tools = existsSync(target.toolsFile) ? readFileSync(target.toolsFile, 'utf8') : undefined;
  const before = tools;
  if (target.renderStarter && omitted.length > 0)
    tools = target.renderStarter(starter.filter((t) => !omitted.includes(t)));
  const unmarked: string[] = [];
  for (const key of report.missing.flatMap((m) => (m.untypedKey ? [m.untypedKey] : []))) {
    const next = tools?.replace(markerOf(key), '$1');
    if (next === undefined || next === tools) continue; // not init's text any more: `drift` says what to change
    tools = next;
    unmarked.push(key);
  }
  if (tools !== undefined && unmarked.length > 0 && !/kind: 'sdk', sdkTyped: false,/.test(tools))
    tools = tools.replace(MARKER_NOTE, '');
  if (tools !== undefined && tools !== before) {
    await writeFileAtomic(target.toolsFile, tools);
    written.push(target.toolsFile);
  }

  const declarations = report.missing.flatMap((m) =>
    m.declaration ? [{ key: m.name, line: m.declaration }] : [],
  );
  // An SDK tools file the user has is theirs: `drift` lists what it lacks, with declarations to paste.
  const declare = declarations.length > 0 && !existsSync(target.sdkToolsFile);
  if (declare) {
    await writeFileAtomic(
      target.sdkToolsFile,
      target.renderSdkTools(declarations.map((d) => d.line)),
    );
    written.push(target.sdkToolsFile);
  }
  const after = written.length > 0 ? (await differences(target)).report : report;
  const left = after ? after.missing.length + after.gone.length + after.renamed.length : 0;
  return {
    outcome: {
      ...base,
      declared: declare ? declarations.map((d) => d.key) : [],
      omitted,
      unmarked,
      left,
    },
    written,
  };
}
