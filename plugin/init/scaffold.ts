// `tool-catalog init`: plans the starter files (config, vocabulary, tools), refuses to overwrite
// anything, writes them, keeps Prettier and Biome away from the output folder, declares every other
// tool the installed SDK types (so `drift` passes), adds a `generate` script, and runs `generate`.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { runDrift } from '../drift/run-drift.js';
import { generateAndWrite, type GenerateResult } from '../generate.js';
import { importStyle } from '../load/import-style.js';
import { CONFIG_FILE_NAMES } from '../load/load-config.js';
import { loadTemplates, type TemplateName } from '../render/templates.js';
import type { TemplateViews } from '../render/template-views.js';
import { lineCommentText, tsKey, tsString } from '../text/escape.js';
import { biomeIgnoreEdit, findFormatters, prettierIgnoreEdit, type IgnoreEdit } from '../load/formatter-config.js';
import { writeFileAtomic } from '../write/write-outputs.js';
import { detectApp, InitError, installCommand, SDK_PACKAGE, type AppInfo } from './detect-app.js';
import { lowerFirst, pascalCase, toPosix } from '../text/spelling.js';

const GENERATE_SCRIPT = 'tool-catalog generate';

/** The SDK tools of the starter catalog (the template declares each). */
const STARTER_SDK_TOOLS = ['Read', 'Bash', 'EnterWorktree', 'ExitWorktree', 'NotebookEdit'] as const;

export interface InitOptions {
  /** The catalog's name: `agent` gives `generated/agent/` and `AGENT_TOOL_REGISTRY`. */
  readonly name?: string;
}

interface ScaffoldPlan {
  readonly app: AppInfo;
  readonly name: string;
  /** Absolute path → content of the files init writes itself. */
  readonly files: ReadonlyMap<string, string>;
  readonly configFile: string;
  readonly bindingFile: string;
  readonly outDir: string;
  /** The starter's tools file, and the file that declares the SDK's other tools when the SDK is installed. */
  readonly toolsFile: string;
  readonly sdkToolsFile: string;
  /** Renders the tools file with only these starter SDK tools (the ones the installed SDK types). */
  readonly renderTools: (sdkTools: readonly string[]) => string;
  /** Renders the file that declares the SDK's other tools. */
  readonly renderSdkTools: (declarations: readonly string[]) => string;
}

/** What init found out about the Claude Agent SDK and did about it. */
type SdkOutcome =
  | {
      readonly installed: true;
      readonly name: string;
      readonly version: string;
      /** Tool keys declared (disabled) in the SDK tools file. */
      readonly declared: readonly string[];
      /** Starter tools left out because this SDK version does not type them. */
      readonly omitted: readonly string[];
      /** Why the SDK's tools could not be compared (its types did not parse); `drift` will say more. */
      readonly problem?: string;
    }
  | {
      readonly installed: false;
      /** The command that installs it, for the app's package manager. */
      readonly install: string;
    };

export interface InitResult {
  readonly plan: ScaffoldPlan;
  /** Files created, including what `generate` wrote (absolute, sorted). */
  readonly created: readonly string[];
  /** `added`, `kept` (already the same) or `conflict` (a different `generate` script exists, left alone). */
  readonly script: 'added' | 'kept' | 'conflict';
  readonly sdk: SdkOutcome;
  /** Ignore entries written for Prettier (.prettierignore) and Biome (its config), so they leave the output folder alone. */
  readonly formatterIgnores: readonly IgnoreEdit[];
  /** Ignore entries init could not write safely: the user adds them (one sentence each). */
  readonly formatterSteps: readonly string[];
  readonly generated: GenerateResult;
}

