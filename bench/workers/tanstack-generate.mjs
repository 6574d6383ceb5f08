// `node tanstack-generate.mjs <dir>`: one cold run of @tanstack/router-generator over <dir>/src/routes,
// the TanStack counterpart of `tool-catalog generate` (whole process, node start included).
import { Generator, getConfig } from '@tanstack/router-generator';
import { tanstackOptions } from '../tanstack-routes.mjs';

const dir = process.argv[2];
const generator = new Generator({ config: getConfig(tanstackOptions(dir), dir), root: dir });
await generator.run();
