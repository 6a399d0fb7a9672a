import type { ValidateDiscountResponse } from '@domain/payments/schemas';
import { useMutation } from '@tanstack/react-query';
import { apiJson } from '@web/lib/api-client';

/** POST /api/validate-discount {code}: {valid, discount, message, freeSubmission}. */
export function validateDiscount(code: string): Promise<ValidateDiscountResponse> {
  return apiJson<ValidateDiscountResponse>('POST', '/api/validate-discount', { code });
}

export function useValidateDiscount() {
  return useMutation({ mutationFn: validateDiscount });
}
