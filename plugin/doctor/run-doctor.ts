// `doctor` as a function: every check in the order a confused user needs them — toolchain, SDKs and
// their record, generated output, the files the app edits, the package manager — each finding with
// the one command that fixes it. It writes nothing.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { generateAndWrite } from '../generate.js';
import { CONFIG_FILE_NAMES } from '../load/load-config.js';
import { SDK_PACKAGE } from '../load/sdk-location.js';
import {
  detectPackageManager,
  execCommand,
  installCommand,
  regenerateCommand,
} from '../init/package-manager.js';
import { buildScriptFinding } from './build-scripts.js';
import { moduleResolutionFinding, nodeFinding, typescriptFinding } from './environment.js';
import { problem, type Finding } from './finding.js';
import { fileFindings, generatedFinding } from './output-checks.js';
import { installedSdks, sdkFinding, surfaceLockFindings } from './sdk-checks.js';
import { DEFAULT_TARGETS } from '../language/targets.js';

export interface DoctorOptions {
  readonly cwd: string;
  readonly config?: string;
  readonly catalog?: string;
}

export interface DoctorReport {
  readonly ok: boolean;
  readonly findings: readonly Finding[];
}

/** The app's package.json (the nearest one upwards), or an empty one. */
function appPackage(cwd: string): { dir: string; json: Record<string, unknown> } {
  for (let folder = path.resolve(cwd); ; folder = path.dirname(folder)) {
    const file = path.join(folder, 'package.json');
    if (existsSync(file)) {
      try {
        return {
          dir: folder,
          json: JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>,
        };
      } catch {
        return { dir: folder, json: {} };
      }
    }
    if (path.dirname(folder) === folder) return { dir: path.resolve(cwd), json: {} };
  }
}

/** Whether a config would be found from `cwd` (or the one `--config` names exists). */
function configExists(options: DoctorOptions): boolean {
  if (options.config !== undefined) return existsSync(path.resolve(options.cwd, options.config));
  for (let folder = path.resolve(options.cwd); ; folder = path.dirname(folder)) {
    if (CONFIG_FILE_NAMES.some((f) => existsSync(path.join(folder, f)))) return true;
    if (path.dirname(folder) === folder) return false;
  }
}

export async function runDoctor(options: DoctorOptions): Promise<DoctorReport> {
  const { cwd } = options;
  const app = appPackage(cwd);
  const manager = detectPackageManager(cwd);
  const flags = [
    ...(options.config !== undefined ? ['--config', options.config] : []),
    ...(options.catalog !== undefined ? ['--catalog', options.catalog] : []),
  ];
  const tool = (command: string) =>
    execCommand(manager, [`tool-catalog ${command}`, ...flags].join(' '));
  const findings: Finding[] = [
    nodeFinding(),
    typescriptFinding(cwd, (pkg) => installCommand(manager, pkg, true)),
  ];
  const sdks = installedSdks(app.dir, app.json);
  findings.push(sdkFinding(sdks, installCommand(manager, SDK_PACKAGE, false)));
  if (!configExists(options)) {
    findings.push(
      problem(
        'config',
        `no ${CONFIG_FILE_NAMES[0]} here or in a folder above, so there is no catalog to check`,
        manager === 'pnpm' ? 'pnpm dlx agent-tool-catalog init' : 'npx agent-tool-catalog init',
      ),
    );
  } else {
    const result = await generateAndWrite({ ...options, check: true });
    const regenerate = regenerateCommand(cwd, flags);
    for (const c of result.catalogs) {
      findings.push(moduleResolutionFinding(cwd, c.config.name, c.outDir));
      // The lock records what the Claude runtime offers by itself: only its target reads it.
      const targets = c.config.targets?.map((t) => t.name) ?? DEFAULT_TARGETS;
      if (targets.includes('claude-agent-sdk'))
        findings.push(
          ...(await surfaceLockFindings(
            { dir: cwd, catalog: c.config.name, outDir: c.outDir, verify: tool('verify') },
            sdks,
          )),
        );
    }
    findings.push(generatedFinding(cwd, result, { generate: tool('generate'), regenerate }));
    for (const c of result.catalogs) findings.push(...fileFindings(cwd, c.config, regenerate));
  }
  findings.push(buildScriptFinding(cwd, manager));
  return { ok: !findings.some((f) => f.status === 'problem'), findings };
}
