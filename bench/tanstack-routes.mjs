// The TanStack Router side of the comparison: N flat route files for @tanstack/router-generator,
// and the same edit / add / remove scenarios the catalog gets.
import { mkdirSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const routeName = (i) => `route${String(i).padStart(5, '0')}`;
const routeSource = (i, variant = 0) =>
  `import { createFileRoute } from '@tanstack/react-router'\n\nexport const Route = createFileRoute('/${routeName(i)}')({\n  component: () => '${routeName(i)}${variant ? ` v${variant}` : ''}',\n})\n`;

const ROOT_SOURCE = `import { createRootRoute } from '@tanstack/react-router'\n\nexport const Route = createRootRoute({ component: () => null })\n`;

/** The generator options both the cold script and the in-process worker use. */
export const tanstackOptions = (dir) => ({
  routesDirectory: path.join(dir, 'src', 'routes'),
  generatedRouteTree: path.join(dir, 'src', 'routeTree.gen.ts'),
  disableLogging: true,
});

export function writeRoutes(dir, n) {
  rmSync(dir, { recursive: true, force: true });
  const routes = path.join(dir, 'src', 'routes');
  mkdirSync(routes, { recursive: true });
  writeFileSync(path.join(routes, '__root.tsx'), ROOT_SOURCE);
  for (let i = 0; i < n; i++)
    writeFileSync(path.join(routes, `${routeName(i)}.tsx`), routeSource(i));
  return { dir, n, routeTree: tanstackOptions(dir).generatedRouteTree };
}

/** Edit the last route's content, add one route, remove one route: each returns the file event. */
export function routeEdits({ dir, n }) {
  const file = (i) => path.join(dir, 'src', 'routes', `${routeName(i)}.tsx`);
  return {
    edit: () => {
      writeFileSync(file(n - 1), routeSource(n - 1, 1));
      return { type: 'update', path: file(n - 1) };
    },
    add: () => {
      writeFileSync(file(n), routeSource(n));
      return { type: 'create', path: file(n) };
    },
    remove: () => {
      unlinkSync(file(n));
      return { type: 'delete', path: file(n) };
    },
    restore: () => {
      writeFileSync(file(n - 1), routeSource(n - 1));
      return { type: 'update', path: file(n - 1) };
    },
  };
}
