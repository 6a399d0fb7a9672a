/** The messages feature's public surface: what other features may use (scripts/check-feature-boundaries.mjs). */
import { lazy } from 'react';

export { messageKeys } from './api/message-keys';
export { useMessageLiveUpdates } from './api/messages';
export { UnreadBadge, UnreadMessagesLink } from './components/unread';

/**
 * The conversation panel (the project page's Messages tab), loaded when first shown: the pages that
 * only link to a conversation (the contractor dashboard's unread counts) do not load its composer
 * and its form code (issue 27 #5). Shown inside a <Suspense>.
 */
export const MessagingPanel = lazy(() =>
  import('./components/messaging-panel').then((m) => ({ default: m.MessagingPanel })),
);