function planScaffold(dir: string, options: InitOptions = {}): ScaffoldPlan {
  const app = detectApp(dir);
  const name = options.name ?? 'agent';
  if (!/^[a-z][a-z0-9-]*$/i.test(name))
    throw new InitError(
      `'${name}' cannot name a catalog; use letters, digits and dashes, starting with a letter (e.g. 'agent').`,
    );
  const prefix = pascalCase(name);
  const variable = lowerFirst(prefix);
  const base = app.hasSrc ? 'src/' : '';
  const outDir = `${base}generated/${name}`;
  const bindingFile = `${base}tool-bindings.ts`;
  const vocabularyFile = `${name}.catalog`;
  // The catalog files import each other as the app's tsconfig wants it (`./agent.catalog.js` under node16/nodenext).
  const vocabularyModule = tsString(
    `./${vocabularyFile}${importStyle(path.join(dir, 'catalog'), undefined, dir).extension}`,
  );
  const templates = loadTemplates();
  const render = <Name extends TemplateName>(template: Name, view: TemplateViews[Name]) =>
    templates.get(template)(view);
  const configFile = path.join(dir, CONFIG_FILE_NAMES[0]!);
  const server = tsString(`${name}-tools`);
  const catalogName = lineCommentText(`'${name}'`);
  // Without the SDK its tools are declared untyped, so nothing generated needs the SDK's types yet.
  const untyped = app.sdk ? '' : ' sdkTyped: false,';
  const renderTools = (sdkTools: readonly string[]) =>
    render('init-tools.catalog.ts', {
      name: catalogName,
      variable,
      vocabularyModule,
      server,
      untyped,
      has: {
        Read: sdkTools.includes('Read'),
        Bash: sdkTools.includes('Bash'),
        EnterWorktree: sdkTools.includes('EnterWorktree'),
        ExitWorktree: sdkTools.includes('ExitWorktree'),
        NotebookEdit: sdkTools.includes('NotebookEdit'),
      },
    });
  const renderSdkTools = (declarations: readonly string[]) =>
    render('init-sdk-tools.catalog.ts', {
      sdk: lineCommentText(app.sdk ? `${app.sdk.name} ${app.sdk.version}` : SDK_PACKAGE),
      variable,
      vocabularyModule,
      declarations,
    });
  const toolsFile = path.join(dir, 'catalog', 'tools.catalog.ts');
  const files = new Map<string, string>([
    [
      configFile,
      render('init-config.ts', {
        property: tsKey(name),
        include: tsString('catalog/**/*.catalog.ts'),
        outDir: tsString(outDir),
        prefix: tsString(prefix),
        bindingFile: tsString(bindingFile),
      }),
    ],
    [
      path.join(dir, 'catalog', `${vocabularyFile}.ts`),
      render('init-vocabulary.catalog.ts', { name: catalogName, variable, server }),
    ],
    [toolsFile, renderTools(STARTER_SDK_TOOLS)],
  ]);
  return {
    app,
    name,
    files,
    configFile,
    bindingFile: path.join(dir, bindingFile),
    outDir: path.join(dir, outDir),
    toolsFile,
    sdkToolsFile: path.join(dir, 'catalog', 'sdk-tools.catalog.ts'),
    renderTools,
    renderSdkTools,
  };
}

/** Every file init would create that already exists: init never overwrites. */
function existingTargets(plan: ScaffoldPlan): string[] {
  const configs = CONFIG_FILE_NAMES.map((f) => path.join(plan.app.dir, f));
  const sdkTools = plan.app.sdk ? [plan.sdkToolsFile] : [];
  return [...new Set([...configs, ...plan.files.keys(), ...sdkTools, plan.bindingFile])]
    .filter((f) => existsSync(f))
    .sort();
}

async function addGenerateScript(app: AppInfo): Promise<InitResult['script']> {
  const scripts = { ...(app.packageJson.scripts as Record<string, string> | undefined) };
  if (scripts.generate === GENERATE_SCRIPT) return 'kept';
  if (scripts.generate !== undefined) return 'conflict';
  scripts.generate = GENERATE_SCRIPT;
  const updated = { ...app.packageJson, scripts };
  await writeFileAtomic(app.packageJsonFile, `${JSON.stringify(updated, null, app.indent)}\n`);
  return 'added';
}

/**
 * Prettier and Biome must leave the output folder alone, or `generate --check` fails after the next
 * format. `.prettierignore` gets init's marked lines (created or appended); an existing Biome config
 * gets the folder in `files.includes` (`files.ignore` for Biome 1); no Biome config is created.
 */
async function ignoreOutputInFormatters(plan: ScaffoldPlan): Promise<{ written: IgnoreEdit[]; steps: string[] }> {
  const setup = findFormatters(plan.app.dir);
  const written: IgnoreEdit[] = [];
  const steps: string[] = [];
  const prettier = prettierIgnoreEdit(setup, [plan.outDir]);
  if (prettier) {
    await writeFileAtomic(prettier.file, prettier.content);
    written.push(prettier);
  }
  const biome = biomeIgnoreEdit(setup, [plan.outDir]);
  if (biome && 'manual' in biome) steps.push(`Keep Biome away from the generated files: ${biome.manual}.`);
  else if (biome) {
    await writeFileAtomic(biome.file, biome.content);
    written.push(biome);
  }
  return { written, steps };
}

/**
 * With the SDK installed, the starter must agree with it as `drift` sees it: starter tools this SDK
 * does not type are left out, and every other tool it types is declared, disabled, in its own file.
 */
