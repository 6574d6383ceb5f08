// What a caller's invocation adds to the session beyond the catalog: whether anyone can answer a
// permission prompt, the permission mode, and the tools switched off in the space's settings.
import type { PermissionMode } from '@anthropic-ai/claude-agent-sdk';

export interface CallerSettings {
  /** True when no one can answer a permission prompt (jobs, webhooks). */
  readonly headless?: boolean;
  readonly permissionMode?: PermissionMode;
  /**
   * A live snapshot of the tools switched off in the space's settings. What it holds when the session
   * starts is not offered at all; the guard reads it again on every call, so a tool switched off
   * mid-session is denied without a new session.
   */
  readonly disabledTools?: () => readonly string[];
}
