// The app's side of the per-invocation context: the data its builders read (declared by augmenting
// the generated ThemisToolData) and the implementation of every catalog predicate.
import type { ThemisToolPredicates } from '../generated/themis';
import type { Conversation, MessageQueue, Space, User } from './domain';

declare module '../generated/themis/tools' {
  interface ThemisToolData {
    readonly space: Space;
    readonly user: User;
    readonly conversation?: Conversation;
    readonly messageQueue?: MessageQueue;
  }
}

/** Every predicate the catalog declares; a missing one fails typecheck. Each runs once per context. */
export const themisPredicates: ThemisToolPredicates = {
  canQueryThemis: ({ data }) =>
    data.user.roles.includes('analyst') || data.user.roles.includes('admin'),
  sentryConfigured: ({ data }) => data.space.channels.includes('sentry'),
  linearConfigured: ({ data }) => data.space.channels.includes('linear'),
  metabaseConfigured: ({ data }) => data.space.channels.includes('metabase'),
  skillsEnabled: ({ data }) => data.space.features.skills,
  automationsEnabled: ({ data }) => data.space.features.automations,
  googleDriveAvailable: ({ data }) => data.user.googleDriveConnected,
  // Presence, not emptiness: an empty queue is a real queue (Ruby's `blank?` pitfall).
  hasMessageQueue: ({ data }) => data.messageQueue !== undefined,
};
