// `init` as a function. A first run writes the starter files; a run in an app whose config exists
// keeps every file and completes what is missing (the SDK's tools once the SDK is installed, the
// formatter ignores, the script), then both run `generate`.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { generateAndWrite, type GenerateAndWriteResult } from '../generate.js';
import { loadConfig } from '../load/load-config.js';
import { findFormatters } from '../load/find-formatters.js';
import { biomeIgnoreEdit, prettierIgnoreEdit, type IgnoreEdit } from '../load/formatter-config.js';
import { writeFileAtomic } from '../write/write-outputs.js';
import { writeAgentServer, type AgentServerOutcome } from './agent-server.js';
import { bindingSkeleton, isUntouchedSkeleton } from './binding-skeleton.js';
import { InitError, SDK_PACKAGE, type AppInfo } from './detect-app.js';
import { installCommand } from './package-manager.js';
import {
  conflictingTargets,
  planScaffold,
  relativeTo,
  type InitOptions,
  type ScaffoldPlan,
} from './scaffold.js';
import { completeSdkTools, type SdkOutcome } from './sdk-tools.js';
import { writeChatStarters, type ChatStarterOutcome } from './chat-starters.js';
import { targetsClaude } from './init-targets.js';
import type { TargetName } from '../language/targets.js';

/** The targets of the catalog init worked on, and why each. */
interface InitTargets {
  readonly names: readonly TargetName[];
  /** Why each is there: detected from package.json, chosen by --target, or the config's (second run). */
  readonly reasons: Readonly<Partial<Record<TargetName, string>>>;
  /** SDKs package.json names that the catalog does not compile for, each with why and what to do. */
  readonly skipped: readonly string[];
}

export interface InitResult {
  readonly plan: ScaffoldPlan;
  /** The config existed: nothing was overwritten, only what was missing was added. */
  readonly rerun: boolean;
  /** The output folder and binding file of the catalog init worked on (the config's, on a second run). */
  readonly outDir: string;
  readonly bindingFile?: string;
  /** Files created, including what `generate` wrote (absolute, sorted). */
  readonly created: readonly string[];
  /**
   * Files of the app init changed in place (the `sdkTyped: false` it had written, a binding file
   * still its skeleton; package.json excluded).
   */
  readonly edited: readonly string[];
  /** `added`, `kept` (already the same) or `conflict` (a different `generate` script exists, left alone). */
  readonly script: 'added' | 'kept' | 'conflict';
  readonly targets: InitTargets;
  /** The Claude Agent SDK and what init did about it; undefined when the catalog does not compile for it. */
  readonly sdk: SdkOutcome | undefined;
  /**
   * Ignore entries written for Prettier (.prettierignore) and Biome (its config), so they leave the
   * output folder alone.
   */
  readonly formatterIgnores: readonly IgnoreEdit[];
  /** Ignore entries init could not write safely: the user adds them (one sentence each). */
  readonly formatterSteps: readonly string[];
  readonly generated: GenerateAndWriteResult;
  /** The agent-server module: written, kept (it existed), or not written and why. */
  readonly agentServer: AgentServerOutcome;
  /** The chat starter of each other target the catalog compiles for. */
  readonly chats: readonly ChatStarterOutcome[];
}

async function addGenerateScript(app: AppInfo, script: string): Promise<InitResult['script']> {
  const scripts = { ...(app.packageJson.scripts as Record<string, string> | undefined) };
  if (scripts.generate === script) return 'kept';
  if (scripts.generate !== undefined) return 'conflict';
  scripts.generate = script;
  const updated = { ...app.packageJson, scripts };
  await writeFileAtomic(app.packageJsonFile, `${JSON.stringify(updated, null, app.indent)}\n`);
  return 'added';
}

/**
 * Prettier and Biome must leave the output folder alone, or `generate --check` fails after the next
 * format. `.prettierignore` gets init's marked lines (created or appended); an existing Biome config
 * gets the folder in `files.includes` (`files.ignore` for Biome 1); no Biome config is created.
 */
async function ignoreOutputInFormatters(
  dir: string,
  outDir: string,
): Promise<{ written: IgnoreEdit[]; steps: string[] }> {
  const setup = findFormatters(dir);
  const written: IgnoreEdit[] = [];
  const steps: string[] = [];
  const prettier = prettierIgnoreEdit(setup, [outDir]);
  if (prettier) {
    await writeFileAtomic(prettier.file, prettier.content);
    written.push(prettier);
  }
  const biome = biomeIgnoreEdit(setup, [outDir]);
  if (biome && 'manual' in biome)
    steps.push(`Keep Biome away from the generated files: ${biome.manual}.`);
  else if (biome) {
    await writeFileAtomic(biome.file, biome.content);
    written.push(biome);
  }
  return { written, steps };
}

/** The catalog a second run completes: the one `--catalog` names, or the config's only one. */
async function configuredCatalog(plan: ScaffoldPlan, name: string | undefined) {
  const rel = relativeTo(plan.app.dir);
  const loaded = await loadConfig({ cwd: plan.app.dir, file: plan.configFile });
  if (loaded.diagnostics.some((d) => d.severity === 'error'))
    throw new InitError(
      `${rel(plan.configFile)} has errors (` +
        `${loaded.diagnostics.map((d) => d.message).join(' ')}); fix them and run init again.`,
    );
  const catalog = name ? loaded.catalogs.find((c) => c.name === name) : loaded.catalogs[0];
  if (!catalog || (!name && loaded.catalogs.length > 1))
    throw new InitError(
      `${rel(plan.configFile)} has ` +
        `${name ? `no catalog named '${name}'` : `${loaded.catalogs.length} catalogs`}` +
        `; name the one to complete with --catalog <` +
        `${loaded.catalogs.map((c) => c.name).join('|')}>.`,
    );
  return catalog;
}

