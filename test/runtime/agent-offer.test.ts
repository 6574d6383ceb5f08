// Subagents and skills in the offer computation: a subagent gets at most what the session hands over
// (policy, caller and opt-outs flow down), narrowed to its tools and groups minus its exclusions; the
// Agent tool only while a subagent is offered; no declared skill, no Skill tool; the SDK options follow.
import { describe, expect, it } from 'vitest';
import type { CatalogVocabulary, ToolDeclaration } from '../../plugin/language/catalog';
import { policyTablesOf } from '../../plugin/model/policy-tables';
import { computeOffer, type OfferInput } from '../../plugin/runtime/offer';
import { sessionLists } from '../../plugin/runtime/session';
import { sessionAgentOptions } from '../../plugin/runtime/session-agents';
import { demoModel } from '../support/catalog-model';

const TOOLS: Record<string, ToolDeclaration> = {
  Read: { kind: 'sdk', exposure: 'user', groups: ['core'] },
  Grep: { kind: 'sdk', exposure: 'user', groups: ['search'] },
  Bash: { kind: 'sdk', exposure: 'user', groups: ['core'] },
  EnterWorktree: { kind: 'sdk', exposure: 'conditional', condition: 'has-git', groups: ['core'] },
  ToolSearch: { kind: 'sdk', sdkTyped: false, exposure: 'internal', groups: ['core'] },
  Agent: { kind: 'sdk', exposure: 'internal', groups: ['core'] },
  Skill: { kind: 'sdk', sdkTyped: false, exposure: 'internal', groups: ['core'] },
  Notes: { kind: 'mcp', server: 'app', wire: 'notes', groups: ['search'] },
} as Record<string, ToolDeclaration>;

const VOCABULARY = {
  groups: ['core', 'search'],
  conditions: { 'has-git': 'the folder is a git work tree' },
  servers: { app: {} },
  callers: { NARROW: ['core'], WIDE: ['core', 'search'] },
  agents: {
    reader: {
      description: 'reads',
      prompt: 'read',
      tools: ['Read', 'EnterWorktree'],
      groups: ['search'],
      exclude: ['Notes'],
    },
    searcher: { description: 'searches', prompt: 'search', tools: ['Grep', 'ToolSearch', 'Agent'] },
  },
} as unknown as CatalogVocabulary;

function setup(vocabulary: Partial<CatalogVocabulary> = {}) {
  const model = demoModel({ ...VOCABULARY, ...vocabulary } as CatalogVocabulary, TOOLS);
  const tables = policyTablesOf(model);
  const offer = (input: OfferInput = {}) => computeOffer(tables, input);
  return { tables, offer };
}
const agentState = (
  offer: ReturnType<ReturnType<typeof setup>['offer']>,
  name: string,
  key: string,
) => {
  const tool = offer.agents.find((a) => a.name === name)!.tools.find((t) => t.key === key)!;
  return tool.state === 'absent' ? `absent (${tool.absentBy})` : tool.state;
};

describe('what a subagent is offered', () => {
  it('its own tools and groups, minus its exclusions, never the Agent tool', () => {
    const { offer } = setup();
    const o = offer({ context: { hasGit: true } });
    expect(agentState(o, 'reader', 'Read')).toBe('direct');
    expect(agentState(o, 'reader', 'Grep')).toBe('direct'); // by its group
    expect(agentState(o, 'reader', 'Notes')).toBe('absent (subagent)'); // excluded
    expect(agentState(o, 'reader', 'Bash')).toBe('absent (subagent)');
    expect(agentState(o, 'searcher', 'Agent')).toBe('absent (subagent)');
  });

  it('at most what the session hands over: the policy, an opt-out and the caller flow down', () => {
    const { offer } = setup();
    expect(agentState(offer({ context: { hasGit: false } }), 'reader', 'EnterWorktree')).toBe(
      'absent (policy)',
    );
    expect(agentState(offer({ agent: { disabledTools: ['Read'] } }), 'reader', 'Read')).toBe(
      'absent (policy)',
    );
    const narrow = offer({
      selection: { keys: ['Read', 'Bash', 'Agent', 'ToolSearch', 'Skill'], names: [] },
    });
    expect(agentState(narrow, 'reader', 'Grep')).toBe('absent (caller)');
  });

  it('defers its tools only when ToolSearch is among its own tools', () => {
    const { offer } = setup();
    const o = offer();
    expect(o.agents.find((a) => a.name === 'searcher')!.toolSearchActive).toBe(o.toolSearchActive);
    expect(o.agents.find((a) => a.name === 'reader')!.toolSearchActive).toBe(false);
  });
});

describe('the Agent and Skill tools follow what the session can use them for', () => {
  it('leaves the Agent tool out when no subagent has a tool left', () => {
    const { offer } = setup();
    expect(offer().stateOf('Agent')).toBe('direct');
    const none = offer({ selection: { keys: ['Bash', 'Agent'], names: [] } });
    expect(none.agents.every((a) => !a.offered)).toBe(true);
    expect(none.tools.find((t) => t.key === 'Agent')).toMatchObject({
      state: 'absent',
      absentBy: 'session',
    });
  });

  it('leaves the Skill tool out, and disallows it, when the catalog declares no skill', () => {
    const { tables, offer } = setup({ skills: {} });
    const o = offer();
    expect(o.tools.find((t) => t.key === 'Skill')).toMatchObject({
      state: 'absent',
      absentBy: 'session',
    });
    expect(sessionLists(tables, o).disallowedTools).toContain('Skill');
    expect(setup({ skills: 'all' }).offer().stateOf('Skill')).toBe('direct');
    expect(setup().offer().stateOf('Skill')).toBe('direct');
  });
});

describe("the session's agents, skills and settingSources", () => {
  it('defines each offered subagent with exactly its tools and everything the session disallows', () => {
    const { tables, offer } = setup({ skills: { notes: {} }, settingSources: ['project'] });
    const o = offer({ agent: { disabledTools: ['Bash'] } });
    const disallowed = sessionLists(tables, o).disallowedTools;
    const options = sessionAgentOptions(tables, o, disallowed);
    expect(options.agents!.reader).toMatchObject({ description: 'reads', prompt: 'read' });
    expect(options.agents!.reader!.tools).toEqual(['Read', 'Grep']);
    expect(options.agents!.reader!.disallowedTools).toEqual(
      expect.arrayContaining(['Bash', 'mcp__app__notes']),
    );
    expect(options.agents!.searcher!.tools).toEqual(['Grep', 'ToolSearch']);
    expect(options.skills).toEqual(['notes']);
    expect(options.settingSources).toEqual(['project']);
  });

  it('loads no filesystem settings unless the catalog names them, and defines no subagent that has no tool', () => {
    const { tables, offer } = setup();
    const o = offer({ selection: { keys: ['Read', 'Agent'], names: [] } });
    const options = sessionAgentOptions(tables, o, sessionLists(tables, o).disallowedTools);
    expect(options.settingSources).toEqual([]);
    expect(Object.keys(options.agents!)).toEqual(['reader']);
    expect('skills' in options).toBe(false);
  });
});
