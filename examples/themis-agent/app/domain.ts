// The slice of the Themis domain the agent's tools read: spaces, users, conversations, the
// message queue, and the channels a space has connected.

export type ChannelName = 'linear' | 'sentry' | 'metabase';

export interface Space {
  readonly id: string;
  readonly personal: boolean;
  readonly features: { readonly skills: boolean; readonly automations: boolean };
  readonly channels: readonly ChannelName[];
}

export interface User {
  readonly id: string;
  readonly roles: readonly string[];
  readonly googleDriveConnected: boolean;
  readonly driveFolders?: readonly string[];
}

export interface Conversation {
  readonly id: string;
}

/** Jobs waiting to be sent; an empty queue is still a queue. */
export class MessageQueue {
  readonly items: string[] = [];
  push(text: string): void {
    this.items.push(text);
  }
}