export async function runInit(dir: string, options: InitOptions = {}): Promise<InitResult> {
  let plan = planScaffold(dir, options);
  const rerun = existsSync(plan.configFile);
  const rel = relativeTo(dir);
  const created: string[] = [];
  let outDir = plan.outDir;
  let bindingFile = plan.bindingFile;
  let targets: InitTargets = plan.targets;
  if (rerun) {
    const configured = await configuredCatalog(plan, options.name);
    const names = configured.targets?.map((t) => t.name) ?? ['claude-agent-sdk' as const];
    targets = {
      names,
      reasons: Object.fromEntries(names.map((n) => [n, `in ${rel(plan.configFile)}`])),
      // The config is the user's: what it lacks is a step for them, never an edit.
      skipped: plan.targets.asked
        .filter((n) => !names.includes(n))
        .map(
          (n) =>
            `${plan.targets.reasons[n]}, but the catalog in ${rel(plan.configFile)} does not compile for it: ` +
            `add '${n}' to its \`targets\`, and run \`${plan.commands.init}\` again to have its starter written.`,
        ),
    };
    // The starter's names (its vocabulary's variable) follow the catalog the config has.
    plan = planScaffold(dir, { ...options, name: configured.name });
    outDir = configured.outDir;
    bindingFile = configured.bindings
      ? path.resolve(configured.rootDir, configured.bindings.file)
      : undefined;
  } else {
    const conflicts = conflictingTargets(plan);
    if (conflicts.length > 0)
      throw new InitError(
        `init never overwrites, and these files exist while ` +
          `${rel(plan.configFile)} does not: ${conflicts.map(rel).join(', ')}. ` +
          `Move them away, or write the config for them by hand.`,
      );
    for (const [file, content] of plan.files) {
      await writeFileAtomic(file, content);
      created.push(file);
    }
  }
  const ref = { dir, configFile: plan.configFile, catalog: plan.name };
  const claude = targetsClaude(targets.names);
  const sdk = claude ? plan.app.sdk : undefined;
  // A binding file nobody edited yet follows the catalog when the SDK's tools are added below.
  const untouchedBindings =
    rerun && sdk !== undefined && (await isUntouchedSkeleton(ref, bindingFile));
  const formatters = await ignoreOutputInFormatters(dir, outDir);
  const script = await addGenerateScript(plan.app, plan.script);
  const completed = sdk
    ? await completeSdkTools({
        dir,
        configFile: plan.configFile,
        catalog: plan.name,
        sdk,
        toolsFile: plan.toolsFile,
        sdkToolsFile: plan.sdkToolsFile,
        renderSdkTools: plan.renderSdkTools,
        renderStarter: rerun ? undefined : plan.renderTools,
      })
    : {
        outcome: claude
          ? {
              installed: false as const,
              // A browser app only reads the SDK's types: a devDependency keeps its runtime out of production.
              install: installCommand(plan.app.packageManager, SDK_PACKAGE, plan.app.browserOnly),
            }
          : undefined,
        written: [] as string[],
      };
  if (untouchedBindings && bindingFile && completed.written.length > 0) {
    const skeleton = await bindingSkeleton(ref, bindingFile);
    if (skeleton !== undefined) {
      await writeFileAtomic(bindingFile, skeleton);
      completed.written.push(bindingFile);
    }
  }
  const generated = await generateAndWrite({ cwd: dir, config: plan.configFile });
  // Written from the model generate just built, so they use the catalog's names as they are now.
  const model = generated.catalogs.find((c) => c.config.name === plan.name)?.model;
  const install = (pkg: string) => installCommand(plan.app.packageManager, pkg, false);
  const agentServer = await writeAgentServer(
    { app: plan.app, file: plan.agentServerFile, model, init: plan.commands.init, install },
    writeFileAtomic,
  );
  if (agentServer.action === 'written') created.push(agentServer.file);
  const chats = await writeChatStarters(
    { app: plan.app, files: plan.chatFiles, model, init: plan.commands.init, install },
    writeFileAtomic,
  );
  created.push(...chats.filter((c) => c.action === 'written').map((c) => c.file));
  const edited = completed.written.filter((f) => !created.includes(f) && f !== plan.sdkToolsFile);
  created.push(...completed.written.filter((f) => f === plan.sdkToolsFile));
  created.push(...formatters.written.filter((e) => e.action === 'created').map((e) => e.file));
  // On a first run everything generate writes is new; on a second run the summary line says how many it rewrote.
  if (!rerun) created.push(...(generated.report?.changed ?? []));
  return {
    plan,
    rerun,
    outDir,
    bindingFile,
    created: [...new Set(created)].sort(),
    edited,
    script,
    targets,
    sdk: completed.outcome,
    formatterIgnores: formatters.written,
    formatterSteps: formatters.steps,
    generated,
    agentServer,
    chats,
  };
}
