// The MCP `CallToolResult` every Themis tool handler returns.
export const textResult = (text: string) => ({ content: [{ type: 'text' as const, text }] });
