// The agent-server module init writes into an app that runs the SDK: one turn through `query()` with
// the generated session options, in the app's own names and with the import its resolution needs.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { isIdentifierName } from '../language/naming.js';
import { DEFAULT_TARGETS, type TargetName } from '../language/targets.js';
import type { CatalogModel, ToolModel } from '../model/catalog-model.js';
import { loadTemplates } from '../render/templates.js';
import { lineCommentText, tsKey, tsString } from '../text/escape.js';
import { lowerFirst, pascalCase, relativePosix } from '../text/spelling.js';
import type { AppInfo } from './detect-app.js';

export const AGENT_SERVER_FILE = 'agent-server.ts';

/** What init did about the agent-server module, and the step that gets it written when it did not. */
export type AgentServerOutcome =
  | { readonly action: 'written' | 'kept'; readonly file: string }
  | { readonly action: 'not-written'; readonly file: string; readonly step?: string };

/** Whether the catalog's output has the target's options (a config without `targets`: Claude's alone). */
export const compilesFor = (model: CatalogModel, target: TargetName) =>
  (model.config.targets?.map((t) => t.name) ?? DEFAULT_TARGETS).includes(target);

/** Names the module declares or imports itself: a tool's variable must not take one. */
const TAKEN = new Set([
  'appTool',
  'createSdkMcpServer',
  'query',
  'tool',
  'z',
  'runAgentTurn',
  'prompt',
  'storedOptOuts',
  'context',
  'migrated',
  'session',
  'result',
  'message',
]);

/** Whether `pkg` resolves from `dir` as Node and TypeScript find it: a node_modules folder upwards. */
export function resolvesFrom(dir: string, pkg: string): boolean {
  for (let folder = dir; ; folder = path.dirname(folder)) {
    if (existsSync(path.join(folder, 'node_modules', pkg, 'package.json'))) return true;
    if (path.dirname(folder) === folder) return false;
  }
}

/** The in-process tools the app builds itself: a stub each, on the server the catalog puts it on. */
export const stubbed = (model: CatalogModel) =>
  model.tools.filter(
    (t): t is ToolModel & { server: string } =>
      t.kind === 'mcp' &&
      t.server !== undefined &&
      t.builder === undefined &&
      !t.factory &&
      t.nameSource.kind === 'static' &&
      t.names.length === 1 &&
      t.exposure !== 'disabled',
  );

/** Text inside a template literal: no backtick, backslash or `${` can end it. */
const templateText = (s: string) => s.replace(/[`\\]|\$\{/g, (c) => `\\${c}`);

/**
 * A stub for each in-process tool the app builds, named by a variable no other name of the module
 * (`taken`) has, and the `server: [tools]` entries that hand them over.
 */
export function starterTools(model: CatalogModel, taken: ReadonlySet<string>) {
  const used = new Set(taken);
  const tools = stubbed(model).map((t) => {
    let variable = lowerFirst(pascalCase(t.key));
    if (!isIdentifierName(variable)) variable = `tool${pascalCase(t.key)}`;
    while (used.has(variable)) variable = `${variable}Tool`;
    used.add(variable);
    const wire = t.wire ?? t.key;
    return {
      variable,
      server: t.server,
      wire: tsString(wire),
      description: tsString(t.description || t.label || t.key),
      reply: templateText(wire),
    };
  });
  const servers = model.servers.flatMap((server) => {
    const on = tools.filter((t) => t.server === server).map((t) => t.variable);
    return on.length > 0 ? [`${tsKey(server)}: [${on.join(', ')}]`] : [];
  });
  return { tools, servers: servers.length > 0 ? servers.join(', ') : undefined };
}

/**
 * The generated folder's barrel as a module at `file` imports it under the catalog's import style
 * (a string literal).
 */
export function generatedModuleOf(model: CatalogModel, file: string): string {
  const extension = model.config.imports.extension;
  const folder = relativePosix(path.dirname(file), model.config.outDir);
  const relative = folder.startsWith('.') ? folder : `./${folder}`;
  return tsString(extension === '' ? relative : `${relative}/index${extension}`);
}

/** `{ workspaceHasGit: false }`: every condition of the catalog, false. */
export function contextDefaultOf(model: CatalogModel): string {
  const fields = model.conditions.map((c) => `${c.field}: false`);
  return fields.length > 0 ? `{ ${fields.join(', ')} }` : '{}';
}

/** The module's text for this catalog, importing its output folder from `file`. */
function renderAgentServer(model: CatalogModel, file: string): string {
  const { tools, servers } = starterTools(model, TAKEN);
  // Beside another target the catalog's built tools are app tools, which the SDK's `tool()` is not.
  const appTools = (model.config.targets ?? []).some((t) => t.name !== 'claude-agent-sdk');
  const runtime = model.runtimes.find((r) => !r.permissionCallback) ?? model.runtimes[0]!;
  const fn = lowerFirst(model.prefix);
  return loadTemplates()
    .get('init-agent-server.ts')({
      catalog: lineCommentText(`'${model.name}'`),
      sdkImports:
        tools.length === 0
          ? 'query'
          : appTools
            ? 'createSdkMcpServer, query'
            : 'createSdkMcpServer, query, tool',
      appTools,
      generatedModule: generatedModuleOf(model, file),
      sessionOptions: `${fn}SessionOptions`,
      migrateOptOuts: `migrate${model.prefix}OptOuts`,
      policyContext: `${model.prefix}PolicyContext`,
      contextDefault: contextDefaultOf(model),
      runtime: tsString(runtime.name),
      runtimeNote: runtime.permissionCallback
        ? 'declared with a permission callback: pass canUseTool in the options too'
        : "the catalog's runtime configuration without a permission callback",
      tools,
      servers,
    })
    .trimEnd()
    .concat('\n');
}

interface AgentServerTarget {
  readonly app: AppInfo;
  readonly file: string;
  readonly model: CatalogModel | undefined;
  /** The app's `init` command, for the step that says to run it again. */
  readonly init: string;
  /** The command that installs a package (zod) in this app. */
  readonly install: (pkg: string) => string;
}

/**
 * Writes the module when the app runs the SDK (not a browser-only app), the SDK and zod resolve, and
 * the file does not exist (init never overwrites). A catalog with callers builds its tools per caller,
 * which a starter module cannot guess: the user writes that server.
 */
export async function writeAgentServer(
  target: AgentServerTarget,
  write: (file: string, content: string) => Promise<void>,
): Promise<AgentServerOutcome> {
  const { app, file, model } = target;
  if (existsSync(file)) return { action: 'kept', file };
  if (app.browserOnly || !app.sdk || !model || !compilesFor(model, 'claude-agent-sdk'))
    return { action: 'not-written', file };
  const rel = relativePosix(app.dir, file);
  if (Object.keys(model.callers).length > 0)
    return {
      action: 'not-written',
      file,
      step:
        `Your catalog has callers: build each session with \`caller\` (docs/callers-and-context.md); ` +
        `init writes ${rel} only for catalogs without callers.`,
    };
  if (stubbed(model).length > 0 && !resolvesFrom(app.dir, 'zod'))
    return {
      action: 'not-written',
      file,
      step:
        `${target.install('zod')}   # the SDK's tool() takes a zod schema; then run ` +
        `\`${target.init}\` again: it writes ${rel}, an agent server on your catalog.`,
    };
  await write(file, renderAgentServer(model, file));
  return { action: 'written', file };
}
