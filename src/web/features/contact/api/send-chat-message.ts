import type { ChatContactInput, ContactSent } from '@domain/contact/schemas';
import { useMutation } from '@tanstack/react-query';
import { apiJson } from '@web/lib/api-client';

/** POST /api/slack/contact: stored, then posted to the support team's chat by a job. */
export function sendChatMessage(input: ChatContactInput): Promise<ContactSent> {
  return apiJson<ContactSent>('POST', '/api/slack/contact', input);
}

export function useSendChatMessage() {
  return useMutation({ mutationFn: sendChatMessage });
}
