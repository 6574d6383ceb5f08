// The view each template in `templates/` lays out, declared once: renderers build these, the template
// set hands out each template typed by its view, and a test checks every template reads exactly these.
//
// Every field is text already escaped for where it goes (text/escape.ts) unless its type says
// otherwise; a field that may not apply is `string | undefined`, always present, so a strict template
// can test it with `{{#if}}`.

import type {
  InitAgentServerView,
  InitChatAiSdkView,
  InitChatOpenAIAgentsView,
  InitConfigView,
  InitSdkToolsView,
  InitToolsView,
  InitVocabularyView,
} from './init-template-views.js';

type Text = string;
type Maybe = string | undefined;

interface HeaderView {
  readonly catalog: Text;
  readonly include: Text;
  readonly configFile: Text;
}

interface BarrelView {
  readonly header: Text;
  /** Each TypeScript output's module specifier, as a string literal. */
  readonly modules: readonly Text[];
  /** The runtime copy's module specifier, re-exported so apps import everything from the folder. */
  readonly runtime: Text;
  /** Type names a catalog module shares with the runtime, re-exported from that module by name. */
  readonly shadows: readonly { readonly names: Text; readonly module: Text }[];
}

/** `P` is the type prefix (`Claude`), `C` the constant prefix (`CLAUDE`) of every generated name. */
interface Prefixes {
  readonly header: Text;
  readonly P: Text;
  readonly C: Text;
}

export interface RegistryView extends Prefixes {
  readonly keys: readonly Text[];
  readonly names: readonly Text[];
  readonly categories: readonly Text[];
  readonly conditions: readonly Text[];
  readonly conditionFields: readonly { readonly name: Text; readonly field: Text }[];
  readonly pairGroups: readonly Text[];
  readonly groups: readonly Text[];
  readonly callers: readonly Text[];
  readonly servers: readonly Text[];
  readonly channels: readonly Text[];
  /** The runtime configurations the catalog declares. */
  readonly runtimes: readonly Text[];
  /** Each tool's entry, laid out by renderers/registry-entry.ts. */
  readonly entries: readonly Text[];
  readonly byCategory: readonly { readonly name: Text; readonly keys: readonly Text[] }[];
  readonly userTools: readonly Text[];
  readonly callerGroups: readonly { readonly name: Text; readonly groups: Text }[];
}

export interface ToolsView extends Prefixes {
  readonly fnPrefix: Text;
  readonly runtimeModule: Text;
  readonly policyModule: Text;
  /** The Claude Agent SDK, when the catalog compiles for it. */
  readonly sdkModule: Maybe;
  /** Builders return app tools: the catalog compiles for a target other than the Claude Agent SDK. */
  readonly appTools: boolean;
  readonly registryModule: Text;
  readonly imports: readonly { readonly specifier: Text; readonly bindings: Text }[];
  readonly predicates: readonly { readonly field: Text; readonly doc: Text; readonly type: Text }[];
  readonly factoryKeys: readonly Text[];
  readonly bindings: readonly {
    readonly property: Text;
    readonly check: Maybe;
    readonly resolveNames: Maybe;
    readonly build: Maybe;
  }[];
  readonly restrictedNames: readonly Text[];
  readonly restrictedChannels: readonly Text[];
  readonly guardedChannels: readonly Text[];
  readonly promptingNames: readonly Text[];
}

/** A closure of the policy tables: a tool or condition and the keys it disallows. */
interface Closure {
  readonly name: Text;
  /**
   * The keys, already laid out one per line (empty when none): a nested `{{#each}}` per closure
   * cost more than the rest of the file at thousands of user tools.
   */
  readonly keys: Text;
}

export interface PolicyView extends Prefixes {
  readonly catalog: Text;
  readonly catalogLiteral: Text;
  readonly catalogInMessage: Text;
  readonly runtimeModule: Text;
  readonly registryModule: Text;
  readonly conditions: readonly { readonly field: Text; readonly doc: Text }[];
  readonly servers: readonly Text[];
  readonly channels: readonly Text[];
  readonly renamedServers: readonly { readonly name: Text; readonly to: Text }[];
  readonly sdkAliases: readonly { readonly name: Text; readonly to: Text }[];
  readonly alwaysDisallowed: readonly Text[];
  readonly whenConditionFails: readonly Closure[];
  readonly whenOptedOut: readonly Closure[];
  /** The runtime surfaces, already laid out as a TypeScript literal (one item per line). */
  readonly runtimes: Text;
  /** The subagents, laid out the same way. */
  readonly agents: Text;
  /** `'all'` or the named skills as a literal; undefined when the catalog leaves skills to the runtime. */
  readonly skills: Maybe;
  readonly settingSources: readonly Text[];
}

