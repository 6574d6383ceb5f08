// Runs once per vitest run, in the main process: gives every test file the same id for this run, so
// the packaging tests in different workers share one `npm pack` and one install (test/support/packed.ts).
import { rmSync } from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { PACKAGING_ROOT } from './paths';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Unique to this `vitest run`; the same in every worker. */
    testRunId: string;
  }
}

export default function setup(project: TestProject): () => void {
  const runId = `${process.pid}-${Date.now().toString(36)}`;
  project.provide('testRunId', runId);
  // The run's tarball and installs (tens of MB) go when the run ends.
  return () => rmSync(path.join(PACKAGING_ROOT, runId), { recursive: true, force: true });
}
