// Each template reads exactly the view template-views.ts declares for it: every field a template reads
// exists in its view type (a misspelled field fails here, not as empty output), and every view field is
// read by the template (a field nobody lays out is dead weight). Read statically: the view types with
// the TypeScript compiler, the templates with Handlebars' own parser.
import { readdirSync, readFileSync } from 'node:fs';
import Handlebars from 'handlebars';
import { Project, type Node, type Type } from 'ts-morph';
import { describe, expect, it } from 'vitest';
import { repoPath } from '../support/paths';

/** Every path a view type has (`entries`, `entries[]`, `sections[].rows[].key`), and which are fields. */
interface ViewShape {
  readonly paths: Set<string>;
  /** Named properties (not array elements): each must be read. */
  readonly fields: Set<string>;
}

function elementType(type: Type): Type | undefined {
  if (type.isArray()) return type.getArrayElementType();
  if (type.getSymbol()?.getName() === 'ReadonlyArray') return type.getTypeArguments()[0];
  return undefined;
}

function walk(type: Type, at: Node, path: string, shape: ViewShape): void {
  shape.paths.add(path);
  const defined = type.isUnion() ? type.getUnionTypes().filter((t) => !t.isUndefined()) : [type];
  if (defined.length !== 1) return; // a union of texts (`string | undefined` is one) is a leaf
  const only = defined[0]!;
  const element = elementType(only);
  if (element) {
    walk(element, at, `${path}[]`, shape);
    return;
  }
  if (only.isString() || only.isBoolean() || only.isNumber() || only.isLiteral()) return;
  if (!only.isObject() && !only.isIntersection()) return;
  for (const property of only.getProperties()) {
    const child = path ? `${path}.${property.getName()}` : property.getName();
    shape.fields.add(child);
    walk(property.getTypeAtLocation(at), at, child, shape);
  }
}

function viewShapes(): Map<string, ViewShape> {
  const project = new Project({
    tsConfigFilePath: repoPath('tsconfig.json'),
    skipAddingFilesFromTsConfig: true,
  });
  const file = project.addSourceFileAtPath(repoPath('plugin/render/template-views.ts'));
  const views = file.getInterfaceOrThrow('TemplateViews');
  const shapes = new Map<string, ViewShape>();
  for (const property of views.getProperties()) {
    const shape: ViewShape = { paths: new Set(), fields: new Set() };
    walk(property.getType(), property, '', shape);
    shapes.set(property.getName().replace(/^'|'$/g, ''), shape);
  }
  return shapes;
}

type HbNode = { type: string; [key: string]: unknown };
type PathNode = { type: 'PathExpression'; parts: string[]; depth: number };

/** Every view path a template reads, resolving `this`, `../` and `#each` scopes; `x.length` reads `x`. */
function templateReads(source: string): Set<string> {
  const reads = new Set<string>();
  const join = (base: string, parts: readonly string[]) =>
    [base, ...parts].filter((p) => p !== '').join('.');
  const resolve = (node: PathNode, scopes: readonly string[]) => {
    const base = scopes[scopes.length - 1 - node.depth]!;
    const parts = node.parts.at(-1) === 'length' ? node.parts.slice(0, -1) : node.parts;
    const path = join(base, parts);
    reads.add(path);
    return path;
  };
  const visit = (node: HbNode | undefined, scopes: readonly string[]): void => {
    if (!node) return;
    if (node.type === 'Program') for (const child of node.body as HbNode[]) visit(child, scopes);
    else if (node.type === 'MustacheStatement') resolve(node.path as PathNode, scopes);
    else if (node.type === 'BlockStatement') {
      const helper = (node.path as PathNode).parts[0];
      const subject = resolve((node.params as PathNode[])[0]!, scopes);
      visit(node.program as HbNode, helper === 'each' ? [...scopes, `${subject}[]`] : scopes);
      visit(node.inverse as HbNode | undefined, scopes);
    }
  };
  visit(Handlebars.parse(source) as unknown as HbNode, ['']);
  return reads;
}

const TEMPLATES = repoPath('templates');
const templateNames = readdirSync(TEMPLATES)
  .filter((f) => f.endsWith('.hbs'))
  .map((f) => f.slice(0, -'.hbs'.length))
  .sort();
const shapes = viewShapes();

describe('template views', () => {
  it('declares one view for each template in templates/, and no other', () => {
    expect([...shapes.keys()].sort()).toEqual(templateNames);
  });

  it.each(templateNames)(
    '%s reads only fields its view declares, and every one of them',
    (name) => {
      const shape = shapes.get(name)!;
      const reads = templateReads(readFileSync(`${TEMPLATES}/${name}.hbs`, 'utf8'));
      expect(
        [...reads].filter((path) => !shape.paths.has(path)),
        'read but not declared',
      ).toEqual([]);
      const isRead = (field: string) =>
        [...reads].some(
          (r) => r === field || r.startsWith(`${field}.`) || r.startsWith(`${field}[]`),
        );
      expect(
        [...shape.fields].filter((field) => !isRead(field)),
        'declared but never read',
      ).toEqual([]);
    },
  );

  it('finds a misspelled field and a field nobody reads', () => {
    const shape: ViewShape = {
      paths: new Set(['', 'title', 'rows', 'rows[]']),
      fields: new Set(['title', 'rows']),
    };
    const reads = templateReads('{{{titel}}}{{#each rows}}{{{this}}}{{/each}}');
    expect([...reads].filter((path) => !shape.paths.has(path))).toEqual(['titel']);
    expect(
      [...shape.fields].filter((f) => ![...reads].some((r) => r === f || r.startsWith(`${f}.`))),
    ).toEqual(['title']);
  });
});
