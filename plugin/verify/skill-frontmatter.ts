// A SKILL.md's frontmatter, read within limits: only the head of the file is read (the body can be
// any size), the frontmatter may not pass 64 KiB, YAML aliases expand at most 100 times, and every
// problem — bad YAML, too large, an alias bomb, a field of the wrong shape — is a VerifySetupProblem
// at `file:line:col` that says how to fix it, never an error of the YAML library's own.
import { open } from 'node:fs/promises';
import {
  isMap,
  isScalar,
  isSeq,
  LineCounter,
  parseDocument,
  visit,
  type Document,
  type Node,
} from 'yaml';
import { VerifySetupProblem } from './problems.js';

/** The largest frontmatter verify reads: a real one is a few hundred bytes. */
const MAX_FRONTMATTER_BYTES = 64 * 1024;
/** How many aliases a frontmatter may expand: enough for any real one, far too few for a bomb. */
const MAX_FRONTMATTER_ALIASES = 100;

/** The fields verify reads, checked. */
export interface SkillFields {
  readonly name?: string;
  /** As written: one string, or a list of strings. */
  readonly allowedTools?: string | readonly string[];
}

/** The first `bytes` bytes of a file, and whether that is all of it. */
async function head(file: string, bytes: number): Promise<{ text: string; whole: boolean }> {
  const handle = await open(file, 'r');
  try {
    const buffer = Buffer.alloc(bytes + 1);
    const { bytesRead } = await handle.read(buffer, 0, bytes + 1, 0);
    return {
      text: buffer.subarray(0, Math.min(bytesRead, bytes)).toString('utf8'),
      whole: bytesRead <= bytes,
    };
  } finally {
    await handle.close();
  }
}

const OPENING = /^---\r?\n/;
const CLOSING = /\r?\n---(?:\r?\n|$)/;

/** A problem at `line:col` of the file (1-based). */
const problem = (file: string, line: number, col: number, what: string) =>
  new VerifySetupProblem(
    `${file}:${line}:${col}: ${what}; fix it so the runtime and verify read the same skill.`,
  );

/** The YAML between the `---` lines at the top of the file, or undefined when there is none. */
async function frontmatterText(file: string): Promise<string | undefined> {
  // The frontmatter, its two delimiter lines and a line ending or two more than the limit.
  const { text, whole } = await head(file, MAX_FRONTMATTER_BYTES + 16);
  const opening = OPENING.exec(text);
  if (!opening) return undefined;
  const rest = text.slice(opening[0].length - 1);
  const closing = CLOSING.exec(rest);
  // A `---` at the very end of a head that is not the whole file may go on (`---x`): not a closing.
  const closes =
    closing !== null &&
    (whole || closing.index + closing[0].length < rest.length || closing[0].endsWith('\n'));
  if (!closes) {
    if (whole) return undefined;
    throw problem(
      file,
      2,
      1,
      `its frontmatter does not end within ${MAX_FRONTMATTER_BYTES} bytes (verify reads a ` +
        `frontmatter up to that size); shorten it, or close it with a --- line`,
    );
  }
  const yaml = rest.slice(1, closing!.index);
  if (Buffer.byteLength(yaml) > MAX_FRONTMATTER_BYTES)
    throw problem(
      file,
      2,
      1,
      `its frontmatter is ${Buffer.byteLength(yaml)} bytes, more than the ` +
        `${MAX_FRONTMATTER_BYTES} verify reads; shorten it`,
    );
  return yaml;
}

const kindOf = (value: unknown) =>
  value === null
    ? 'null'
    : Array.isArray(value)
      ? 'a list'
      : typeof value === 'object'
        ? 'a mapping'
        : `a ${typeof value}`;

/** The fields of a SKILL.md's frontmatter that verify reads (none when it has no frontmatter). */
export async function readSkillFields(file: string): Promise<SkillFields> {
  const yaml = await frontmatterText(file);
  if (yaml === undefined) return {};
  const lines = new LineCounter();
  const doc = parseDocument(yaml, { lineCounter: lines });
  // The frontmatter starts on the file's second line.
  const at = (offset: number | undefined, what: string) => {
    const { line, col } = lines.linePos(offset ?? 0);
    return problem(file, line + 1, col, what);
  };
  const error = doc.errors[0];
  if (error)
    throw at(
      error.pos[0],
      `its frontmatter is not valid YAML (${error.message.split('\n')[0]?.replace(/ at line \d+, column \d+:?$/, '')})`,
    );
  let data: unknown;
  try {
    data = doc.toJS({ maxAliasCount: MAX_FRONTMATTER_ALIASES });
  } catch (thrown) {
    const message = thrown instanceof Error ? thrown.message : String(thrown);
    if (/alias/i.test(message))
      throw at(
        firstAlias(doc),
        `its frontmatter expands YAML aliases more than ${MAX_FRONTMATTER_ALIASES} times; write ` +
          `the values out`,
      );
    throw at(0, `its frontmatter cannot be read (${message})`);
  }
  if (data === null || data === undefined) return {};
  if (!isMap(doc.contents))
    throw at(
      doc.contents?.range?.[0],
      `its frontmatter is ${kindOf(data)} where a mapping of fields (name, description, allowed-tools) belongs`,
    );
  return fieldsOf(doc.contents, at);
}

/** Where the first alias of the document is, in the frontmatter. */
function firstAlias(doc: Document): number | undefined {
  let offset: number | undefined;
  visit(doc, {
    Alias(_, node) {
      offset = node.range?.[0];
      return visit.BREAK;
    },
  });
  return offset;
}

type At = (offset: number | undefined, what: string) => VerifySetupProblem;

/** `name` and `allowed-tools`, each checked where it is written. */
function fieldsOf(map: { items: { key: unknown; value: unknown }[] }, at: At): SkillFields {
  const field = (name: string) =>
    map.items.find((pair) => isScalar(pair.key) && pair.key.value === name)?.value as
      | Node
      | null
      | undefined;
  const out: { name?: string; allowedTools?: string | string[] } = {};
  const name = field('name');
  if (name != null) {
    if (!isScalar(name) || typeof name.value !== 'string')
      throw at(name.range?.[0], `its name must be a string`);
    out.name = name.value;
  }
  const tools = field('allowed-tools');
  if (tools != null) {
    if (isScalar(tools) && typeof tools.value === 'string') out.allowedTools = tools.value;
    else if (isSeq(tools)) {
      out.allowedTools = tools.items.map((item) => {
        if (!isScalar(item) || typeof item.value !== 'string')
          throw at(
            (item as Node | null)?.range?.[0] ?? tools.range?.[0],
            `each entry of its allowed-tools must be a tool name (a string)`,
          );
        return item.value;
      });
    } else
      throw at(
        tools.range?.[0],
        `its allowed-tools must be a list of tool names or one string of them`,
      );
  }
  return out;
}
