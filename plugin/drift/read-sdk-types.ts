// Reads the SDK's `sdk-tools.d.ts` with a parser only (no type checker: it costs ~0.8 s to start):
// the members of the `ToolInputSchemas` / `ToolOutputSchemas` unions, with their positions.
import type { Statement, TSType, TSTypeAliasDeclaration } from '@babel/types';
import { readFileSync } from 'node:fs';

const INPUT_UNION = 'ToolInputSchemas';
const OUTPUT_UNION = 'ToolOutputSchemas';

export interface SdkUnionMember {
  /** `FileReadInput` */
  readonly typeName: string;
  /** `FileRead`: the type name without the suffix of the union it was found in. */
  readonly base: string;
  readonly union: 'input' | 'output';
  /** 1-based position of the member in the file. */
  readonly line: number;
  readonly column: number;
}

export interface SdkTypesFile {
  readonly file: string;
  /** Tool members of both unions, nested unions flattened, in file order. */
  readonly members: readonly SdkUnionMember[];
  /** Members that name no tool (neither `…Input`/`…Output` nor a union of such), with the reason. */
  readonly ignored: readonly { readonly typeName: string; readonly reason: string }[];
}

export class SdkTypesError extends Error {
  override name = 'SdkTypesError';
}

type BabelParse = typeof import('@babel/parser').parse;
let parser: BabelParse | undefined;

/** Loaded on first use so that other commands never pay for the parser. */
export async function loadParser(): Promise<BabelParse> {
  parser ??= (await import('@babel/parser')).parse;
  return parser;
}

/** Type aliases declared at the top level, exported or not. */
function typeAliases(body: readonly Statement[]): Map<string, TSTypeAliasDeclaration> {
  const out = new Map<string, TSTypeAliasDeclaration>();
  for (const statement of body) {
    const declaration =
      statement.type === 'ExportNamedDeclaration' ? statement.declaration : statement;
    if (declaration?.type === 'TSTypeAliasDeclaration') out.set(declaration.id.name, declaration);
  }
  return out;
}

/** The members of a union type, with parentheses removed; a non-union is its own single member. */
function unionMembers(type: TSType): TSType[] {
  const unwrapped =
    (type as { type: string }).type === 'TSParenthesizedType'
      ? (type as unknown as { typeAnnotation: TSType }).typeAnnotation
      : type;
  return unwrapped.type === 'TSUnionType' ? unwrapped.types.flatMap(unionMembers) : [unwrapped];
}

const referenceName = (type: TSType): string | undefined =>
  type.type === 'TSTypeReference' && type.typeName.type === 'Identifier' && !type.typeParameters
    ? type.typeName.name
    : undefined;

/** Type references only (`A | B`, or one `A`): a nested tool union, not a tool's own union type. */
function isReferenceUnion(declaration: TSTypeAliasDeclaration): boolean {
  return unionMembers(declaration.typeAnnotation).every((m) => referenceName(m) !== undefined);
}

const TYPE_ALIAS_START = /^(?:export\s+)?(?:declare\s+)?type\s+[A-Za-z_$]/;
/** A line that starts a new top-level statement (or its doc comment) in a generated .d.ts. */
const STATEMENT_START = /^[A-Za-z_$@/#]/;

/**
 * Only the top-level type aliases of `source`, everything else blanked with newlines kept, so
 * positions stay exact while the parser skips the interfaces that make up most of the file.
 */
export function typeAliasesOnly(source: string): string {
  const lines = source.split('\n');
  let keep = false;
  return lines
    .map((line) => {
      if (STATEMENT_START.test(line)) keep = TYPE_ALIAS_START.test(line);
      return keep ? line : '';
    })
    .join('\n');
}

const parseOptions: NonNullable<Parameters<BabelParse>[1]> = {
  sourceType: 'module',
  plugins: [['typescript', { dts: true }]],
};

/** Parses `source` (the text of `file`) and collects the tool members of both unions. */
export function parseSdkTypes(parse: BabelParse, source: string, file: string): SdkTypesFile {
  let body: Statement[];
  try {
    try {
      body = parse(typeAliasesOnly(source), parseOptions).program.body;
    } catch {
      // A layout the line filter does not understand: parse the whole file (slower, and the error is real).
      body = parse(source, parseOptions).program.body;
    }
  } catch (error) {
    const e = error as Error & { loc?: { line: number; column: number } };
    const where = e.loc ? `${file}:${e.loc.line}:${e.loc.column + 1}` : file;
    throw new SdkTypesError(
      `${where}: cannot parse the SDK types (` +
        `${e.message.replace(/ \(\d+:\d+\)$/, '')}); pass the SDK's ` +
        `sdk-tools.d.ts with --sdk-types <file>.`,
    );
  }
  const aliases = typeAliases(body);
  const members: SdkUnionMember[] = [];
  const ignored: { typeName: string; reason: string }[] = [];
  for (const [unionName, union, suffix, other] of [
    [INPUT_UNION, 'input', 'Input', OUTPUT_UNION],
    [OUTPUT_UNION, 'output', 'Output', INPUT_UNION],
  ] as const) {
    const root = aliases.get(unionName);
    if (!root)
      throw new SdkTypesError(
        `${file}: no \`type ${unionName} = …\` union was found; is this the ` +
          `SDK's sdk-tools.d.ts? Pass the right file with --sdk-types <file>.`,
      );
    const seen = new Set<string>([unionName]);
    const visit = (type: TSType) => {
      for (const member of unionMembers(type)) {
        const typeName = referenceName(member);
        const loc = member.loc!.start;
        if (typeName === undefined) {
          ignored.push({
            typeName: source.slice(member.start!, member.end!),
            reason: `not a type name in ${unionName}`,
          });
        } else if (typeName === other) {
          // ToolInputSchemas lists ToolOutputSchemas as a member; it is read as its own union.
        } else if (seen.has(typeName)) {
          // A member listed twice, or a nested union that refers back to its parent.
        } else if (typeName.endsWith(suffix) && typeName.length > suffix.length) {
          seen.add(typeName);
          // Strip only this union's suffix: `TaskOutputInput` is the tool `TaskOutput`, `BashOutput` is `Bash`.
          members.push({
            typeName,
            base: typeName.slice(0, -suffix.length),
            union,
            line: loc.line,
            column: loc.column + 1,
          });
        } else if (aliases.has(typeName) && isReferenceUnion(aliases.get(typeName)!)) {
          seen.add(typeName);
          visit(aliases.get(typeName)!.typeAnnotation);
        } else {
          seen.add(typeName);
          ignored.push({ typeName, reason: `does not end in '${suffix}' in ${unionName}` });
        }
      }
    };
    visit(root.typeAnnotation);
  }
  return { file, members, ignored };
}

/** Reads and parses an `sdk-tools.d.ts` file. */
export async function readSdkTypes(file: string): Promise<SdkTypesFile> {
  let source: string;
  try {
    source = readFileSync(file, 'utf8');
  } catch {
    throw new SdkTypesError(
      `${file}: the SDK types file cannot be read; install ` +
        `@anthropic-ai/claude-agent-sdk or pass --sdk-types <file>.`,
    );
  }
  return parseSdkTypes(await loadParser(), source, file);
}
