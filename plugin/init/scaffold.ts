// `tool-catalog init`: plans the starter files (config, vocabulary, tools), writes those that do not
// exist (a second run keeps every file and completes what is missing), keeps Prettier and Biome away
// from the output folder, records pnpm's build decisions, declares every other tool the installed SDK
// types (so `drift` passes), adds a `generate` script, and runs `generate`.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { importStyle } from '../load/import-style.js';
import { CONFIG_FILE_NAMES } from '../load/load-config.js';
import { loadTemplates, type TemplateName } from '../render/templates.js';
import type { TemplateViews } from '../render/template-views.js';
import { lineCommentText, tsKey, tsString } from '../text/escape.js';
import { lowerFirst, pascalCase, toPosix } from '../text/spelling.js';
import { AGENT_SERVER_FILE } from './agent-server.js';
import { CHAT_FILES, type StarterTarget } from './chat-starters.js';
import { chooseTargets, targetsClaude, type TargetChoice } from './init-targets.js';
import { detectApp, InitError, type AppInfo } from './detect-app.js';
import { execCommand, runScriptCommand } from './package-manager.js';
import { SDK_PACKAGE } from './detect-app.js';
import { STARTER_SDK_TOOLS } from './sdk-tools.js';

export interface InitOptions {
  /** The catalog's name: `agent` gives `generated/agent/` and `AGENT_TOOL_REGISTRY`. */
  readonly name?: string;
  /** Where the config goes (`--config`), relative to the app; default `tool-catalog.config.ts` in it. */
  readonly config?: string;
  /** `--ui` / `--no-ui`: whether the app has a UI, when init should not guess. */
  readonly ui?: boolean;
  /** `--target`: the agent SDKs the catalog compiles for, instead of the ones package.json names. */
  readonly targets?: readonly string[];
}

export interface ScaffoldPlan {
  readonly app: AppInfo;
  readonly name: string;
  /** The targets a new config names, and why (on a second run the config's own targets apply). */
  readonly targets: TargetChoice;
  /** Absolute path → content of the files init writes itself (each only when it does not exist). */
  readonly files: ReadonlyMap<string, string>;
  readonly configFile: string;
  /** `--config <file>` when commands would not find the config by themselves; empty otherwise. */
  readonly configFlags: readonly string[];
  /** The app's binding file, only for an app with a UI. */
  readonly bindingFile?: string;
  readonly outDir: string;
  readonly vocabularyFile: string;
  /** The starter's tools file, and the file that declares the SDK's other tools when the SDK is installed. */
  readonly toolsFile: string;
  readonly sdkToolsFile: string;
  /** The agent-server module, beside the output's `generated/` folder (an app that runs the SDK). */
  readonly agentServerFile: string;
  /** The chat starters of the other targets, beside it. */
  readonly chatFiles: Readonly<Record<StarterTarget, string>>;
  /** The `generate` script init adds to package.json. */
  readonly script: string;
  /** How the user runs things in this app: `pnpm generate`, `pnpm exec tool-catalog drift`. */
  readonly commands: {
    readonly generate: string;
    readonly drift: string;
    readonly init: string;
    readonly bindings: string;
    readonly verify: string;
    readonly doctor: string;
  };
  /** Renders the tools file with only these starter SDK tools (the ones the installed SDK types). */
  readonly renderTools: (sdkTools: readonly string[]) => string;
  /** Renders the file that declares the SDK's other tools. */
  readonly renderSdkTools: (declarations: readonly string[]) => string;
}

/** The starter's tools files (`catalog/<name>.catalog.ts`), which the vocabulary's file must not take. */
const STARTER_TOOL_FILES = ['tools', 'sdk-tools'];

/** The config init writes or completes: `--config`, else one the app has, else the default name. */
function configFileOf(dir: string, options: InitOptions): string {
  if (options.config === undefined)
    return (
      CONFIG_FILE_NAMES.map((f) => path.join(dir, f)).find((f) => existsSync(f)) ??
      path.join(dir, CONFIG_FILE_NAMES[0]!)
    );
  const file = path.resolve(dir, options.config);
  if (path.relative(dir, file).startsWith('..'))
    throw new InitError(
      `--config ${options.config}: the config goes in the app's folder or a ` +
        `folder inside it, which then holds the catalog and its output.`,
    );
  if (!/\.m?ts$/.test(file))
    throw new InitError(
      `--config ${options.config}: init writes a TypeScript config; name it ` +
        `with .ts or .mts (e.g. --config tool-catalog.config.ts).`,
    );
  return file;
}

/**
 * Where generated code goes: inside the tsconfig's rootDir when it has one (else TS6059), else src/
 * when there is one.
 */
function sourceBase(app: AppInfo): string {
  const rootDir = app.tsconfig?.rootDir;
  if (rootDir !== undefined && rootDir !== '.' && !rootDir.startsWith('..')) return `${rootDir}/`;
  return app.hasSrc ? 'src/' : '';
}

