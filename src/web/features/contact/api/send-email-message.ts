import type { ContactSent, EmailContactInput } from '@domain/contact/schemas';
import { useMutation } from '@tanstack/react-query';
import { apiJson } from '@web/lib/api-client';

/** POST /api/email/contact: stored, then mailed to support; `message` is shown in the success notice. */
export function sendEmailMessage(input: EmailContactInput): Promise<ContactSent> {
  return apiJson<ContactSent>('POST', '/api/email/contact', input);
}

export function useSendEmailMessage() {
  return useMutation({ mutationFn: sendEmailMessage });
}
