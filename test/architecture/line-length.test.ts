// Keeps the source readable at a glance: plugin/ averages at most 40 characters a line, and no line is
// longer than 120 unless a literal that cannot be split (a pattern, an inline snapshot) makes it so.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ts } from 'ts-morph';
import { describe, expect, it } from 'vitest';
import { REPO } from '../support/paths';
import { sourceFiles } from '../support/source-files';

const MAX_LINE = 120;
const MAX_AVERAGE = 40;

const LITERALS = new Set([
  ts.SyntaxKind.StringLiteral,
  ts.SyntaxKind.NoSubstitutionTemplateLiteral,
  ts.SyntaxKind.TemplateHead,
  ts.SyntaxKind.TemplateMiddle,
  ts.SyntaxKind.TemplateTail,
  ts.SyntaxKind.RegularExpressionLiteral,
]);

/** Every line of `text` longer than MAX_LINE once the literals on it are left out: `file:line`. */
function longLines(file: string, text: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  // How many characters of each line literals take up.
  const inLiterals = new Map<number, number>();
  const visit = (node: ts.Node): void => {
    if (LITERALS.has(node.kind)) {
      const start = node.getStart(source);
      const end = node.getEnd();
      for (let at = start; at < end; ) {
        const { line } = source.getLineAndCharacterOfPosition(at);
        const lineEnd = source.getLineEndOfPosition(at);
        const taken = Math.min(end, lineEnd) - at;
        inLiterals.set(line, (inLiterals.get(line) ?? 0) + taken);
        at = lineEnd + 1;
      }
    }
    node.forEachChild(visit);
  };
  visit(source);
  return text
    .split('\n')
    .flatMap((line, i) =>
      line.length > MAX_LINE && line.length - (inLiterals.get(i) ?? 0) > MAX_LINE
        ? [`${file}:${i + 1}`]
        : [],
    );
}

/** Every source file of plugin/, spec files too, with its text: read once for both checks. */
const SOURCES = sourceFiles('plugin', { specs: true }).map((file) => ({
  file,
  text: readFileSync(path.join(REPO, file), 'utf8'),
}));

describe('line length in plugin/', () => {
  it(`averages at most ${MAX_AVERAGE} characters a line`, () => {
    let characters = 0;
    let lines = 0;
    for (const { text } of SOURCES) {
      const all = text.split('\n');
      lines += all.length;
      characters += all.reduce((sum, line) => sum + line.length, 0);
    }
    expect(characters / lines).toBeLessThanOrEqual(MAX_AVERAGE);
  });

  it(`has no line over ${MAX_LINE} characters outside literals that cannot be split`, () => {
    const found = SOURCES.flatMap(({ file, text }) => longLines(file, text));
    expect(found).toEqual([]);
  });

  it('counts a long comment or long code, and lets a long literal be', () => {
    const long = 'x'.repeat(MAX_LINE);
    expect(longLines('a.ts', `// ${long}\n`)).toEqual(['a.ts:1']);
    expect(longLines('a.ts', `const a = f(${long}, 1);\n`)).toEqual(['a.ts:1']);
    expect(longLines('a.ts', `const a = '${long}';\n`)).toEqual([]);
    expect(longLines('a.ts', `const a = /${long}/;\n`)).toEqual([]);
    expect(longLines('a.ts', `const a = \`\n${long}\n\`;\n`)).toEqual([]);
  });
});
