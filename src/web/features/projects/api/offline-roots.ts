import { contractorKeys } from '@web/features/contractors';
import { messageKeys } from '@web/features/messages';
import { payoutKeys } from '@web/features/payouts';
import { projectKeys } from './project-keys';

/**
 * The queries a contractor's device keeps for offline use (src/web/pwa/offline-cache.ts): what the
 * dashboard and the project page show. Everything else (other accounts' screens, the admin's, the
 * public pages) is never stored.
 */
export const offlineQueryRoots: readonly string[] = [
  projectKeys.all[0],
  contractorKeys.all[0],
  payoutKeys.all[0],
  messageKeys.all[0],
];
