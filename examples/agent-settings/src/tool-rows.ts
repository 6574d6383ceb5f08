// The edit dialog's rows: only `user` tools, in category sections in the catalog's
// order, one row (one switch) per pair group, each row knowing the runtime names it writes.
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
  readonly tools: readonly ClaudeToolKey[];
  /** What switching the row off writes into `disabledTools`. */
  readonly names: readonly string[];
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
    rows: [...rowsByCategory.get(category)!].map(([id, tools]) => ({
      id,
      tools,
      names: tools.flatMap((k) => CLAUDE_TOOL_REGISTRY[k].names),
    })),
  }));
}

/** A row is on when none of its names is disabled. */
export const isRowOn = (row: ToolRow, disabled: readonly string[]) =>
  row.names.every((n) => !disabled.includes(n));

export function toggleRow(row: ToolRow, disabled: readonly string[]): string[] {
  return isRowOn(row, disabled)
    ? [...new Set([...disabled, ...row.names])]
    : disabled.filter((n) => !row.names.includes(n));
}
