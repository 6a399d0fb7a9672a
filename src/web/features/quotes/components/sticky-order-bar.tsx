import { formatCents } from '@domain/payments/money';
import { Button } from '@web/components/ui/button';
import { ArrowDown } from 'lucide-react';
import { type RefObject, useEffect, useState } from 'react';

/**
 * On a phone or tablet (below lg), the total and a way to the payment stay at the bottom of the
 * screen while the form is filled in; the bar gets out of the way once the payment card is in view.
 */
export function StickyOrderBar({
  totalCents,
  free,
  paymentCardRef,
}: {
  totalCents: number;
  free: boolean;
  paymentCardRef: RefObject<HTMLElement | null>;
}) {
  const [cardInView, setCardInView] = useState(false);
  useEffect(() => {
    const card = paymentCardRef.current;
    if (!card || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(([entry]) => setCardInView(Boolean(entry?.isIntersecting)));
    observer.observe(card);
    return () => observer.disconnect();
  }, [paymentCardRef]);

  const goToPayment = () => {
    const card = paymentCardRef.current;
    if (!card) return;
    card.scrollIntoView({ block: 'start', behavior: 'smooth' });
    // the first field of the card form (or the submit button of a free order) gets the focus
    card
      .querySelector<HTMLElement>('input:not([type=hidden]), button:not([disabled])')
      ?.focus({ preventScroll: true });
  };

  if (cardInView) return null;
  return (
    <section
      aria-label="Order total"
      data-testid="sticky-order-bar"
      className="fixed inset-x-0 bottom-0 z-40 border-t bg-card/95 px-4 py-3 shadow-[0_-4px_12px_rgb(0_0_0/0.08)] backdrop-blur lg:hidden"
    >
      <div className="mx-auto flex max-w-2xl items-center justify-between gap-3">
        <p className="grid leading-tight">
          <span className="text-xs text-muted-foreground">Total due</span>
          <span className="text-lg font-semibold tabular-nums" data-testid="sticky-order-total">
            {formatCents(totalCents)}
          </span>
        </p>
        <Button type="button" variant={free ? 'default' : 'accent'} onClick={goToPayment}>
          {free ? 'Review and submit' : 'Review and pay'} <ArrowDown aria-hidden="true" />
        </Button>
      </div>
    </section>
  );
}