/** A column of the policy tables: one combination of condition values. */
interface Combination {
  readonly id: Text;
  readonly values: readonly Text[];
}

export interface PolicySnapshotView {
  readonly header: Text;
  readonly catalog: Text;
  readonly summary: Text;
  readonly sampled: boolean;
  readonly maxExhaustive: Text;
  readonly conditionNames: readonly Text[];
  readonly combinations: readonly (Combination & { readonly count: Text })[];
  readonly sections: readonly {
    readonly title: Text;
    readonly rows: readonly {
      readonly key: Text;
      readonly names: Text;
      readonly exposure: Text;
      /** Its ✓ or ✗ per context, laid out as table cells (` ✓ | ✗ |`): one string per row. */
      readonly cells: Text;
    }[];
  }[];
  /** One table per runtime configuration: each tool offered in some context, its state per context. */
  readonly offered: readonly {
    readonly name: Text;
    readonly description: Text;
    readonly recorded: Text;
    readonly rows: readonly {
      readonly key: Text;
      readonly names: Text;
      /** Its state per context, laid out as table cells (` direct | — |`). */
      readonly cells: Text;
    }[];
    /** The tools the runtime leaves out in every context, by why, one key per line. */
    readonly absent: readonly { readonly label: Text; readonly keys: readonly Text[] }[];
    /** Each declared subagent's own table: the tools it is offered in some context, its state per context. */
    readonly agents: readonly {
      readonly name: Text;
      readonly description: Text;
      readonly rows: readonly {
        readonly key: Text;
        readonly names: Text;
        /** Its state per context, laid out as table cells. */
        readonly cells: Text;
      }[];
    }[];
  }[];
  readonly combinationIds: readonly Text[];
  readonly toggles: readonly { readonly key: Text; readonly disallows: Text }[];
  readonly allowedTools: readonly Text[];
  readonly mcpEnsureAllowed: readonly Text[];
  /** The callers section (`callers.md`), when the catalog declares callers. */
  readonly callers: Maybe;
}

export interface CallersSectionView {
  readonly callers: readonly {
    readonly name: Text;
    readonly groups: Text;
    readonly offered: Text;
    readonly factories: Text;
    readonly runtimeChecks: Text;
  }[];
  readonly predicates: readonly { readonly name: Text; readonly cells: readonly Text[] }[];
}

export interface SessionView extends Prefixes {
  readonly fnPrefix: Text;
  readonly runtimeModule: Text;
  readonly policyModule: Text;
  readonly registryModule: Text;
  readonly toolsModule: Text;
  readonly optOutsModule: Text;
  readonly channels: readonly Text[];
  /** What the pinned SDK supports, as a TypeScript literal; and which SDK that is, for a comment. */
  readonly features: Text;
  readonly pinned: Text;
}

export interface AiSdkView extends Prefixes {
  readonly fnPrefix: Text;
  /** The major version of `ai` the file is written for, and where it was learned (for a comment). */
  readonly major: Text;
  readonly majorFrom: Text;
  /** ai 7 and later: approval through `toolApproval` (ai 6: each tool's `needsApproval`). */
  readonly toolApproval: boolean;
  readonly optionsModule: Text;
  readonly runtimeModule: Text;
  readonly policyModule: Text;
  readonly registryModule: Text;
  readonly toolsModule: Text;
  /** Every AI SDK name known at build time, as string literals. */
  readonly names: readonly Text[];
  /** Some names are known only at run time. */
  readonly dynamic: boolean;
}

export interface OpenAIAgentsView extends Prefixes {
  readonly fnPrefix: Text;
  readonly optionsModule: Text;
  readonly runModule: Text;
  readonly runtimeModule: Text;
  readonly policyModule: Text;
  readonly registryModule: Text;
  readonly toolsModule: Text;
  /** Every name the OpenAI Agents SDK sends for the catalog, known at build time, as string literals. */
  readonly names: readonly Text[];
  /** Some names are known only at run time. */
  readonly dynamic: boolean;
}

export interface OptOutsView extends Prefixes {
  readonly catalog: Text;
  readonly runtimeModule: Text;
  readonly policyModule: Text;
  readonly registryModule: Text;
  /** Server and channel names (only `[A-Za-z0-9_-]`), for the pattern entries. */
  readonly namespaces: readonly Text[];
  /** Channels whose tool names are known only at run time. */
  readonly dynamicNamespaces: readonly Text[];
  /** The typed settings' name (`<P>AgentToolSettings`, without a repeated word). */
  readonly settings: Text;
  /** The name it had when it repeated a word of the prefix (`AgentAgentToolSettings`), kept deprecated. */
  readonly settingsAlias: Maybe;
}

