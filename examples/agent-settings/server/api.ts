// The small local API behind the edit dialog: read an agent, write its `disabledTools` (catalog
// keys: the one list the agent path and the chat path both read), and answer with what the Claude
// Agent SDK would receive (`resolveClaudeToolPolicy`, the policy rules over the generated tables).
// Vite loads it per request with ssrLoadModule, so a catalog edit reaches the policy without a restart.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { migrateClaudeOptOuts } from '../src/generated/claude/opt-outs';
import {
  resolveClaudeToolPolicy,
  type ClaudeToolConditionContext,
} from '../src/generated/claude/policy';
import { CLAUDE_USER_TOOLS } from '../src/generated/claude/registry';
import { SESSION_CONTEXT, storedOptOuts } from './agent-tools';
import type { AgentStore } from './db';

export interface AgentView {
  readonly id: string;
  readonly name: string;
  /** The stored opt-outs, in catalog keys. */
  readonly disabledTools: readonly string[];
  readonly context: ClaudeToolConditionContext;
  readonly sdk: {
    readonly disallowedTools: readonly string[];
    readonly allowedTools: readonly string[];
  };
}

/** Only user tools may be switched off: the dialog cannot block an internal, disabled or conditional tool. */
const WRITABLE = new Set<string>(CLAUDE_USER_TOOLS);

function view(row: { id: string; name: string; disabledTools: string[] }): AgentView {
  const { disabledTools } = storedOptOuts(row);
  const policy = resolveClaudeToolPolicy({ disabledTools }, SESSION_CONTEXT);
  return {
    id: row.id,
    name: row.name,
    disabledTools,
    context: SESSION_CONTEXT,
    sdk: { disallowedTools: policy.disallowedTools, allowedTools: policy.allowedTools },
  };
}

/** Sends `body` as JSON; true, so a handler can answer and say it handled the request in one statement. */
function send(res: ServerResponse, status: number, body: unknown): true {
  res.statusCode = status;
  res.setHeader('content-type', 'application/json; charset=utf-8');
  res.end(JSON.stringify(body));
  return true;
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString('utf8') || 'null');
}

/** Handles `/api/agents/:id` (GET) and `/api/agents/:id/disabled-tools` (PUT `{ disabledTools }`); false for other URLs. */
export async function handleApiRequest(
  store: AgentStore,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<boolean> {
  const match = /^\/api\/agents\/([\w-]+)(\/disabled-tools)?$/.exec((req.url ?? '').split('?')[0]!);
  if (!match) return false;
  const [, id, sub] = match;
  const row = store.get(id!);
  if (!row) return send(res, 404, { error: `No agent '${id}'.` });
  if (!sub && req.method === 'GET') return send(res, 200, view(row));
  if (sub && req.method === 'PUT') {
    const body = (await readJson(req).catch(() => null)) as { disabledTools?: unknown } | null;
    const list = body?.disabledTools;
    if (!Array.isArray(list) || !list.every((n): n is string => typeof n === 'string'))
      return send(res, 400, { error: 'Send { "disabledTools": string[] }.' });
    // Stored by catalog key: a runtime name or a former name is saved as today's key.
    const migrated = migrateClaudeOptOuts(list);
    if (migrated.unknown.length > 0)
      return send(res, 400, { error: migrated.unknown.map((u) => u.reason).join(' ') });
    const fixed = migrated.optOuts.filter((key) => !WRITABLE.has(key));
    if (fixed.length > 0)
      return send(res, 400, { error: `Not user-toggleable tools: ${fixed.join(', ')}.` });
    return send(res, 200, view(store.setDisabledTools(id!, migrated.optOuts)!));
  }
  return send(res, 405, { error: `${req.method} is not supported here.` });
}
