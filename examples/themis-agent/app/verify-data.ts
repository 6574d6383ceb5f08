// The data `tool-catalog verify` runs the catalog's builders, availability checks and name resolvers
// with (`verify.data` in tool-catalog.config.ts): a team space, an analyst with two Drive folders, a
// conversation and an empty message queue. Verify sets every predicate itself, context by context.
import { MessageQueue } from './domain';
import type { ThemisToolData } from '../generated/themis/tools';

export function verifyData(): ThemisToolData {
  return {
    space: {
      id: 'space-verify',
      personal: false,
      features: { skills: true, automations: true },
      channels: ['linear', 'sentry', 'metabase'],
    },
    user: {
      id: 'verify',
      roles: ['analyst'],
      googleDriveConnected: true,
      driveFolders: ['specs', 'reports'],
    },
    conversation: { id: 'conversation-verify' },
    messageQueue: new MessageQueue(),
  };
}
