// The two ways verify stops before it can compare anything: the runtime cannot start on this machine
// (exit 2, nothing was checked), or the project cannot be set up for a run (exit 1, with the reason).

/** No SDK, or no runtime binary for this platform: exit 2 with this message. */
export class RuntimeUnavailable extends Error {
  override name = 'RuntimeUnavailable';
}

/** The app code a run needs failed (a builder threw, a module does not load): exit 1 with this message. */
export class VerifySetupProblem extends Error {
  override name = 'VerifySetupProblem';
}
