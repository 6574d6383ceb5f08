// The rules a resolved catalog must meet so every output it writes stays inside the app and
// compiles: names, prefixes, locales, folders, aliases, and no two catalogs sharing an output folder.
import path from 'node:path';
import { DIAGNOSTIC_CODES, type PendingDiagnostic } from '../diagnostics/diagnostics.js';
import { isExportName, isIdentifierName, specifierProblem } from '../language/naming.js';
import { realPlace } from '../text/real-place.js';
import type { ResolvedCatalogConfig } from './resolved-config.js';

/** Letters, digits, `-` and `_`, starting with a letter: a folder name and, in PascalCase, a symbol prefix. */
export const CATALOG_NAME = /^[A-Za-z][A-Za-z0-9_-]*$/;
/** A prefix of generated names (`<Prefix>ToolKey`, `<PREFIX>_TOOL_REGISTRY`). */
const PREFIX = /^[A-Za-z][A-Za-z0-9]*$/;
/**
 * A locale as BCP 47 writes it — `zh-cn` is `zh-CN` — so file names match what i18next looks up;
 * a tag that is not one is kept as written, for the check below to report.
 */
export function canonicalLocale(tag: string): string {
  if (!LOCALE_TAG.test(tag)) return tag;
  try {
    return Intl.getCanonicalLocales(tag)[0] ?? tag;
  } catch {
    return tag;
  }
}

/** A BCP 47 language tag, as locales are written (`en`, `zh-CN`, `zh-Hant-TW`, `de-CH-1996`). */
const LOCALE_TAG = /^[A-Za-z]{2,3}(?:-[A-Za-z0-9]{1,8})*$/;

const inside = (folder: string, file: string) =>
  file === folder || file.startsWith(folder + path.sep);

/** `target` once symbolic links are followed (as spelled when that cannot be found out). */
const real = (target: string) => {
  try {
    return realPlace(target);
  } catch {
    return target;
  }
};

/** Whether `target` lies in `folder` as spelled and once symbolic links are followed. */
const reallyInside = (folder: string, target: string) =>
  inside(folder, target) && inside(real(folder), real(target));

/** Rules a resolved catalog must meet so every output it writes stays inside the app and compiles. */
interface ConfigProblem {
  readonly message: string;
  readonly path: string[];
  readonly element?: number;
  readonly atKey?: boolean;
}

