// Builders and names: builders run on every call (never memoized), `fullNames: []` still builds,
// resolved names follow the context, factories gate their entries, schema extensions pass through.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildThemisTools, createThemisToolContext, THEMIS_CALLERS, themisToolNames } from '../generated/themis';
import { ChannelMentionWorkflow } from '../app/callers/channel-mention-workflow';
import { chatSession } from '../app/callers/chat-tool-configuration';
import { ChannelRegistry } from '../app/channel-registry';
import { themisPredicates } from '../app/context';
import { analyst, bareSpace, conversation, guest, teamSpace } from './fixtures';

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
      themisToolNames(chatContext({ ...analyst, driveFolders: folders }), { include: ['chat_only'] }).filter((n) =>
        n.includes('gdrive'),
      );
    expect(names(['specs'])).toEqual(['mcp__themis__gdrive_search_specs']);
    expect(names(['a', 'b'])).toEqual(['mcp__themis__gdrive_search_a', 'mcp__themis__gdrive_search_b']);
    expect(names([])).toEqual([]);
  });

  it('mirror external names from the channel registry passed at toolNames time', () => {
    const context = chatContext();
    expect(themisToolNames(context, { include: ['linear'], channels: new ChannelRegistry(teamSpace) })).toEqual([
      'mcp__linear__list_issues',
      'mcp__linear__create_issue',
      'mcp__linear__update_issue',
    ]);
    expect(() => themisToolNames(context, { include: ['linear'] })).toThrow(/mirrors channel 'linear'.*channels/);
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
  });

  it('passes a per-caller schema extension through the factory: `project` is required only in mentions', async () => {
    const mention = new ChannelMentionWorkflow(bareSpace, analyst).session();
    const mentionTool = mention.tools.find((t) => t.name === 'trigger_code_generation')!;
    expect(Object.keys(mentionTool.inputSchema)).toEqual(['instructions', 'project']);
    const input = z.object(mentionTool.inputSchema as z.ZodRawShape);
    expect(input.safeParse({ instructions: 'add a route' }).success).toBe(false);
    expect(input.safeParse({ instructions: 'add a route', project: 'api' }).success).toBe(true);

    const chat = chatSession({ space: bareSpace, user: guest, conversation, jobs: [] });
    const chatTool = chat.tools.find((t) => t.name === 'trigger_code_generation')!;
    expect(Object.keys(chatTool.inputSchema)).toEqual(['instructions']);
  });

  it('opts in by groups: an empty include gets nothing, and the callers are group lists', () => {
    expect(themisToolNames(chatContext(), { include: [] })).toEqual([]);
    expect(THEMIS_CALLERS.CHANNEL_MENTION).toEqual([...THEMIS_CALLERS.FULL_AGENT, 'triggers']);
  });
});
