// The environment variables verify sets on every run to keep it hermetic: its own folders, the
// loopback API with a secret key, no telemetry. Kept apart so the CLI can name them without loading verify.

/** The variables that keep a run hermetic: `--env` may not change them unless told to (`--allow-env-override`). */
export const HERMETIC_VARIABLES = [
  'PATH',
  'HOME',
  'USERPROFILE',
  'CLAUDE_CONFIG_DIR',
  'CLAUDE_CODE_TMPDIR',
  'ANTHROPIC_BASE_URL',
  'ANTHROPIC_API_KEY',
  'DISABLE_TELEMETRY',
  'CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC',
  'DISABLE_AUTOUPDATER',
  'DISABLE_ERROR_REPORTING',
] as const;
