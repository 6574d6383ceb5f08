// `tool-catalog init`: plans the starter files (config, vocabulary, tools), refuses to overwrite
// anything, writes them, adds a `generate` script, and runs the same `generate` core as the CLI,
// which also writes the app's binding file skeleton.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { generateAndWrite, type GenerateResult } from '../generate.js';
import { CONFIG_FILE_NAMES } from '../load/load-config.js';
import { loadTemplates, type TemplateName } from '../render/templates.js';
import { lineCommentText, tsKey, tsString } from '../text/escape.js';
import { writeFileAtomic } from '../write/write-outputs.js';
import { detectApp, InitError, type AppInfo } from './detect-app.js';
import { lowerFirst, pascalCase, toPosix } from '../text/spelling.js';

export const GENERATE_SCRIPT = 'tool-catalog generate';

export interface InitOptions {
  /** The catalog's name: `agent` gives `generated/agent/` and `AGENT_TOOL_REGISTRY`. */
  readonly name?: string;
}

export interface ScaffoldPlan {
  readonly app: AppInfo;
  readonly name: string;
  /** Absolute path → content of the files init writes itself. */
  readonly files: ReadonlyMap<string, string>;
  readonly configFile: string;
  readonly bindingFile: string;
  readonly outDir: string;
}

export interface InitResult {
  readonly plan: ScaffoldPlan;
  /** Files created, including what `generate` wrote (absolute, sorted). */
  readonly created: readonly string[];
  /** `added`, `kept` (already the same) or `conflict` (a different `generate` script exists, left alone). */
  readonly script: 'added' | 'kept' | 'conflict';
  readonly generated: GenerateResult;
}


export function planScaffold(dir: string, options: InitOptions = {}): ScaffoldPlan {
  const app = detectApp(dir);
  const name = options.name ?? 'agent';
  if (!/^[a-z][a-z0-9-]*$/i.test(name)) throw new InitError(`'${name}' cannot name a catalog; use letters, digits and dashes, starting with a letter (e.g. 'agent').`);
  const prefix = pascalCase(name);
  const variable = lowerFirst(prefix);
  const base = app.hasSrc ? 'src/' : '';
  const outDir = `${base}generated/${name}`;
  const bindingFile = `${base}tool-bindings.ts`;
  const vocabularyModule = `${name}.catalog`;
  const templates = loadTemplates();
  const render = (template: TemplateName, view: object) => templates.get(template)(view);
  const configFile = path.join(dir, CONFIG_FILE_NAMES[0]!);
  const server = tsString(`${name}-tools`);
  const files = new Map<string, string>([
    [configFile, render('init-config.ts', { property: tsKey(name), include: tsString('catalog/**/*.catalog.ts'), outDir: tsString(outDir), prefix: tsString(prefix), bindingFile: tsString(bindingFile) })],
    [path.join(dir, 'catalog', `${vocabularyModule}.ts`), render('init-vocabulary.catalog.ts', { name: lineCommentText(`'${name}'`), variable, server })],
    [path.join(dir, 'catalog', 'tools.catalog.ts'), render('init-tools.catalog.ts', { name: lineCommentText(`'${name}'`), variable, vocabularyModule: tsString(`./${vocabularyModule}`), server })],
  ]);
  return { app, name, files, configFile, bindingFile: path.join(dir, bindingFile), outDir: path.join(dir, outDir) };
}

/** Every file init would create that already exists: init never overwrites. */
export function existingTargets(plan: ScaffoldPlan): string[] {
  const configs = CONFIG_FILE_NAMES.map((f) => path.join(plan.app.dir, f));
  return [...new Set([...configs, ...plan.files.keys(), plan.bindingFile])].filter((f) => existsSync(f)).sort();
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

export async function runInit(dir: string, options: InitOptions = {}): Promise<InitResult> {
  const plan = planScaffold(dir, options);
  const existing = existingTargets(plan);
  if (existing.length > 0)
    throw new InitError(`init never overwrites, and these files already exist: ${existing.map((f) => toPosix(path.relative(dir, f))).join(', ')}. Move them away or edit them by hand.`);
  for (const [file, content] of plan.files) await writeFileAtomic(file, content);
  const script = await addGenerateScript(plan.app);
  const generated = await generateAndWrite({ cwd: dir });
  const created = [...plan.files.keys(), ...(generated.report?.changed ?? [])];
  return { plan, created: [...new Set(created)].sort(), script, generated };
}

/** What to do next, as printed by the command. */
export function nextSteps(result: InitResult): string[] {
  const { plan } = result;
  const rel = (f: string) => toPosix(path.relative(plan.app.dir, f));
  const steps: string[] = [];
  if (!plan.app.dependsOnToolCatalog) steps.push('npm install -D agent-tool-catalog   # the generated code imports agent-tool-catalog/runtime');
  steps.push(`Edit ${rel(path.join(plan.app.dir, 'catalog/tools.catalog.ts'))}: one declaration per tool of your agent.`);
  steps.push(`Run \`npm run generate\` after each catalog change (commit ${rel(plan.outDir)}/ and ${rel(plan.bindingFile)}).`);
  if (result.script === 'conflict') steps.push(`Your package.json already has a different "generate" script; add \`${GENERATE_SCRIPT}\` to it yourself.`);
  if (plan.app.vite) {
    steps.push(`Or let Vite regenerate on every save: in ${plan.app.vite.configFile ?? 'vite.config.ts'} add`);
    steps.push("  import toolCatalog from 'agent-tool-catalog/vite';");
    steps.push('  export default defineConfig({ plugins: [toolCatalog()] });');
  }
  steps.push(`Give each tool its icon in ${rel(plan.bindingFile)}; typecheck fails there when a tool is added or removed.`);
  return steps;
}

export { InitError };
