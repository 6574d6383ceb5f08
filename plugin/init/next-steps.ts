// What `init` tells the user to do next, in their package manager's words: install what is missing,
// edit the starter, regenerate, wire the Vite plugin into their own plugins array.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { SURFACE_LOCK_NAME } from '../language/output-files.js';
import { SDK_PACKAGE } from './detect-app.js';
import { installCommand } from './package-manager.js';
import type { InitResult } from './run-init.js';
import { relativeTo } from './scaffold.js';
import { viteSnippet } from './vite-snippet.js';

/** Each step; a step starting with two spaces continues the one before (a code line). */
export function nextSteps(result: InitResult): string[] {
  const { plan, sdk } = result;
  const { app, commands } = plan;
  const rel = relativeTo(app.dir);
  const steps: string[] = [];
  if (!app.dependsOnToolCatalog)
    steps.push(
      `${installCommand(app.packageManager, 'agent-tool-catalog', true)}   # ` +
        `the tool-catalog command; the generated code needs nothing of it at run time`,
    );
  if (sdk?.installed === false) {
    steps.push(`${sdk.install}   # ${SDK_PACKAGE}: the generated tools.ts imports its types`);
    steps.push(
      `Then run \`${commands.init}\` again: it declares every tool the SDK ` +
        `types and removes the \`sdkTyped: false\` it wrote in ` +
        `${rel(plan.toolsFile)}` +
        `${app.browserOnly ? '' : `, and writes ${rel(plan.agentServerFile)}, an agent server on your catalog`}.`,
    );
  } else if (sdk?.problem)
    steps.push(
      `Run \`${commands.drift}\`: init could not compare the catalog with ` +
        `${sdk.name} ${sdk.version} (${sdk.problem}).`,
    );
  else if (sdk && sdk.left > 0)
    steps.push(
      `Run \`${commands.drift}\`: it lists ${sdk.left} difference` +
        `${sdk.left === 1 ? '' : 's'} with ${sdk.name} ${sdk.version} left for ` +
        `you, each with its fix.`,
    );
  if (!result.rerun)
    steps.push(`Edit ${rel(plan.toolsFile)}: one declaration per tool of your agent.`);
  const server = result.agentServer;
  if (server.action === 'written')
    steps.push(
      `Call runAgentTurn(prompt) from ${rel(server.file)}: one agent turn ` +
        `through the SDK's query() with your catalog's session options.`,
    );
  else if (server.action === 'not-written' && server.step) steps.push(server.step);
  for (const chat of result.chats)
    if (chat.action === 'written')
      steps.push(
        chat.target === 'ai-sdk'
          ? `Call runChatTurn(model, prompt) from ${rel(chat.file)}: one chat turn through the AI ` +
              `SDK's generateText() with your catalog's options, on your provider's model.`
          : `Call runChatTurn(prompt) from ${rel(chat.file)}: one run of an OpenAI Agents SDK ` +
              `Agent built with your catalog's options.`,
      );
    else if (chat.step) steps.push(chat.step);
  if (
    result.rerun &&
    sdk?.installed &&
    sdk.declared.length > 0 &&
    result.bindingFile &&
    !result.edited.includes(result.bindingFile)
  )
    steps.push(
      `Add the new tools to ${rel(result.bindingFile)}: \`${commands.bindings} ` +
        `--fix\` inserts their entries (it needs ts-morph: ` +
        `${installCommand(app.packageManager, 'ts-morph', true)}).`,
    );
  if (sdk?.installed && sdk.declared.length > 0)
    steps.push(
      `Classify the other ${sdk.declared.length} tools ${sdk.name} ` +
        `${sdk.version} types in ${rel(plan.sdkToolsFile)} (all disabled for now).`,
    );
  const commit = [
    `${rel(result.outDir)}/`,
    ...(result.bindingFile ? [rel(result.bindingFile)] : []),
  ].join(' and ');
  steps.push(`Run \`${commands.generate}\` after each catalog change (commit ${commit}).`);
  const lock = path.join(result.outDir, SURFACE_LOCK_NAME);
  if (sdk?.installed && !existsSync(lock))
    steps.push(
      `Run \`${commands.verify} --update\`: it records what the runtime offers by ` +
        `itself in ${rel(lock)} and writes again the session's tools and ` +
        `policy.md, which follow it.`,
    );
  if (result.script === 'conflict')
    steps.push(
      `Your package.json already has a different "generate" script; add \`${plan.script}\` to it yourself.`,
    );
  steps.push(...result.formatterSteps);
  const tsconfig = app.tsconfig;
  if (tsconfig?.rootDir !== undefined && tsconfig.includesEverything)
    steps.push(
      `${rel(tsconfig.file)} compiles every file of the app but has rootDir '` +
        `${tsconfig.rootDir}': give it "include": ["${tsconfig.rootDir}"], so ` +
        `the catalog and the config (build-time files) stay out of it (TS6059).`,
    );
  if (!tsconfig)
    steps.push(
      `No tsconfig.json yet: when you add one, run \`${commands.generate}\` ` +
        `again, so generated imports carry the extension it needs.`,
    );
  const vite = app.vite
    ? viteSnippet(app.vite.configFile && path.join(app.dir, app.vite.configFile))
    : undefined;
  if (vite) {
    steps.push(
      `Or let Vite regenerate on every save: in ` +
        `${app.vite?.configFile ?? 'vite.config.ts'} add the import, and add ` +
        `toolCatalog() to your plugins:`,
    );
    steps.push(...vite.map((line) => `  ${line}`));
  }
  if (result.bindingFile)
    steps.push(
      `Give each tool its icon in ${rel(result.bindingFile)}; typecheck fails ` +
        `there when a tool is added or removed.`,
    );
  else if (!result.rerun)
    steps.push(
      `No binding file: ${app.ui.reason}, so init took this for an app without ` +
        `a UI. If it has one, add \`bindings: { file: '` +
        `${rel(path.join(path.dirname(result.outDir), '..', 'tool-bindings.ts'))}` +
        `' }\` to the catalog in ${rel(plan.configFile)} and run \`` +
        `${commands.generate}\` (or run init with --ui).`,
    );
  steps.push(
    `When something does not work: \`${commands.doctor}\` says what is wrong, with the fix.`,
  );
  return steps;
}
