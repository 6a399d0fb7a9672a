/** The messages feature's public surface: what other features may use (scripts/check-feature-boundaries.mjs). */
export { messageKeys } from './api/message-keys';
export { useMessageLiveUpdates } from './api/messages';
export { MessagingPanel } from './components/messaging-panel';
export { UnreadBadge, UnreadMessagesLink } from './components/unread';
