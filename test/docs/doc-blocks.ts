// Reads the fenced blocks of README.md and docs/*.md with the `<!-- doc-test: … -->` comment that may
// precede each, and says what the doc test does with it: run it, compare it with a command's output,
// type-check it, hold it against a file `init` wrote in an app (and type-check that app), compare a
// usage line with the command's flags, or skip it as illustrative.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

type BlockKind =
  | 'sh'
  | 'session'
  | 'output'
  | 'ts'
  | 'app-file'
  | 'usage'
  | 'illustrative'
  | 'unmarked';

export interface DocBlock {
  /** `docs/drift.md:108` (the block's first line). */
  readonly where: string;
  readonly file: string;
  readonly line: number;
  readonly lang: string;
  readonly text: string;
  readonly kind: BlockKind;
  /** The fixture it runs in (`repo`, `app-ui`, `app-server`) and a folder inside it. */
  readonly fixture: string;
  readonly subdir: string;
  /** `session`: the command after `$`; `output`: the command named by `output of`; `usage`: the command. */
  readonly command?: string;
  /** Exit code the command(s) must end with. */
  readonly exit: number;
  /** `illustrative`: why it is not run. */
  readonly reason?: string;
  /** `app-file`: the file of the fixture (an app `init` made) that the block shows, relative to it. */
  readonly appFile?: string;
}

const DIRECTIVE = /^<!--\s*doc-test:\s*(.*?)\s*-->$/;

/**
 * `in app-ui/src; exit 1` → options; unknown words fail loudly (a typo must not silently skip a block).
 * `as src/agent-server.ts`: the block is that file of the fixture, as `init` wrote it there.
 */
