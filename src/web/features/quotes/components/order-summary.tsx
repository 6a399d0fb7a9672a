import { BASE_PRICE_CENTS } from '@domain/payments/discount';
import { formatCents } from '@domain/payments/money';
import type { AppliedDiscount } from './discount-code-box';

/** Base price, discount and total as the server will compute them. */
export function OrderSummary({
  discount,
  totalCents,
}: {
  discount: AppliedDiscount | null;
  totalCents: number;
}) {
  const off = BASE_PRICE_CENTS - totalCents;
  return (
    <dl className="grid gap-2 text-sm">
      <div className="flex justify-between gap-4">
        <dt className="text-muted-foreground">Premium AI Estimate</dt>
        <dd>{formatCents(BASE_PRICE_CENTS)}</dd>
      </div>
      {discount ? (
        <div className="flex justify-between gap-4 text-success">
          <dt>
            Discount ({discount.code}
            {discount.type === 'percent' ? `, ${discount.value}% off` : ''})
          </dt>
          <dd>-{formatCents(off)}</dd>
        </div>
      ) : null}
      <div className="mt-1 flex justify-between gap-4 border-t pt-3 text-base font-semibold">
        <dt>Total due</dt>
        <dd data-testid="order-total">{formatCents(totalCents)}</dd>
      </div>
    </dl>
  );
}
