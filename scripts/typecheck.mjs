// Type-checks the repository with TypeScript 7 (native), 6 and 5.9: generated code must compile
// under all three. Extra projects (examples, fixtures) are listed in PROJECTS.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
export const COMPILERS = {
  'TypeScript 7': `${root}node_modules/typescript/bin/tsc`,
  'TypeScript 6': `${root}node_modules/typescript-6/bin/tsc`,
  'TypeScript 5.9': `${root}node_modules/typescript-5.9/bin/tsc`,
};
const PROJECTS = ['tsconfig.json', ...['examples/themis-agent/tsconfig.json', 'examples/agent-settings/tsconfig.json'].filter((p) => existsSync(`${root}${p}`))];

let failed = false;
for (const project of PROJECTS) {
  for (const [name, tsc] of Object.entries(COMPILERS)) {
    const started = Date.now();
    const result = spawnSync(process.execPath, [tsc, '-p', project, '--noEmit'], { cwd: root, encoding: 'utf8' });
    const ok = result.status === 0;
    console.log(`${ok ? 'ok  ' : 'FAIL'} ${name.padEnd(15)} ${project} (${Date.now() - started} ms)`);
    if (!ok) {
      failed = true;
      process.stdout.write(result.stdout + result.stderr);
    }
  }
}
process.exit(failed ? 1 : 0);
