// The app code a test-model verify binds: builders' tools record their calls instead of running the
// app's code, a builder that returns something other than an app tool is refused naming the builder,
// the tool and the target, and an in-process tool without a builder gets the target's stand-ins.
import { describe, expect, it } from 'vitest';
import type { CatalogModel, ToolModel } from '../model/catalog-model.js';
import { appTool, type AppTool } from '../runtime/app-tool.js';
import { createToolContext } from '../runtime/context.js';
import type { AppCode } from '../verify/app-code.js';
import { VerifySetupProblem } from '../verify/problems.js';
import { recordedBindings, ungrouped } from './recorded-app-code.js';

const schema = {
  '~standard': { version: 1, vendor: 'spec', validate: (v: unknown) => ({ value: v }) },
};
const tool = (name: string, execute: () => string): AppTool =>
  appTool({ name, description: name, input: schema as never, execute });

const mcp = (key: string, server: string, names: string[]) =>
  ({ key, kind: 'mcp', server, names }) as unknown as ToolModel;

function setupOf(build: () => unknown, target = 'ai-sdk') {
  const model = {
    tools: [mcp('Lookup', 'app', ['mcp__app__lookup']), mcp('Note', 'app', ['mcp__app__note'])],
  } as unknown as CatalogModel;
  const appCode: AppCode = {
    tools: new Map([['Lookup', { build }]]),
    exportOf: (key, role) =>
      `'${role === 'build' ? 'buildLookup' : role}' (app/tools.ts) of ${key}`,
    data: () => ({}),
    hasData: false,
  };
  const standIns = (t: ToolModel) => t.names.map((n) => tool(n, () => `${n}: a stand-in`));
  return { model, appCode, target, standIns };
}

const context = createToolContext<unknown>({ predicates: {}, factories: {}, data: {} });

describe('recordedBindings', () => {
  it("records a built tool's call without running the app's execute, and stands in for the rest", async () => {
    let appRan = false;
    const ran: string[] = [];
    const setup = setupOf(() =>
      tool('lookup', () => {
        appRan = true;
        return 'the app';
      }),
    );
    const built = ungrouped(setup.model, recordedBindings(setup, ran), context);
    expect(built.app!.map((t) => t.name)).toEqual(['lookup', 'mcp__app__note']);
    const said = await (built.app![0]!.execute as (input: unknown) => unknown)({});
    expect([appRan, ran, said]).toEqual([
      false,
      ['lookup'],
      "lookup ran (tool-catalog verify: the app's code is not called)",
    ]);
    expect(await (built.app![1]!.execute as (input: unknown) => unknown)({})).toBe(
      'mcp__app__note: a stand-in',
    );
  });

  it.each(['ai-sdk', 'openai-agents'])(
    'refuses a builder that returns something other than an app tool (%s)',
    (target) => {
      const bindings = recordedBindings(
        setupOf(() => ({ name: 'lookup' }), target),
        [],
      );
      const build = () => bindings.Lookup!.build!(context, { key: 'Lookup' });
      expect(build).toThrow(VerifySetupProblem);
      expect(build).toThrow(
        `The builder 'buildLookup' (app/tools.ts) of Lookup of tool 'Lookup' returned 'lookup', ` +
          `which is not an app tool: the ${target} target takes tools written once with ` +
          'appTool({ name, description, input, execute }).',
      );
    },
  );
});
