// Runs before each test file of the shared workers (vitest.config.ts): the file's changes to
// `process.env` and to the working folder are undone when it ends, so that the next file the worker
// runs starts from the environment the worker started with, as a file in a fresh process would.
import { afterAll } from 'vitest';

const env = { ...process.env };
const cwd = process.cwd();

afterAll(() => {
  for (const key of Object.keys(process.env)) if (!(key in env)) delete process.env[key];
  for (const [key, value] of Object.entries(env))
    if (process.env[key] !== value) process.env[key] = value;
  if (process.cwd() !== cwd) process.chdir(cwd);
});
