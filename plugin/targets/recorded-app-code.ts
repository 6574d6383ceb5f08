// The app's code as a test-model verify binds it (the AI SDK's and the OpenAI Agents SDK's alike):
// the catalog's builders build the app's tools, but every `execute` is replaced by a recorder, so no
// app code runs a tool; checks and name resolvers are the app's own; a catalogued in-process tool
// without a builder gets the target's stand-ins.
import type { CatalogModel, ToolModel } from '../model/catalog-model.js';
import { isAppTool, type AppTool } from '../runtime/app-tool.js';
import type { ToolBuildOptions, ToolContext } from '../runtime/context.js';
import type { ToolBinding } from '../runtime/tool-entries.js';
import type { AppCode } from '../verify/app-code.js';
import { VerifySetupProblem } from '../verify/problems.js';

export interface RecordingSetup {
  readonly model: CatalogModel;
  readonly appCode: AppCode;
  /** The target, as messages name it. */
  readonly target: string;
  /** Stand-ins, under its names, for an in-process tool that has no builder. */
  readonly standIns: (tool: ToolModel) => AppTool[];
}

export type Bindings = Record<string, ToolBinding<unknown, AppTool>>;

/** The builder's tools with `execute` recording the call instead of running the app's code. */
function recorded(built: unknown, key: string, setup: RecordingSetup, ran: string[]): AppTool[] {
  const list = Array.isArray(built) ? built : built == null ? [] : [built];
  return list.map((t) => {
    if (!isAppTool(t))
      throw new VerifySetupProblem(
        `The builder ${setup.appCode.exportOf(key, 'build')} of tool '${key}' returned ` +
          `${typeof t?.name === 'string' ? `'${t.name}', ` : ''}which is not an app tool: ` +
          `the ${setup.target} target takes tools written once with ` +
          'appTool({ name, description, input, execute }).',
      );
    return {
      ...t,
      execute: () => {
        ran.push(t.name);
        return `${t.name} ran (tool-catalog verify: the app's code is not called)`;
      },
    };
  });
}

/** The app code bound for the run: builders wrapped to record, checks and resolvers as they are. */
export function recordedBindings(setup: RecordingSetup, ran: string[]): Bindings {
  const bindings: Bindings = {};
  for (const [key, code] of setup.appCode.tools) {
    const build = code.build as ((c: unknown, o: unknown) => unknown) | undefined;
    bindings[key] = {
      ...(build
        ? {
            build: (ctx: ToolContext, options: ToolBuildOptions) =>
              recorded(build(ctx, options), key, setup, ran),
          }
        : {}),
      ...(code.check ? { check: code.check as (c: ToolContext) => boolean | undefined } : {}),
      ...(code.resolveNames
        ? { resolveNames: code.resolveNames as (c: ToolContext) => Iterable<string> }
        : {}),
    };
  }
  for (const t of setup.model.tools)
    if (t.kind === 'mcp' && !t.factory && !bindings[t.key]?.build)
      bindings[t.key] = { ...bindings[t.key], build: () => setup.standIns(t) };
  return bindings;
}

/** Without a caller: every catalogued in-process tool, built by its builder or as a stand-in. */
export function ungrouped(
  model: CatalogModel,
  bindings: Readonly<Bindings>,
  context: ToolContext,
): Record<string, AppTool[]> {
  const out: Record<string, AppTool[]> = {};
  for (const t of model.tools) {
    const build = bindings[t.key]?.build;
    if (t.kind !== 'mcp' || t.server === undefined || build === undefined) continue;
    const made = build(context, { key: t.key });
    out[t.server] = [...(out[t.server] ?? []), ...(Array.isArray(made) ? made : [made])];
  }
  return out;
}
