// What an SDK version changed outside the tool inputs, which no catalog depends on: hook events,
// the output types of tools, and every other declaration of its `.d.ts` files — summed up in one line.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { schemaChanges } from '../drift/schema-changes.js';
import type { SchemaSummary } from '../mcp/schema-summary.js';

/** The declarations of one SDK version's type files, read for the comparison. */
export interface SdkDeclarations {
  /** Each top-level declaration's text without comments or layout, by name. */
  readonly texts: ReadonlyMap<string, string>;
  /** `HOOK_EVENTS`, when the SDK exports it. */
  readonly hookEvents: readonly string[];
}

export interface OutsideChanges {
  readonly hookEvents: { readonly added: readonly string[]; readonly removed: readonly string[] };
  /** Tools whose output type changed (added, removed or changed fields). */
  readonly outputs: readonly string[];
  /** Other declarations of the SDK's type files added, removed or changed, by name. */
  readonly types: {
    readonly added: readonly string[];
    readonly removed: readonly string[];
    readonly changed: readonly string[];
  };
}

/** Declarations that are the tool list itself (compared tool by tool) or the hook events (compared one by one). */
const TOOL_LISTS = ['ToolInputSchemas', 'ToolOutputSchemas', 'HOOK_EVENTS', 'BUILTIN_TOOL_NAMES'];

/** The files whose declarations count: the tool types and the SDK's main types. */
const FILES = ['sdk-tools.d.ts', 'sdk.d.ts'];

/** A line that starts a top-level declaration, and the name it declares. */
const DECLARATION =
  /^(?:export\s+)?(?:declare\s+)?(?:type|interface|const|let|var|function|class|enum|namespace)\s+([A-Za-z_$][\w$]*)/;

/** Text without comments and with one space for any run of white space: only what the types say. */
const bare = (text: string) =>
  text
    .replace(/\/\*[\s\S]*?\*\//g, ' ')
    .replace(/(^|[^:])\/\/.*$/gm, '$1')
    .replace(/\s+/g, ' ')
    .trim();

/** Splits a `.d.ts` text at its top-level declarations (overloads of one name are joined). */
function declarationsOf(source: string, into: Map<string, string>): void {
  let name: string | undefined;
  let lines: string[] = [];
  const flush = () => {
    if (name !== undefined) into.set(name, `${into.get(name) ?? ''}${bare(lines.join('\n'))}`);
  };
  for (const line of source.split('\n')) {
    const match = DECLARATION.exec(line);
    if (match) {
      flush();
      name = match[1];
      lines = [];
    }
    lines.push(line);
  }
  flush();
}

/** Reads the declarations of the SDK package in `dir` (about 0.8 MB of text; no parser). */
export function readDeclarations(dir: string): SdkDeclarations {
  const texts = new Map<string, string>();
  for (const file of FILES) {
    const full = path.join(dir, file);
    if (existsSync(full)) declarationsOf(readFileSync(full, 'utf8'), texts);
  }
  const tuple = /\[([^\]]*)\]/.exec(texts.get('HOOK_EVENTS') ?? '')?.[1] ?? '';
  const hookEvents = [...tuple.matchAll(/'([^']*)'|"([^"]*)"/g)].map((m) => m[1] ?? m[2]!);
  return { texts, hookEvents };
}

const minus = (a: readonly string[], b: readonly string[]) => a.filter((x) => !b.includes(x));

/**
 * What changed outside the tool inputs. `inputTypes`: the input types of either version (and what
 * they are made of is compared field by field elsewhere); `outputs`: each output type's fields.
 */
export function outsideChanges(
  before: SdkDeclarations,
  after: SdkDeclarations,
  fields: {
    readonly before: ReadonlyMap<string, SchemaSummary>;
    readonly after: ReadonlyMap<string, SchemaSummary>;
  },
  inputTypes: ReadonlySet<string>,
  outputTypes: ReadonlyMap<string, string>,
): OutsideChanges {
  const outputs: string[] = [];
  // A tool one version does not have is a tool change, reported with the tools.
  for (const [type, tool] of outputTypes) {
    const a = fields.before.get(type);
    const b = fields.after.get(type);
    if (a && b && schemaChanges(a, b).length > 0) outputs.push(tool);
  }
  const counted = new Set([...inputTypes, ...outputTypes.keys(), ...TOOL_LISTS]);
  const names = (d: SdkDeclarations) => [...d.texts.keys()].filter((n) => !counted.has(n));
  const changed = names(after).filter(
    (n) => before.texts.has(n) && before.texts.get(n) !== after.texts.get(n),
  );
  return {
    hookEvents: {
      added: minus(after.hookEvents, before.hookEvents),
      removed: minus(before.hookEvents, after.hookEvents),
    },
    outputs: outputs.sort(),
    types: {
      added: names(after).filter((n) => !before.texts.has(n)),
      removed: names(before).filter((n) => !after.texts.has(n)),
      changed,
    },
  };
}

const list = (names: readonly string[], most = 4) =>
  names.length <= most
    ? names.join(', ')
    : `${names.slice(0, most).join(', ')} and ${names.length - most} more`;

/** The changes as one line's worth of parts; empty when nothing changed outside the tool inputs. */
export function outsideSummary(c: OutsideChanges): string[] {
  const parts: string[] = [];
  const events = [
    ...c.hookEvents.added.map((e) => `+${e}`),
    ...c.hookEvents.removed.map((e) => `-${e}`),
  ];
  if (events.length > 0) parts.push(`hook events ${events.join(', ')}`);
  if (c.outputs.length > 0) parts.push(`output fields of ${list(c.outputs)}`);
  const t = c.types;
  const count = t.added.length + t.removed.length + t.changed.length;
  if (count > 0)
    parts.push(
      `${count} other declaration${count === 1 ? '' : 's'} (` +
        [
          ...(t.added.length > 0 ? [`added: ${list(t.added)}`] : []),
          ...(t.removed.length > 0 ? [`removed: ${list(t.removed)}`] : []),
          ...(t.changed.length > 0 ? [`changed: ${list(t.changed)}`] : []),
        ].join('; ') +
        ')',
    );
  return parts;
}
