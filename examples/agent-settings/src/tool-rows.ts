// The edit dialog's rows: only `user` tools, in category sections in the catalog's order, one row
// (one switch) per pair group; a switch writes its tools' catalog keys into `disabledTools`, the one
// list the agent (Claude Agent SDK) and the chat (Vercel AI SDK) both read.
import {
  CLAUDE_TOOL_CATEGORIES,
  CLAUDE_TOOL_REGISTRY,
  CLAUDE_USER_TOOLS,
  type ClaudeToolCategory,
  type ClaudeToolKey,
} from './generated/claude/registry';

export interface ToolRow {
  /** The pair group's name, or the tool key for a tool toggled on its own. */
  readonly id: string;
  /** Its tools: what switching the row off writes into `disabledTools`. */
  readonly tools: readonly ClaudeToolKey[];
}

export interface CategorySection {
  readonly category: ClaudeToolCategory;
  readonly rows: readonly ToolRow[];
}

export function buildSections(): CategorySection[] {
  const rowsByCategory = new Map<ClaudeToolCategory, Map<string, ClaudeToolKey[]>>();
  // CLAUDE_USER_TOOLS is already in category order, then catalog order.
  for (const key of CLAUDE_USER_TOOLS) {
    const tool: { category?: ClaudeToolCategory; pairGroup?: string } = CLAUDE_TOOL_REGISTRY[key];
    if (!tool.category) continue;
    const rows = rowsByCategory.get(tool.category) ?? new Map<string, ClaudeToolKey[]>();
    rowsByCategory.set(tool.category, rows);
    const id = tool.pairGroup ?? key;
    rows.set(id, [...(rows.get(id) ?? []), key]);
  }
  return CLAUDE_TOOL_CATEGORIES.filter((c) => rowsByCategory.has(c)).map((category) => ({
    category,
    rows: [...rowsByCategory.get(category)!].map(([id, tools]) => ({ id, tools })),
  }));
}

/** A row is on when none of its tools is disabled. */
export const isRowOn = (row: ToolRow, disabled: readonly string[]) =>
  row.tools.every((k) => !disabled.includes(k));

export function toggleRow(row: ToolRow, disabled: readonly string[]): string[] {
  return isRowOn(row, disabled)
    ? [...new Set([...disabled, ...row.tools])]
    : disabled.filter((k) => !(row.tools as readonly string[]).includes(k));
}
