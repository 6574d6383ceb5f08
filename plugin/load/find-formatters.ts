// Finds the app's Prettier and Biome configs: the nearest of each, from the app's folder up to the
// repository's top, and the Biome major version that decides how its config lists files.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** Every file name Prettier 3 reads its options from (besides a "prettier" key in package.json). */
const PRETTIER_CONFIG_FILES = [
  '.prettierrc',
  '.prettierrc.json',
  '.prettierrc.yaml',
  '.prettierrc.yml',
  '.prettierrc.json5',
  '.prettierrc.toml',
  '.prettierrc.js',
  '.prettierrc.cjs',
  '.prettierrc.mjs',
  '.prettierrc.ts',
  '.prettierrc.cts',
  '.prettierrc.mts',
  'prettier.config.js',
  'prettier.config.cjs',
  'prettier.config.mjs',
  'prettier.config.ts',
  'prettier.config.cts',
  'prettier.config.mts',
];
const BIOME_CONFIG_FILES = ['biome.json', 'biome.jsonc'];

interface PrettierSetup {
  /** The config file (package.json when options sit under its "prettier" key). */
  readonly file: string;
}

export interface BiomeSetup {
  readonly file: string;
  readonly text: string;
  /** The installed Biome's major version (1 reads `files.ignore`, 2 and later `files.includes`). */
  readonly major: number;
}

export interface FormatterSetup {
  /** Where the search started: the app's folder, whose ignore files Prettier reads when run there. */
  readonly rootDir: string;
  readonly prettier?: PrettierSetup;
  readonly biome?: BiomeSetup;
}

/** A file's text, or undefined when it cannot be read (a missing config or ignore file is common). */
export const readText = (file: string) => {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
};

/** `rootDir` and its parents up to the repository's top (the first folder with `.git`), nearest first. */
function foldersUp(rootDir: string): string[] {
  const folders: string[] = [];
  for (let dir = path.resolve(rootDir); ; dir = path.dirname(dir)) {
    folders.push(dir);
    if (existsSync(path.join(dir, '.git')) || path.dirname(dir) === dir) return folders;
  }
}

function hasPrettierKey(packageJson: string): boolean {
  try {
    return (
      (JSON.parse(readText(packageJson) ?? '{}') as Record<string, unknown>).prettier !== undefined
    );
  } catch {
    return false;
  }
}

/**
 * The installed `@biomejs/biome`'s major version, else the one in the config's `$schema` URL, else
 * what the config's keys imply.
 */
function biomeMajor(dir: string, text: string): number {
  for (const folder of foldersUp(dir)) {
    const version = /"version"\s*:\s*"(\d+)\./.exec(
      readText(path.join(folder, 'node_modules/@biomejs/biome/package.json')) ?? '',
    )?.[1];
    if (version) return Number(version);
  }
  const schema = /schemas\/(\d+)\.\d+\.\d+\/schema\.json/.exec(text)?.[1];
  if (schema) return Number(schema);
  return /"(ignore|include)"\s*:/.test(text) && !/"includes"\s*:/.test(text) ? 1 : 2;
}

/** The Prettier and Biome configs that apply to files in `rootDir`: each the nearest one upwards. */
export function findFormatters(rootDir: string): FormatterSetup {
  let prettier: PrettierSetup | undefined;
  let biome: BiomeSetup | undefined;
  for (const dir of foldersUp(rootDir)) {
    if (!prettier) {
      const name = PRETTIER_CONFIG_FILES.find((f) => existsSync(path.join(dir, f)));
      if (name) prettier = { file: path.join(dir, name) };
      else if (hasPrettierKey(path.join(dir, 'package.json')))
        prettier = { file: path.join(dir, 'package.json') };
    }
    if (!biome) {
      const name = BIOME_CONFIG_FILES.find((f) => existsSync(path.join(dir, f)));
      const text = name && readText(path.join(dir, name));
      if (name && text !== undefined)
        biome = { file: path.join(dir, name), text, major: biomeMajor(dir, text) };
    }
  }
  return { rootDir: path.resolve(rootDir), prettier, biome };
}

/** What decides Prettier's and Biome's settings in a folder, as globs: configs, ignore files, package.json. */
const SETTINGS_GLOBS = [
  '.prettierrc*',
  'prettier.config.*',
  'biome.json*',
  'package.json',
  '.prettierignore',
  '.gitignore',
];

/**
 * The files whose content or appearance decides what `findFormatters(rootDir)` finds and what the
 * formatters skip: in the app's folder, globs for every name either formatter reads (present or not);
 * above it, the files the search read on its way up (package.json files, where a "prettier" key would
 * count) and the configs and ignore files it found. A folder above the app that holds none of these
 * is not listed: a config that appeared there would be found, but listing every folder up to the
 * file system's root is not worth it.
 */
export function formatterInputs(rootDir: string): string[] {
  const setup = findFormatters(rootDir);
  const found = [setup.prettier?.file, setup.biome?.file].filter((f) => f !== undefined);
  const inputs = SETTINGS_GLOBS.map((g) => path.join(setup.rootDir, g));
  const prettierDir = setup.prettier && path.dirname(setup.prettier.file);
  // Each package.json on the way up is read for a "prettier" key, until Prettier's config is found.
  for (const dir of foldersUp(rootDir)) {
    if (existsSync(path.join(dir, 'package.json'))) inputs.push(path.join(dir, 'package.json'));
    if (dir === prettierDir) break;
  }
  for (const file of found) inputs.push(file);
  if (prettierDir !== undefined && prettierDir !== setup.rootDir)
    for (const name of ['.prettierignore', '.gitignore'])
      if (existsSync(path.join(prettierDir, name))) inputs.push(path.join(prettierDir, name));
  return [...new Set(inputs)];
}
