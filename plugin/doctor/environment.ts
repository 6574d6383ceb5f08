// The app's toolchain as `doctor` sees it: the Node running the command, the TypeScript the app
// installs, and the module resolution of the tsconfig that compiles each output folder.
import path from 'node:path';
import { resolutionOf } from '../load/import-style.js';
import { nodeRequirement } from '../text/package-version.js';
import { relativePosix } from '../text/spelling.js';
import { installedPackage, note, ok, problem, type Finding } from './finding.js';

/** `20.19.5` → [20, 19]; anything unreadable → [0, 0]. */
const majorMinor = (version: string): [number, number] => {
  const [major = 0, minor = 0] = version.split('.').map((p) => Number.parseInt(p, 10) || 0);
  return [major, minor];
};
const atLeast = (version: string, min: string) => {
  const [a, b] = majorMinor(version);
  const [c, d] = majorMinor(min);
  return a > c || (a === c && b >= d);
};

export function nodeFinding(version = process.versions.node): Finding {
  const needs = nodeRequirement() ?? '>=20.19';
  const min = needs.replace(/^[^\d]*/, '');
  return atLeast(version, min)
    ? ok('node', `Node ${version} (agent-tool-catalog needs ${min} or later)`)
    : problem(
        'node',
        `Node ${version} is older than ${min}, which agent-tool-catalog needs ` +
          "(Node's require of ES modules, its permission model)",
        `install Node ${min} or later (e.g. \`nvm install 22\`)`,
      );
}

/** The oldest TypeScript the generated code is type-checked with. */
const OLDEST_TYPESCRIPT = '5.9';

export function typescriptFinding(dir: string, install: (pkg: string) => string): Finding {
  const ts = installedPackage(dir, 'typescript');
  if (!ts?.version)
    return note(
      'typescript',
      'TypeScript is not installed in this app; the generated code is TypeScript, ' +
        'checked with 5.9, 6 and 7',
      install('typescript'),
    );
  return atLeast(ts.version, OLDEST_TYPESCRIPT)
    ? ok('typescript', `TypeScript ${ts.version} (the generated code is checked with 5.9, 6 and 7)`)
    : problem(
        'typescript',
        `TypeScript ${ts.version} is older than ${OLDEST_TYPESCRIPT}, the oldest ` +
          'the generated code is checked with',
        install('typescript@latest'),
      );
}

/** `module` values that imply a resolution the generated code and the SDK's types are checked under. */
const IMPLYING_MODULES: Readonly<Record<string, string>> = {
  node16: 'node16',
  node18: 'node16',
  node20: 'node16',
  nodenext: 'nodenext',
  preserve: 'bundler',
};
const SUPPORTED = new Set(['bundler', 'node16', 'nodenext']);

/** The module resolution of the tsconfig that compiles `outDir` (an output folder of the catalog). */
export function moduleResolutionFinding(dir: string, catalog: string, outDir: string): Finding {
  const where = relativePosix(dir, outDir);
  const found = resolutionOf(outDir);
  if (!found)
    return note(
      'module-resolution',
      `catalog '${catalog}': no tsconfig.json compiles ${where}; generated imports carry no extension`,
    );
  const file = relativePosix(dir, found.file) || path.basename(found.file);
  const resolution =
    found.moduleResolution ?? (found.module ? IMPLYING_MODULES[found.module] : undefined);
  if (resolution !== undefined && SUPPORTED.has(resolution))
    return ok(
      'module-resolution',
      `catalog '${catalog}': ${file} resolves modules as ${resolution}` +
        `${found.moduleResolution ? '' : ` (implied by module ${found.module})`}`,
    );
  const said = found.moduleResolution
    ? `sets moduleResolution ${found.moduleResolution}`
    : `sets no moduleResolution, and module ${found.module ?? '(default)'} implies none of them`;
  return problem(
    'module-resolution',
    `catalog '${catalog}': ${file} ${said}; the generated code, agent-tool-catalog and the SDK's ` +
      `types (package exports) resolve under bundler, node16 and nodenext only`,
    `in ${file}, set "module": "nodenext" (code Node runs as compiled) or "module": ` +
      `"preserve" with "moduleResolution": "bundler" (code a bundler or tsx runs)`,
  );
}