export function checkResolvedCatalog(r: ResolvedCatalogConfig): ConfigProblem[] {
  const problems: ConfigProblem[] = [];
  const outside = (what: string, target: string, at: string[]) =>
    !reallyInside(r.rootDir, target) &&
    problems.push({
      message:
        `${what} of catalog '${r.name}' is ${target}` +
        `${inside(r.rootDir, target) ? ` (${real(target)} once symbolic links are followed)` : ''}` +
        `, outside the config's folder ${r.rootDir}; generated files must stay ` +
        `inside the project, so point it at a folder under it.`,
      path: at,
    });
  const outDirOutside = outside("'outDir'", r.outDir, ['outDir']);
  // A locale folder in the output folder is outside with it: said once.
  if (!(outDirOutside && inside(r.outDir, r.i18n.outDir)))
    outside("'i18n.outDir'", r.i18n.outDir, ['i18n', 'outDir']);
  if (r.bindings) outside("'bindings.file'", r.bindings.file, ['bindings', 'file']);
  if (r.outDir === r.rootDir || real(r.outDir) === real(r.rootDir))
    problems.push({
      message:
        `'outDir' of catalog '${r.name}' is the config's own folder; give the ` +
        `generated files a folder of their own (default: generated/${r.name}).`,
      path: ['outDir'],
    });
  if (!PREFIX.test(r.prefix))
    problems.push({
      message:
        `'prefix' ${JSON.stringify(r.prefix)} cannot start generated names such ` +
        `as ${r.prefix}ToolKey; use letters and digits, starting with a letter ` +
        `(e.g. 'Claude').`,
      path: ['prefix'],
    });
  r.i18n.locales.forEach((locale, i) => {
    if (!LOCALE_TAG.test(locale))
      problems.push({
        message:
          `Locale ${JSON.stringify(locale)} of catalog '${r.name}' is not a ` +
          `language tag; write locales as BCP 47 tags such as 'en', 'zh-CN' or 'zh-TW'.`,
        path: ['i18n', 'locales'],
        element: i,
      });
  });
  const lower = r.i18n.locales.map((l) => l.toLowerCase());
  for (const [i, l] of lower.entries())
    if (lower.indexOf(l) !== i)
      problems.push({
        message:
          `Locale '${r.i18n.locales[i]}' of catalog '${r.name}' is listed twice ` +
          `(tags compare without case); remove one.`,
        path: ['i18n', 'locales'],
        element: i,
      });
  if (!lower.includes(r.i18n.defaultLocale.toLowerCase()))
    problems.push({
      message:
        `'i18n.defaultLocale' '${r.i18n.defaultLocale}' of catalog '${r.name}' ` +
        `is not one of its locales (${r.i18n.locales.join(', ')}); add it to ` +
        `'locales' or pick one of them.`,
      path: ['i18n', 'defaultLocale'],
    });
  const data = r.verify?.data;
  if (data && specifierProblem(data.module))
    problems.push({
      message:
        `'verify.data.module' ${JSON.stringify(data.module)} is not a module ` +
        `specifier (it holds quotes or control characters).`,
      path: ['verify', 'data'],
    });
  if (data && !isExportName(data.exportName))
    problems.push({
      message:
        `'verify.data.export' ${JSON.stringify(data.exportName)} is not an ` +
        `export name; write the name the module exports the data as.`,
      path: ['verify', 'data', 'export'],
    });
  const iconExport = r.bindings?.iconType?.export;
  if (iconExport !== undefined && !isExportName(iconExport))
    problems.push({
      message:
        `'bindings.iconType.export' ${JSON.stringify(iconExport)} is not an ` +
        `export name; write the name the module exports the icon type as.`,
      path: ['bindings', 'iconType', 'export'],
    });
  for (const [field, value] of [
    ['runtimeModule', r.runtimeModule ?? ''],
    ['sdk', r.sdk.typesModule],
  ] as const)
    if (value !== '' && specifierProblem(value))
      problems.push({
        message:
          `${field === 'sdk' ? "'sdk.typesModule'" : "'runtimeModule'"} ` +
          `${JSON.stringify(value)} is not a module specifier (it holds quotes or ` +
          `control characters).`,
        path: field === 'sdk' ? ['sdk', 'typesModule'] : ['runtimeModule'],
      });
  for (const base of Object.keys(r.sdk.aliases))
    if (!isIdentifierName(base))
      problems.push({
        message:
          `'sdk.aliases' key ${JSON.stringify(base)} is not an SDK type base name; ` +
          `write the name of the SDK type without 'Input' (e.g. FileRead).`,
        path: ['sdk', 'aliases', base],
        atKey: true,
      });
  return problems;
}

/** Two catalogs writing into one folder would overwrite each other's files and manifests. */
export function sharedOutputs(
  catalogs: readonly ResolvedCatalogConfig[],
  file: string,
): PendingDiagnostic[] {
  const out: PendingDiagnostic[] = [];
  // Compared once symbolic links are followed: two names of one folder are one folder.
  const folders = (c: ResolvedCatalogConfig) =>
    [
      ['outDir', real(c.outDir)],
      ['i18n.outDir', real(c.i18n.outDir)],
    ] as const;
  catalogs.forEach((c, i) => {
    for (const other of catalogs.slice(0, i))
      for (const [field, folder] of folders(c))
        for (const [, otherFolder] of folders(other))
          if (inside(otherFolder, folder) || inside(folder, otherFolder))
            out.push({
              code: DIAGNOSTIC_CODES.sharedOutput,
              severity: 'error',
              message:
                `Catalogs '${other.name}' and '${c.name}' write into the same folder (` +
                `${folder}), so they would overwrite each other's files; give '${c.name}` +
                `' its own '${field}'.`,
              at: { file, path: ['catalogs', c.name, ...field.split('.')], scope: 'config' },
            });
  });
  return out;
}
