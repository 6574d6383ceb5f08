// The views of the templates `init` lays out (the config, the starter catalog files, the agent server
// and the chat starters), in the app's own names. Kept apart from the generated outputs' views in
// template-views.ts, which lists every template and its view.

type Text = string;
type Maybe = string | undefined;

export interface InitConfigView {
  /** The app's command that runs `generate`, named in the header comment. */
  readonly generate: Text;
  readonly property: Text;
  readonly include: Text;
  readonly outDir: Text;
  readonly prefix: Text;
  /** Only for an app with a UI. */
  readonly bindingFile?: Text;
  /** `'claude-agent-sdk', 'ai-sdk'`: the targets, when more or other than the Claude Agent SDK alone. */
  readonly targets?: Text;
}

export interface InitVocabularyView {
  readonly name: Text;
  readonly variable: Text;
  readonly server: Text;
}

export interface InitToolsView {
  readonly name: Text;
  /** The app's commands for `generate` and `init`, named in comments. */
  readonly generate: Text;
  readonly init: Text;
  readonly variable: Text;
  readonly vocabularyModule: Text;
  readonly server: Text;
  /** ` sdkTyped: false,` while the SDK is not installed, else empty. */
  readonly untyped: Text;
  /** Which starter SDK tools the file declares. */
  readonly has: {
    readonly Read: boolean;
    readonly Bash: boolean;
    readonly EnterWorktree: boolean;
    readonly ExitWorktree: boolean;
    readonly NotebookEdit: boolean;
  };
}

export interface InitSdkToolsView {
  readonly sdk: Text;
  /** The app's command for `drift`, named in the header comment. */
  readonly drift: Text;
  readonly variable: Text;
  readonly vocabularyModule: Text;
  readonly declarations: readonly Text[];
}

/** The agent-server module init writes into a server app, in the app's own names. */
export interface InitAgentServerView {
  readonly catalog: Text;
  /** `createSdkMcpServer, query, tool`, or `query` when the catalog has no in-process tool to build. */
  readonly sdkImports: Text;
  /**
   * The tools are app tools (`appTool`), as a catalog with other targets than the Claude Agent SDK
   * needs them; else the SDK's own `tool()`.
   */
  readonly appTools: boolean;
  /** The generated folder's barrel as the app's module resolution imports it (a string literal). */
  readonly generatedModule: Text;
  readonly sessionOptions: Text;
  readonly migrateOptOuts: Text;
  readonly policyContext: Text;
  /** `{ workspaceHasGit: false }`: every condition, false. */
  readonly contextDefault: Text;
  readonly runtime: Text;
  readonly runtimeNote: Text;
  readonly tools: readonly {
    readonly variable: Text;
    readonly wire: Text;
    readonly description: Text;
    /** The reply's start, inside a template literal. */
    readonly reply: Text;
  }[];
  /** `'agent-tools': [notes]`: each in-process server and the tools the module builds for it. */
  readonly servers: Maybe;
}

/** What both chat starters have: the catalog's names, its in-process tools as app tools. */
interface InitChatView {
  readonly catalog: Text;
  /** The generated folder's barrel as the app's module resolution imports it (a string literal). */
  readonly generatedModule: Text;
  readonly migrateOptOuts: Text;
  readonly policyContext: Text;
  /** `{ workspaceHasGit: false }`: every condition, false. */
  readonly contextDefault: Text;
  readonly tools: InitAgentServerView['tools'];
  /** `'agent-tools': [notes]`: each in-process server and the app tools the module builds for it. */
  readonly servers: Maybe;
}

export interface InitChatAiSdkView extends InitChatView {
  /** The `ai` major the generated options are for. */
  readonly major: Text;
  readonly aiSdkOptions: Text;
}

export interface InitChatOpenAIAgentsView extends InitChatView {
  readonly agentOptions: Text;
  readonly runOptions: Text;
  /** The Agent's name (a string literal). */
  readonly agentName: Text;
}
