// The app's own tools, by the in-process MCP server the catalog puts them on, each written once with
// `appTool`: the agent path's Claude Agent SDK servers and the chat path's AI SDK tool set take the
// same objects, and the catalog decides on each path which of them the model is offered.
import { z } from 'zod';
import type { ClaudeToolServer } from '../src/generated/claude/registry';
import {
  appTool,
  type AppToolInput,
  type ObjectInputSchema,
} from '../src/generated/claude/runtime/index';
import type { ClaudeBuiltTool } from '../src/generated/claude/tools';
import type { AgentRow } from './schema';

/** One run of a tool, as the app records it: which agent, which tool, with what input. */
export interface ToolRun {
  readonly agentId: string;
  readonly tool: string;
  readonly input: unknown;
}

export interface ToolServices {
  /** The agent whose session or chat the tools serve. */
  readonly agent: Pick<AgentRow, 'id' | 'name'>;
  /** The app's record of every tool run (an activity feed in the app; the tests read it). */
  readonly record: (run: ToolRun) => void;
}

/** The app's tools by server: what both paths build their servers or tool set from. */
export function appTools(services: ToolServices): {
  [Server in ClaudeToolServer]: ClaudeBuiltTool[];
} {
  const { agent, record } = services;
  /** One tool: what it answers, and a record of the run in the app's activity feed. */
  const recorded = <S extends ObjectInputSchema>(
    name: string,
    description: string,
    input: S,
    answer: (input: AppToolInput<S>) => string,
  ) =>
    appTool({
      name,
      description,
      input,
      execute: (args) => {
        record({ agentId: agent.id, tool: name, input: args });
        return answer(args);
      },
    });
  const query = z.object({ query: z.string() });
  return {
    'cherry-tools': [
      recorded(
        'web_search',
        "Searches the web with the app's configured provider",
        query,
        ({ query }) => `results for "${query}"`,
      ),
      recorded(
        'web_fetch',
        'Fetches a web page as text',
        z.object({ url: z.string() }),
        ({ url }) => `the text of ${url}`,
      ),
      recorded(
        'knowledge',
        "Searches the user's knowledge bases",
        query,
        ({ query }) => `passages about "${query}"`,
      ),
      recorded(
        'cron',
        'Manages the in-app scheduler',
        z.object({ schedule: z.string(), prompt: z.string() }),
        ({ schedule, prompt }) => `scheduled "${prompt}" at ${schedule}`,
      ),
      recorded(
        'notify',
        'Notifies the user through a connected channel',
        z.object({ message: z.string() }),
        ({ message }) => `notified: ${message}`,
      ),
      recorded(
        'config',
        "Reads the agent's own settings",
        z.object({}),
        () => `agent ${agent.id}: ${agent.name}`,
      ),
    ],
    'agent-memory': [
      recorded(
        'memory',
        "Reads and writes the agent's persistent memory",
        z.object({ fact: z.string().optional() }),
        ({ fact }) => (fact ? `remembered: ${fact}` : 'no memories yet'),
      ),
    ],
    skills: [
      recorded(
        'search_skills',
        'Searches the skill marketplace (read-only)',
        query,
        ({ query }) => `skills matching "${query}"`,
      ),
      recorded(
        'install_skill',
        'Installs one skill found by search_skills',
        z.object({ id: z.string() }),
        ({ id }) => `installed ${id}`,
      ),
    ],
  };
}
