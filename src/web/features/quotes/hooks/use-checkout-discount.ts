import { validateDiscount } from '@web/features/payments';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { AppliedDiscount } from '../components/discount-code-box';
import type { QuoteDraft } from './use-quote-draft';

/**
 * The checkout's discount code: the applied code, remembered in the draft, and a code applied
 * before a reload or a checkout return checked again and restored.
 */
export function useCheckoutDiscount({ initialPending, rememberDiscount }: QuoteDraft) {
  const [discount, setDiscountState] = useState<AppliedDiscount | null>(null);

  const setDiscount = useCallback(
    (next: AppliedDiscount | null) => {
      setDiscountState(next);
      rememberDiscount(next?.code ?? null);
    },
    [rememberDiscount],
  );

  // a code applied before a reload or a checkout return is checked again and restored
  const restoredCode = useRef(false);
  useEffect(() => {
    if (restoredCode.current || !initialPending?.discountCode) return;
    restoredCode.current = true;
    validateDiscount(initialPending.discountCode)
      .then((result) => {
        if (result.valid && result.discount) {
          setDiscount({
            ...result.discount,
            free: result.freeSubmission,
            vip: result.discount.code === 'VIP',
          });
        }
      })
      .catch(() => {});
  }, [initialPending, setDiscount]);

  return { discount, setDiscount };
}
