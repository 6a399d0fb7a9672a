/**
 * The messages feature's public surface (scripts/check-feature-boundaries.mjs refuses any other way
 * in). It owns a project's conversation between its homeowner and its contractor, and mails the
 * unread digest (job `messages.digest`); who may write is the projects feature's rule, given to it
 * in src/server/services.ts.
 */
export type { MessagesService } from './messages.service';