async function declareSdkTools(plan: ScaffoldPlan): Promise<SdkOutcome> {
  const sdk = plan.app.sdk!;
  const drift = await runDrift({ cwd: plan.app.dir });
  const report = drift.catalogs[0];
  if (!report)
    return {
      installed: true,
      name: sdk.name,
      version: sdk.version,
      declared: [],
      omitted: [],
      problem: drift.error ?? drift.diagnostics.map((d) => d.message).join(' '),
    };
  const omitted = report.gone.map((g) => g.key).filter((key) => (STARTER_SDK_TOOLS as readonly string[]).includes(key));
  if (omitted.length > 0)
    await writeFileAtomic(plan.toolsFile, plan.renderTools(STARTER_SDK_TOOLS.filter((t) => !omitted.includes(t))));
  const declarations = report.missing.flatMap((m) => (m.declaration ? [{ key: m.name, line: m.declaration }] : []));
  if (declarations.length > 0)
    await writeFileAtomic(plan.sdkToolsFile, plan.renderSdkTools(declarations.map((d) => d.line)));
  return { installed: true, name: sdk.name, version: sdk.version, declared: declarations.map((d) => d.key), omitted };
}

export async function runInit(dir: string, options: InitOptions = {}): Promise<InitResult> {
  const plan = planScaffold(dir, options);
  const existing = existingTargets(plan);
  if (existing.length > 0)
    throw new InitError(
      `init never overwrites, and these files already exist: ${existing.map((f) => toPosix(path.relative(dir, f))).join(', ')}. Move them away or edit them by hand.`,
    );
  for (const [file, content] of plan.files) await writeFileAtomic(file, content);
  const formatters = await ignoreOutputInFormatters(plan);
  const script = await addGenerateScript(plan.app);
  const sdk: SdkOutcome = plan.app.sdk
    ? await declareSdkTools(plan)
    : { installed: false, install: installCommand(plan.app.packageManager, SDK_PACKAGE, false) };
  const generated = await generateAndWrite({ cwd: dir });
  const sdkFile = sdk.installed && sdk.declared.length > 0 ? [plan.sdkToolsFile] : [];
  const created = [
    ...plan.files.keys(),
    ...sdkFile,
    ...formatters.written.filter((e) => e.action === 'created').map((e) => e.file),
    ...(generated.report?.changed ?? []),
  ];
  return {
    plan,
    created: [...new Set(created)].sort(),
    script,
    sdk,
    formatterIgnores: formatters.written,
    formatterSteps: formatters.steps,
    generated,
  };
}

/** What to do next, as printed by the command. */
export function nextSteps(result: InitResult): string[] {
  const { plan, sdk } = result;
  const rel = (f: string) => toPosix(path.relative(plan.app.dir, f));
  const steps: string[] = [];
  if (!plan.app.dependsOnToolCatalog)
    steps.push(
      `${installCommand(plan.app.packageManager, 'agent-tool-catalog', true)}   # the tool-catalog command; the generated code needs nothing of it at run time`,
    );
  if (!sdk.installed) {
    steps.push(`${sdk.install}   # ${SDK_PACKAGE} is not installed; the generated tools.ts imports its types`);
    steps.push(
      `Then remove each \`sdkTyped: false\` in ${rel(plan.toolsFile)} and run \`npx tool-catalog drift\`: it lists every other tool the SDK types, with a declaration to paste.`,
    );
  } else if (sdk.problem)
    steps.push(
      `Run \`npx tool-catalog drift\`: init could not compare the starter with ${sdk.name} ${sdk.version} (${sdk.problem}).`,
    );
  steps.push(`Edit ${rel(plan.toolsFile)}: one declaration per tool of your agent.`);
  if (sdk.installed && sdk.declared.length > 0)
    steps.push(
      `Classify the other ${sdk.declared.length} tools ${sdk.name} ${sdk.version} types in ${rel(plan.sdkToolsFile)} (all disabled for now).`,
    );
  steps.push(
    `Run \`npm run generate\` after each catalog change (commit ${rel(plan.outDir)}/ and ${rel(plan.bindingFile)}).`,
  );
  if (result.script === 'conflict')
    steps.push(
      `Your package.json already has a different "generate" script; add \`${GENERATE_SCRIPT}\` to it yourself.`,
    );
  steps.push(...result.formatterSteps);
  if (plan.app.vite) {
    steps.push(`Or let Vite regenerate on every save: in ${plan.app.vite.configFile ?? 'vite.config.ts'} add`);
    steps.push("  import toolCatalog from 'agent-tool-catalog/vite';");
    steps.push('  export default defineConfig({ plugins: [toolCatalog()] });');
  }
  steps.push(
    `Give each tool its icon in ${rel(plan.bindingFile)}; typecheck fails there when a tool is added or removed.`,
  );
  return steps;
}

export { InitError };