export interface BindingsView extends Prefixes {
  readonly lower: Text;
  readonly registryModule: Text;
  readonly iconImport: Maybe;
  readonly iconModule: Maybe;
  readonly iconSource: Text;
  readonly names: readonly { readonly name: Text; readonly key: Text }[];
  readonly mirrors: readonly { readonly prefix: Text; readonly key: Text }[];
}

export interface BindingSkeletonView {
  readonly catalog: Text;
  readonly P: Text;
  readonly C: Text;
  readonly module: Text;
  readonly placeholder: Maybe;
  readonly entries: readonly { readonly code: Text; readonly comment: Maybe }[];
}

export interface I18nKeysView extends Prefixes {
  readonly lower: Text;
  readonly registryModule: Text;
  readonly locales: Text;
  readonly keys: readonly Text[];
  readonly tools: readonly {
    readonly property: Text;
    readonly label: Text;
    readonly description: Text;
  }[];
  readonly categories: readonly { readonly name: Text; readonly label: Text }[];
}

export interface SdkCoverageView extends Prefixes {
  readonly typesModule: Text;
  readonly tools: readonly { readonly property: Text; readonly type: Text }[];
}

export interface MarkdownReportView {
  readonly catalog: Text;
  readonly toolCount: Text;
  readonly conditionNames: readonly Text[];
  readonly combinations: readonly Combination[];
  readonly sampled: boolean;
  readonly maxExhaustive: Text;
  readonly sections: readonly {
    readonly title: Text;
    readonly showCallers: boolean;
    readonly combinationIds: readonly Text[];
    readonly tools: readonly {
      readonly key: Text;
      readonly label: Text;
      readonly names: Text;
      readonly exposure: Text;
      readonly condition: Text;
      readonly pairGroup: Text;
      readonly dependsOn: Text;
      readonly callers: Text;
      readonly approval: Text;
      readonly marks: readonly Text[];
    }[];
  }[];
  readonly pairGroups: readonly { readonly name: Text; readonly members: Text }[];
  readonly toggles: readonly { readonly key: Text; readonly disallows: Text }[];
  readonly callers: Maybe;
}

export interface HtmlReportView {
  readonly title: Text;
  readonly catalog: Text;
  readonly toolCount: Text;
  readonly sampled: boolean;
  readonly maxExhaustive: Text;
  readonly conditions: readonly { readonly name: Text; readonly description: Text }[];
  readonly combinations: readonly (Combination & { readonly count: Text })[];
  readonly sections: readonly {
    readonly title: Text;
    readonly showCallers: boolean;
    readonly combinationIds: readonly Text[];
    readonly tools: readonly {
      readonly key: Text;
      readonly label: Text;
      readonly description: Text;
      readonly names: readonly Text[];
      readonly exposure: Text;
      readonly condition: Text;
      readonly pairGroup: Text;
      readonly dependsOn: Text;
      readonly showCallers: boolean;
      readonly callers: Text;
      readonly approval: Text;
      /** Per context: whether the tool is disallowed. */
      readonly cells: readonly boolean[];
    }[];
  }[];
  readonly pairGroups: readonly { readonly name: Text; readonly members: Text }[];
  readonly toggles: readonly { readonly key: Text; readonly disallows: Text }[];
  readonly callers: readonly {
    readonly name: Text;
    readonly groups: Text;
    readonly offered: readonly Text[];
    readonly factories: readonly Text[];
    readonly runtimeChecks: readonly Text[];
  }[];
  readonly predicateRemovals: readonly {
    readonly name: Text;
    readonly cells: readonly (readonly Text[])[];
  }[];
}

/** Every template, by the name of its file in `templates/` without `.hbs`, and the view it lays out. */
export interface TemplateViews {
  header: HeaderView;
  'index.ts': BarrelView;
  'registry.ts': RegistryView;
  'tools.ts': ToolsView;
  'policy.ts': PolicyView;
  'policy.md': PolicySnapshotView;
  'callers.md': CallersSectionView;
  'session.ts': SessionView;
  'ai-sdk.ts': AiSdkView;
  'openai-agents.ts': OpenAIAgentsView;
  'opt-outs.ts': OptOutsView;
  'bindings.ts': BindingsView;
  'binding-skeleton.ts': BindingSkeletonView;
  'i18n-keys.ts': I18nKeysView;
  'sdk-coverage.ts': SdkCoverageView;
  'policy-report.md': MarkdownReportView;
  'policy-report.html': HtmlReportView;
  'init-config.ts': InitConfigView;
  'init-vocabulary.catalog.ts': InitVocabularyView;
  'init-tools.catalog.ts': InitToolsView;
  'init-sdk-tools.catalog.ts': InitSdkToolsView;
  'init-agent-server.ts': InitAgentServerView;
  'init-chat-ai-sdk.ts': InitChatAiSdkView;
  'init-chat-openai-agents.ts': InitChatOpenAIAgentsView;
}
