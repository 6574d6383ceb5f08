#!/usr/bin/env node
// The `tool-catalog` and `agent-tool-catalog` binaries: the compiled CLI lives in dist/, which the
// published package carries and a clone of the repository builds with `npm run build`.
import { fileURLToPath } from 'node:url';

const cli = new URL('../dist/cli.js', import.meta.url);
let main;
try {
  ({ main } = await import(cli.href));
} catch (error) {
  // Only dist/cli.js itself missing means "not built"; anything else is a real failure, shown in full.
  if (error?.code !== 'ERR_MODULE_NOT_FOUND' || !String(error.message).includes(fileURLToPath(cli)))
    throw error;
  process.stderr.write(
    'tool-catalog: dist/ is not built yet in this clone; run `npm run build` first.\n',
  );
  process.exit(1);
}
await main();