export function planScaffold(dir: string, options: InitOptions = {}): ScaffoldPlan {
  const app = detectApp(dir, { ui: options.ui });
  const name = options.name ?? 'agent';
  if (!/^[a-z][a-z0-9-]*$/i.test(name))
    throw new InitError(
      `'${name}' cannot name a catalog; use letters, digits and dashes, starting with a letter (e.g. 'agent').`,
    );
  const targets = chooseTargets(app, options.targets);
  const configFile = configFileOf(dir, options);
  const configDir = path.dirname(configFile);
  const foundByDefault = configDir === dir && CONFIG_FILE_NAMES.includes(path.basename(configFile));
  const configFlags = foundByDefault ? [] : ['--config', toPosix(path.relative(dir, configFile))];
  const script = ['tool-catalog generate', ...configFlags].join(' ');
  const pm = app.packageManager;
  const withConfig = (command: string) => execCommand(pm, [command, ...configFlags].join(' '));
  const commands = {
    generate: runScriptCommand(pm, 'generate'),
    drift: withConfig('tool-catalog drift'),
    init: withConfig('tool-catalog init'),
    bindings: withConfig('tool-catalog bindings'),
    verify: withConfig('tool-catalog verify'),
    doctor: withConfig('tool-catalog doctor'),
  };
  const prefix = pascalCase(name);
  const variable = lowerFirst(prefix);
  // The config's folder holds the catalog and the output (a config may only write inside its folder).
  const project = configDir === dir ? dir : configDir;
  const base = project === dir ? sourceBase(app) : '';
  const outDir = path.join(project, `${base}generated/${name}`);
  const bindingFile = app.ui.has ? path.join(project, `${base}tool-bindings.ts`) : undefined;
  // Paths in the config start at its folder.
  const fromConfig = (file: string) => toPosix(path.relative(configDir, file)) || '.';
  // The vocabulary is named after the catalog, unless that is the name of the tools files beside it.
  const vocabularyName = STARTER_TOOL_FILES.includes(name)
    ? `${name}-vocabulary.catalog`
    : `${name}.catalog`;
  // Catalog files import each other as the app's tsconfig wants (`./agent.catalog.js` under node16/nodenext);
  // with no tsconfig yet, `.js`, which every module mode accepts.
  const extension = app.tsconfig
    ? importStyle(path.join(project, 'catalog'), undefined, dir).extension
    : '.js';
  const vocabularyModule = tsString(`./${vocabularyName}${extension}`);
  const templates = loadTemplates();
  const render = <Name extends TemplateName>(template: Name, view: TemplateViews[Name]) =>
    templates.get(template)(view);
  // `agent-tools` for `agent`; a catalog named `tools` or `…-tools` is not given the word twice.
  const server = tsString(/(^|-)tools$/.test(name) ? name : `${name}-tools`);
  const catalogName = lineCommentText(`'${name}'`);
  // The Claude runtime's built-ins are tools of its target alone: a catalog without it starts without them.
  const claude = targetsClaude(targets.names);
  const starterSdkTools = claude ? STARTER_SDK_TOOLS : [];
  // Without the SDK its tools are declared untyped, so nothing generated needs the SDK's types yet.
  const untyped = app.sdk || !claude ? '' : ' sdkTyped: false,';
  const renderTools = (sdkTools: readonly string[]) =>
    render('init-tools.catalog.ts', {
      name: catalogName,
      generate: lineCommentText(commands.generate),
      init: lineCommentText(commands.init),
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
      drift: lineCommentText(commands.drift),
      variable,
      vocabularyModule,
      declarations,
    });
  const vocabularyFile = path.join(project, 'catalog', `${vocabularyName}.ts`);
  const toolsFile = path.join(project, 'catalog', 'tools.catalog.ts');
  const configText = render('init-config.ts', {
    generate: lineCommentText(commands.generate),
    property: tsKey(name),
    include: tsString(`${fromConfig(path.join(project, 'catalog'))}/**/*.catalog.ts`),
    outDir: tsString(fromConfig(outDir)),
    prefix: tsString(prefix),
    bindingFile: bindingFile && tsString(fromConfig(bindingFile)),
    // The Claude Agent SDK alone is what a config without `targets` compiles for.
    targets:
      targets.specs.length === 1 && targets.specs[0] === 'claude-agent-sdk'
        ? undefined
        : targets.specs.map(tsString).join(', '),
  });
  const files = new Map<string, string>([
    [configFile, configText],
    [vocabularyFile, render('init-vocabulary.catalog.ts', { name: catalogName, variable, server })],
    [toolsFile, renderTools(starterSdkTools)],
  ]);
  return {
    app,
    name,
    targets,
    files,
    configFile,
    configFlags,
    bindingFile,
    outDir,
    vocabularyFile,
    toolsFile,
    sdkToolsFile: path.join(project, 'catalog', 'sdk-tools.catalog.ts'),
    agentServerFile: path.join(project, `${base}${AGENT_SERVER_FILE}`),
    chatFiles: {
      'ai-sdk': path.join(project, `${base}${CHAT_FILES['ai-sdk']}`),
      'openai-agents': path.join(project, `${base}${CHAT_FILES['openai-agents']}`),
    },
    script,
    commands,
    renderTools,
    renderSdkTools,
  };
}

/** The starter files that exist already, while the config does not: init does not know them, so it stops. */
export function conflictingTargets(plan: ScaffoldPlan): string[] {
  const targets = [
    ...plan.files.keys(),
    plan.sdkToolsFile,
    ...(plan.bindingFile ? [plan.bindingFile] : []),
  ];
  return targets.filter((f) => f !== plan.configFile && existsSync(f)).sort();
}

export const relativeTo = (dir: string) => (file: string) => toPosix(path.relative(dir, file));
