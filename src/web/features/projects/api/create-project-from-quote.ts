import type { ConvertQuoteInput, ConvertQuoteResult } from '@domain/projects/convert-quote';
import { useMutation } from '@tanstack/react-query';
import { apiJson } from '@web/lib/api-client';

/** POST /api/homeowner/create-project: 201 created, 200 when the quote already has its project. */
export function createProjectFromQuote(input: ConvertQuoteInput): Promise<ConvertQuoteResult> {
  return apiJson<ConvertQuoteResult>('POST', '/api/homeowner/create-project', input);
}

export function useCreateProjectFromQuote() {
  return useMutation({ mutationFn: createProjectFromQuote });
}
