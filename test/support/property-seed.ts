// Runs before each test file: every fast-check property of the run draws from the seed the global
// setup printed, so a failing run is replayed with TC_SEED=<seed>.
import fc from 'fast-check';
import { inject } from 'vitest';

// A config without the global setup (the mutation runs) provides none: fast-check then picks its own.
const seed = inject('propertySeed');
if (seed !== undefined) fc.configureGlobal({ seed });
