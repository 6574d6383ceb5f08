// Names of files in an output folder that the generator reads but never writes: the writer leaves
// them alone, and the commands that record them (`verify --update`) know where they go.

/** The recorded runtime surface (`verify --update`): an input of `generate`, never its output. */
export const SURFACE_LOCK_NAME = 'runtime-surface.lock.json';