function parseDirective(text: string, where: string) {
  const options: {
    fixture?: string;
    exit?: number;
    illustrative?: string;
    output?: string;
    usage?: string;
    as?: string;
  } = {};
  // An illustrative block's reason is free text (it may hold `;`).
  const reason = /^illustrative\b\s*(?:[—-]\s*)?(.*)$/s.exec(text);
  if (reason) return { illustrative: reason[1] || 'illustrative' };
  for (const part of text
    .split(';')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const illustrative = /^illustrative\b\s*(?:[—-]\s*)?(.*)$/.exec(part);
    const fixture = /^in (\S+)$/.exec(part);
    const exit = /^exit (\d+)$/.exec(part);
    const output = /^output of `([^`]+)`$/.exec(part);
    const usage = /^usage of (\S+)$/.exec(part);
    const as = /^as (\S+)$/.exec(part);
    if (illustrative) options.illustrative = illustrative[1] || 'illustrative';
    else if (fixture) options.fixture = fixture[1];
    else if (exit) options.exit = Number(exit[1]);
    else if (output) options.output = output[1];
    else if (usage) options.usage = usage[1];
    else if (as) options.as = as[1];
    else throw new Error(`${where}: unknown doc-test directive '${part}'`);
  }
  return options;
}

function kindOf(lang: string, text: string, options: ReturnType<typeof parseDirective>): BlockKind {
  if (options.illustrative) return 'illustrative';
  if (options.usage) return 'usage';
  if (options.as) return 'app-file';
  if (options.output) return 'output';
  if (/^\$ /.test(text)) return 'session';
  if (lang === 'sh' || lang === 'bash' || lang === 'shell') return 'sh';
  if (lang === 'ts' || lang === 'typescript' || lang === 'tsx') return 'ts';
  return 'unmarked';
}

function readBlocks(root: string, file: string): DocBlock[] {
  const lines = readFileSync(path.join(root, file), 'utf8').split('\n');
  const blocks: DocBlock[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = /^```(\S*)\s*$/.exec(lines[i]!);
    if (!open) continue;
    const start = i;
    const body: string[] = [];
    for (i++; i < lines.length && !/^```\s*$/.test(lines[i]!); i++) body.push(lines[i]!);
    const where = `${file}:${start + 2}`;
    const previous = lines[start - 1]?.trim() ?? '';
    const options = DIRECTIVE.test(previous)
      ? parseDirective(DIRECTIVE.exec(previous)![1]!, where)
      : {};
    const text = body.join('\n');
    const [fixture = 'repo', ...sub] = (options.fixture ?? 'repo').split('/');
    const kind = kindOf(open[1]!, text, options);
    blocks.push({
      where,
      file,
      line: start + 2,
      lang: open[1]!,
      text,
      kind,
      fixture,
      subdir: sub.join('/'),
      command:
        options.output ??
        options.usage ??
        (kind === 'session' ? /^\$ (.*)$/m.exec(text)![1] : undefined),
      exit: options.exit ?? 0,
      reason: options.illustrative,
      appFile: options.as,
    });
  }
  return blocks;
}

/** README.md and every docs/*.md, in that order. */
export function documentedBlocks(root: string): DocBlock[] {
  const docs = readdirSync(path.join(root, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .sort()
    .map((f) => `docs/${f}`);
  return ['README.md', ...docs].flatMap((f) => readBlocks(root, f));
}

/** The commands of an `sh` block: one per line, `# comments` and blank lines dropped. */
export const shCommands = (text: string): string[] =>
  text
    .split('\n')
    .map((l) => l.replace(/(^|\s)#\s.*$/, '').trim())
    .filter(Boolean);

/** Timings and the fixture's path, which differ from run to run, written one way in both texts. */
export function normalise(text: string, fixtureDir: string): string {
  return (
    text
      .replaceAll(fixtureDir, '<dir>')
      // biome-ignore lint/suspicious/noControlCharactersInRegex: terminal colour sequences are what this removes.
      .replace(/\x1b\[[0-9;]*m/g, '')
      .replace(/\b\d+(\.\d+)? ?(ms|s)\b/g, '<time>')
      .replace(/[ \t]+$/gm, '')
  );
}

const lineMatches = (pattern: string, line: string) =>
  new RegExp(
    `^${pattern
      .split('…')
      .map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
      .join('.*')}$`,
  ).test(line);

/** `want` placed on `got` from the start; with `toEnd`, every line of `got` left over must be blank. */
function placed(want: readonly string[], got: readonly string[], toEnd: boolean): boolean {
  const match = (w: number, g: number): boolean => {
    if (w === want.length) return !toEnd || got.slice(g).every((l) => l === '');
    if (/^\s*…(\s.*)?$/.test(want[w]!)) {
      for (let skip = g; skip <= got.length; skip++) if (match(w + 1, skip)) return true;
      return false;
    }
    return g < got.length && lineMatches(want[w]!, got[g]!) && match(w + 1, g + 1);
  };
  return match(0, 0);
}

/**
 * Whether `actual` shows what the doc shows, all of it: the doc's lines in order, where a line that is
 * `…` (alone, or followed by a comment: `… (37 more runs)`) stands for any number of lines, `…` inside
 * a line for any text, and `  # …` at a line's end is the doc's annotation (not output). Returns the first doc line that does not match, or undefined.
 */
export function outputMismatch(shown: string, actual: string): string | undefined {
  const want = shown.split('\n').map((l) => l.replace(/\s{2,}#\s.*$/, '').replace(/[ \t]+$/, ''));
  while (want.at(-1) === '') want.pop();
  const got = actual.split('\n').map((l) => l.replace(/[ \t]+$/, ''));
  if (placed(want, got, true)) return undefined;
  for (let w = 1; w <= want.length; w++)
    if (!placed(want.slice(0, w), got, false)) return want[w - 1];
  return '(the output goes on after the last line the doc shows; end the block with a line `…`)';
}

export interface SessionStep {
  readonly command: string;
  readonly shown: string;
  /** From a `(exit N)` line after the output; else the block's. */
  readonly exit?: number;
}

/** A `$ command` block: each `$` line and the output shown under it, up to the next `$` line. */
export function sessionSteps(text: string): SessionStep[] {
  const steps: SessionStep[] = [];
  for (const part of text.split(/^(?=\$ )/m).filter((p) => p.startsWith('$ '))) {
    const [first, ...rest] = part.split('\n');
    let exit: number | undefined;
    while (rest.length > 0 && rest.at(-1)!.trim() === '') rest.pop();
    const code = /^\(exit (\d+)\)$/.exec(rest.at(-1) ?? '');
    if (code) {
      exit = Number(code[1]);
      rest.pop();
    }
    steps.push({ command: first!.slice(2), shown: rest.join('\n'), exit });
  }
  return steps;
}

export interface SnippetFile {
  /** Where the doc says the file is (`catalog/tools.catalog.ts`), or undefined for a snippet of app code. */
  readonly path?: string;
  readonly text: string;
  /** Line of the block where this file starts (0-based). */
  readonly offset: number;
}

/** A `ts` block that shows several files, each under a `// <path>.ts` comment line, as those files. */
export function snippetFiles(text: string): SnippetFile[] {
  const lines = text.split('\n');
  const starts = lines.flatMap((l, i) => (/^\/\/ [\w./-]+\.m?tsx?\b/.test(l) ? [i] : []));
  if (starts.length === 0 || (starts.length === 1 && starts[0] !== 0)) return [{ text, offset: 0 }];
  return starts.map((start, i) => ({
    path: /^\/\/ ([\w./-]+\.m?tsx?)\b/.exec(lines[start]!)![1],
    text: lines.slice(start, starts[i + 1]).join('\n'),
    offset: start,
  }));
}
