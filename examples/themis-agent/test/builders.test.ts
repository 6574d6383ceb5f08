// Builders and names: builders run on every call (never memoized), `fullNames: []` still builds,
// resolved names follow the context, factories gate their entries, schema extensions pass through
// the session to the builders (read back from the in-process server the way the runtime does).
import { describe, expect, it } from 'vitest';
import {
  buildThemisTools,
  createThemisToolContext,
  THEMIS_CALLERS,
  themisSessionOptions,
  themisToolNames,
} from '../generated/themis';
import { ChannelMentionWorkflow } from '../app/callers/channel-mention-workflow';
import { chatSession } from '../app/callers/chat-tool-configuration';
import { ChannelRegistry } from '../app/channel-registry';
import { themisPredicates } from '../app/context';
import { analyst, bareSpace, conversation, guest, teamSpace } from './fixtures';
import { connectTo } from './mcp-client';

const chatContext = (user = analyst, space = teamSpace) =>
  createThemisToolContext({ predicates: themisPredicates, data: { space, user, conversation } });

describe('builders', () => {
  it('run on every buildTools call: each call returns fresh tool instances', () => {
    const context = chatContext();
    const first = buildThemisTools(context, { include: ['core'] });
    const second = buildThemisTools(context, { include: ['core'] });
    expect(second.map((t) => t.name)).toEqual(first.map((t) => t.name));
    for (const [i, tool] of first.entries()) expect(second[i]).not.toBe(tool);
  });

  it('still run for `fullNames: []` bundles, which add no allowedTools names', () => {
    const context = chatContext();
    const built = buildThemisTools(context, { include: ['chat_only'] }).map((t) => t.name);
    expect(built).toContain('load_skill_resources');
    const names = themisToolNames(context, { include: ['chat_only'] });
    expect(names.some((n) => n.includes('skill'))).toBe(false);
  });

  it('resolve names from the context at toolNames time', () => {
    const names = (folders: string[]) =>
      themisToolNames(chatContext({ ...analyst, driveFolders: folders }), {
        include: ['chat_only'],
      }).filter((n) => n.includes('gdrive'));
    expect(names(['specs'])).toEqual(['mcp__themis__gdrive_search_specs']);
    expect(names(['a', 'b'])).toEqual([
      'mcp__themis__gdrive_search_a',
      'mcp__themis__gdrive_search_b',
    ]);
    expect(names([])).toEqual([]);
  });

  it('mirror external names from the channel registry passed at toolNames time', () => {
    const context = chatContext();
    expect(
      themisToolNames(context, { include: ['linear'], channels: new ChannelRegistry(teamSpace) }),
    ).toEqual([
      'mcp__linear__list_issues',
      'mcp__linear__create_issue',
      'mcp__linear__update_issue',
    ]);
    expect(() => themisToolNames(context, { include: ['linear'] })).toThrow(
      /mirrors channel 'linear'.*channels/,
    );
  });

  it('a caller without factories skips the trigger tools, even when it includes `triggers`', () => {
    const context = chatContext();
    expect(themisToolNames(context, { include: ['triggers'] })).toEqual([]);
    expect(buildThemisTools(context, { include: ['triggers'] })).toEqual([]);
    const { options } = chatSession({ space: teamSpace, user: analyst, conversation, jobs: [] });
    expect(options.allowedTools.filter((n) => n.includes('trigger'))).toEqual([
      'mcp__themis__trigger_pr_review',
      'mcp__themis__trigger_code_generation',
    ]);
    const api = chatSession({ space: teamSpace, user: analyst, conversation });
    expect(api.options.allowedTools.filter((n) => n.includes('trigger'))).toEqual([]);
    expect(api.options.disallowedTools).toEqual(
      expect.arrayContaining([
        'mcp__themis__trigger_pr_review',
        'mcp__themis__trigger_code_generation',
      ]),
    );
  });

  it('passes a per-caller schema extension through the session to the factory: `project` is required only in mentions', async () => {
    const mention = new ChannelMentionWorkflow(bareSpace, analyst);
    const generation = async (server: Parameters<typeof connectTo>[0]) => {
      const client = await connectTo(server);
      const listed = (await client.listTools()).tools.find(
        (t) => t.name === 'trigger_code_generation',
      )!;
      return { client, schema: listed.inputSchema };
    };
    const inMention = await generation(mention.session().options.mcpServers.themis);
    try {
      expect(Object.keys(inMention.schema.properties ?? {})).toEqual(['instructions', 'project']);
      expect(inMention.schema.required).toEqual(['instructions', 'project']);
      // The server validates the call against the extended schema: without `project` it never runs.
      const refused = await inMention.client.callTool({
        name: 'trigger_code_generation',
        arguments: { instructions: 'add a route' },
      });
      expect(refused.isError).toBe(true);
      expect(mention.codeGenerationRequest).toBeUndefined();
      await inMention.client.callTool({
        name: 'trigger_code_generation',
        arguments: { instructions: 'add a route', project: 'api' },
      });
      expect(mention.codeGenerationRequest).toEqual({
        instructions: 'add a route',
        project: 'api',
      });
    } finally {
      await inMention.client.close();
    }

    const chat = chatSession({ space: bareSpace, user: guest, conversation, jobs: [] });
    const inChat = await generation(chat.options.mcpServers.themis);
    await inChat.client.close();
    expect(Object.keys(inChat.schema.properties ?? {})).toEqual(['instructions']);
  });

  it('refuses a schema extension without a caller: only the tools the catalog builds for a caller take it', () => {
    expect(() =>
      themisSessionOptions({
        context: chatContext(),
        schema: { trigger_code_generation: { extraRequired: ['project'] } },
      }),
    ).toThrow(/`schema` extends the tools the catalog builds for a caller; name the `caller` too/);
  });

  it('opts in by groups: an empty include gets nothing, and the callers are group lists', () => {
    expect(themisToolNames(chatContext(), { include: [] })).toEqual([]);
    expect(THEMIS_CALLERS.CHANNEL_MENTION).toEqual([...THEMIS_CALLERS.FULL_AGENT, 'triggers']);
  });
});
