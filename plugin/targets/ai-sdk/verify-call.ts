// The AI SDK call one verify run makes: the options the runtime's `aiSdkOptions` gives for a context
// and caller (what the generated `<p>AiSdkOptions` computes), with the app's tools built by the
// catalog's builders — every `execute` replaced by a recorder, so no app code runs a tool — and
// stand-ins for the rest: every catalogued MCP tool without a builder, every external channel's
// catalogued tools, and on every server and channel one tool the catalog does not know.
import type { CatalogModel } from '../../model/catalog-model.js';
import { policyTablesOf } from '../../model/policy-tables.js';
import { toolEntry } from '../../model/session-facts.js';
import { appTool, type AppTool } from '../../runtime/app-tool.js';
import { createToolContext } from '../../runtime/context.js';
import { computeOffer, type OfferInput, type SessionOffer } from '../../runtime/offer.js';
import { createToolCatalog } from '../../runtime/tools.js';
import type { AppCode } from '../../verify/app-code.js';
import { recordedBindings, ungrouped } from '../recorded-app-code.js';
import { aiSdkNameOf } from './runtime/ai-sdk-names.js';
import { aiSdkOptions } from './runtime/ai-sdk-options.js';
import type { AiSdk } from './sdk.js';

/** `item` added to the list under `key`. */
function push<T>(lists: Record<string, T[]>, key: string, ...items: T[]): void {
  lists[key] = [...(lists[key] ?? []), ...items];
}

/** A tool on every server and channel that no catalog declares: a call must never offer it. */
export const UNCATALOGUED = 'verify_uncatalogued_tool';

export interface CallSetup {
  readonly model: CatalogModel;
  readonly sdk: AiSdk;
  readonly appCode: AppCode;
  readonly agent: { readonly disabledTools: readonly string[] };
  readonly overlay: readonly string[];
  /** The test model the subagents' nested calls run on. */
  readonly subagentModel: unknown;
  readonly adjust?: (options: Record<string, unknown>) => Record<string, unknown>;
}

export interface VerifyCall {
  /** What `generateText` gets, besides the model and the prompt. */
  readonly options: Record<string, unknown>;
  /** The offer the call is compared with (the runtime's `computeOffer` for the same input). */
  readonly offer: SessionOffer;
  /** AI SDK names whose recorder ran, in call order. */
  readonly ran: string[];
}

/** A stand-in app tool: the catalogued name, an empty input, a recorder. */
function standIn(sdk: AiSdk, name: string, description: string, ran: string[]): AppTool {
  const input = Object.assign(
    sdk.jsonSchema({
      type: 'object',
      properties: {},
      additionalProperties: false,
    } as never) as object,
    { shape: {} },
  );
  return appTool({
    name,
    description,
    input: input as never,
    execute: () => {
      ran.push(name);
      return `${name} ran (tool-catalog verify: a stand-in)`;
    },
  });
}

/** The call for one context (plain booleans by field) and, for catalogs with callers, one caller. */
export function verifyCall(
  setup: CallSetup,
  values: Readonly<Record<string, boolean>>,
  caller: string | undefined,
): VerifyCall {
  const { model, sdk } = setup;
  const tables = policyTablesOf(model);
  const ran: string[] = [];
  const bindings = recordedBindings(
    {
      ...setup,
      target: 'ai-sdk',
      standIns: (t) =>
        t.names.map((n) => standIn(sdk, aiSdkNameOf(n)!, `Stand-in for '${t.key}'`, ran)),
    },
    ran,
  );
  const context = createToolContext({
    predicates: { ...values },
    factories: {},
    data: setup.appCode.data(),
  });
  const catalog = createToolCatalog<unknown, AppTool>(model.tools.map(toolEntry), {
    conditions: model.conditions.map((c) => ({ name: c.name, field: c.field })),
    bindings,
  });
  const include = caller === undefined ? [] : (model.callers[caller] ?? []);
  // Without a caller the app builds its tools itself: every catalogued in-process tool.
  const built =
    caller === undefined
      ? ungrouped(model, bindings, context)
      : catalog.buildServers(context, { include });
  const tools: Record<string, AppTool[]> = {};
  for (const [server, list] of Object.entries(built)) tools[server] = [...list];
  // External channels are the app's MCP clients: stand-ins for each catalogued wire name.
  for (const t of model.tools)
    if (t.kind === 'external' && t.channel !== undefined)
      for (const n of t.names)
        push(tools, t.channel, standIn(sdk, aiSdkNameOf(n)!, `Stand-in for '${t.key}'`, ran));
  for (const namespace of [...model.servers, ...model.channels])
    push(tools, namespace, standIn(sdk, UNCATALOGUED, 'No catalog tool has this name', ran));
  const selection =
    caller === undefined
      ? undefined
      : {
          keys: catalog.selectedKeys(context, { include }),
          // Channels are the app's to connect: verify's registry lists no mirrored names.
          names: catalog.toolNames(context, { include, channels: () => [] }),
        };
  const input: OfferInput = {
    agent: setup.agent,
    context: caller === undefined ? values : context,
    ...(setup.overlay.length > 0 ? { options: { overlay: setup.overlay } } : {}),
    ...(selection ? { selection } : {}),
  };
  let options = aiSdkOptions(
    { tables, major: sdk.major >= 7 ? 7 : 6 },
    { generateText: sdk.generateText, jsonSchema: sdk.jsonSchema },
    { ...input, tools, model: setup.subagentModel },
  ) as unknown as Record<string, unknown>;
  if (setup.adjust) options = setup.adjust(options);
  return { options, offer: computeOffer(tables, input), ran };
}
