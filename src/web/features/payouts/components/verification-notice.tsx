import type { MyPayouts } from '@domain/payouts/schemas';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { errorMessage } from '@web/lib/error-message';
import { ShieldAlert } from 'lucide-react';
import { useVerificationLink } from '../api/payouts';

/**
 * With Stripe, while the contractor's connected account may not receive transfers: why its
 * payouts are held, and the button to Stripe's page where it finishes verification (Stripe sends
 * it back to the dashboard, which asks Stripe again). Nothing in the sandbox or once verified.
 */
export function VerificationNotice({ verification }: { verification: MyPayouts['verification'] }) {
  const link = useVerificationLink();
  if (!verification?.due) return null;
  const items = verification.requirementsDue;
  return (
    <Alert className="grid gap-2" data-testid="payout-verification">
      <p className="flex items-center gap-2 font-medium">
        <ShieldAlert aria-hidden="true" className="size-4 text-primary" />
        Stripe needs a few details before it can send your payouts
      </p>
      <p className="text-muted-foreground">
        Your payouts are held until you finish payout verification with Stripe
        {items ? ` (${items} ${items === 1 ? 'item' : 'items'} due)` : ''}. It takes a few minutes; you come
        back here when done.
      </p>
      <div>
        <Button type="button" onClick={() => link.mutate()} disabled={link.isPending || link.isSuccess}>
          {link.isPending || link.isSuccess ? 'Opening Stripe...' : 'Finish payout verification with Stripe'}
        </Button>
      </div>
      {link.isError ? <p className="text-destructive">{errorMessage(link.error)}</p> : null}
    </Alert>
  );
}
