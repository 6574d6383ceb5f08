// Spaces and users the example's tests run the four callers with.
import { MessageQueue, type Space, type User } from '../app/domain';

export const teamSpace: Space = {
  id: 'space-team',
  personal: false,
  features: { skills: true, automations: false },
  channels: ['linear', 'sentry', 'metabase'],
};

export const bareSpace: Space = {
  id: 'space-bare',
  personal: true,
  features: { skills: false, automations: true },
  channels: [],
};

export const analyst: User = {
  id: 'ana',
  roles: ['analyst'],
  googleDriveConnected: true,
  driveFolders: ['specs', 'reports'],
};

export const guest: User = { id: 'gus', roles: ['guest'], googleDriveConnected: false };

export const conversation = { id: 'conv-1' };

export const emptyQueue = () => new MessageQueue();
