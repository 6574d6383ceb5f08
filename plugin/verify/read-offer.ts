// What one request to the Messages API offered the model, read the way the runtime announces it:
// tools in `tools[]` are direct; tools named in the runtime's "deferred tools are now available via
// ToolSearch" message (or sent with `defer_loading: true`) are deferred; a deferred-loading tool that
// nobody asked for is the runtime's own placeholder (such as `DeferredToolPlaceholder`), not an offer.
import type { MessagesRequest } from './fake-api.js';

export interface LiveOffer {
  readonly direct: readonly string[];
  readonly deferred: readonly string[];
  /** Tools the runtime sent that cannot be called: deferred-loading, no parameters, not asked for. */
  readonly placeholders: readonly string[];
}

const DEFERRED_ANNOUNCEMENT = 'deferred tools are now available via ToolSearch';
/** A tool name as the API accepts it; anything else (a closing `</system-reminder>` tag, prose) ends the list. */
const TOOL_NAME = /^[A-Za-z0-9_-]{1,128}$/;

/** Every text the request carries: system blocks and message text blocks. */
function textsOf(turn: MessagesRequest): string[] {
  const texts: string[] = [];
  const collect = (content: unknown) => {
    if (typeof content === 'string') texts.push(content);
    else if (Array.isArray(content))
      for (const block of content as { type?: string; text?: unknown }[])
        if (block?.type === 'text' && typeof block.text === 'string') texts.push(block.text);
  };
  collect(turn.system);
  for (const message of turn.messages ?? []) collect(message.content);
  return texts;
}

/** The names listed after the runtime's deferred-tools announcement, up to the first line that is not a name. */
export function announcedDeferred(turn: MessagesRequest | undefined): string[] {
  if (!turn) return [];
  for (const text of textsOf(turn)) {
    const at = text.indexOf(DEFERRED_ANNOUNCEMENT);
    if (at < 0) continue;
    const start = text.indexOf(':\n', at);
    if (start < 0) continue;
    const names: string[] = [];
    for (const line of text.slice(start + 2).split('\n')) {
      const name = line.trim();
      if (!TOOL_NAME.test(name)) break;
      names.push(name);
    }
    return names;
  }
  return [];
}

const hasNoParameters = (schema: unknown) => {
  const properties = (schema as { properties?: unknown } | undefined)?.properties;
  return (
    properties === undefined ||
    (typeof properties === 'object' && properties !== null && Object.keys(properties).length === 0)
  );
};

/** Reads one main-turn request; `asked(name)` says whether the session asked for a tool of that name. */
export function readOffer(
  turn: MessagesRequest | undefined,
  asked: (name: string) => boolean,
): LiveOffer {
  const direct: string[] = [];
  const deferred = new Set(announcedDeferred(turn));
  const placeholders: string[] = [];
  for (const tool of turn?.tools ?? []) {
    const deferredLoading = (tool as { defer_loading?: unknown }).defer_loading === true;
    if (!deferredLoading) direct.push(tool.name);
    else if (!asked(tool.name) && hasNoParameters(tool.input_schema)) placeholders.push(tool.name);
    else deferred.add(tool.name);
  }
  return { direct, deferred: [...deferred].filter((name) => !direct.includes(name)), placeholders };
}
