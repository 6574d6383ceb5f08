// The order vitest starts test files in: the slow suites' first, then vitest's own order (files that
// failed last time, then the longest last time, then the largest). A slow suite started late ran on
// long after every other file had ended, with one core idle.
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** The project of the slow suites (vitest.config.ts). */
export const SLOW_PROJECT = 'slow';

export class SlowSuitesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const slow = (file: TestSpecification) => file.project.name === SLOW_PROJECT;
    return [...sorted.filter(slow), ...sorted.filter((file) => !slow(file))];
  }
}
