import type { ContractorProfileDetail } from '@domain/contractors/credentials';
import { businessTypeLabels } from '@domain/contractors/payment-wizard';
import { Badge } from '@web/components/ui/badge';
import { Fact, Facts } from './contractor-credentials';
import { formatMomentWithTime, maskedLast4 } from './format';

/**
 * A contractor's payment set-up (banking, a bank change waiting for review, 1099 tax details), shown
 * to the contractor on their profile and to admins in the verification review. Secrets appear only
 * as the last four digits the server sends.
 */
/** Banking and tax set-up: names and the last four digits only. */
export function PaymentView({
  profile,
}: {
  profile: Pick<ContractorProfileDetail, 'banking' | 'tax' | 'paymentSetupCompleted'> &
    Partial<Pick<ContractorProfileDetail, 'payoutsOnHold' | 'pendingBankChange'>>;
}) {
  const { banking, tax } = profile;
  const change = profile.pendingBankChange;
  return (
    <div className="grid grid-cols-1 gap-3">
      <p className="flex flex-wrap items-center gap-2 text-sm">
        Payment setup:{' '}
        {profile.paymentSetupCompleted ? (
          <Badge variant="success">Complete</Badge>
        ) : (
          <Badge variant="warning">Not complete</Badge>
        )}
        {profile.payoutsOnHold ? <Badge variant="destructive">Payouts on hold</Badge> : null}
      </p>
      {change ? (
        <section
          aria-label="Bank change pending review"
          className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950"
        >
          <h4 className="mb-1 font-semibold">Bank change pending review</h4>
          <p className="mb-2 text-sm">
            Requested {formatMomentWithTime(change.requestedAt)}. Until our team approves it, payouts are on
            hold and the account below stays on file.
          </p>
          <Facts>
            <Fact label="New bank">{change.bankName}</Fact>
            <Fact label="Account holder">{change.accountHolderName}</Fact>
            <Fact label="Account type">{change.accountType === 'checking' ? 'Checking' : 'Savings'}</Fact>
            <Fact label="Routing number">{maskedLast4(change.routingNumberLast4)}</Fact>
            <Fact label="Account number">{maskedLast4(change.accountNumberLast4)}</Fact>
          </Facts>
        </section>
      ) : null}
      <section aria-label="Banking" className="rounded-lg border p-4">
        <h4 className="mb-2 font-semibold">{change ? 'Banking (account on file)' : 'Banking'}</h4>
        {banking ? (
          <Facts>
            <Fact label="Bank">{banking.bankName}</Fact>
            <Fact label="Account holder">{banking.accountHolderName}</Fact>
            <Fact label="Account type">{banking.accountType === 'checking' ? 'Checking' : 'Savings'}</Fact>
            <Fact label="Routing number">{maskedLast4(banking.routingNumberLast4)}</Fact>
            <Fact label="Account number">{maskedLast4(banking.accountNumberLast4)}</Fact>
          </Facts>
        ) : (
          <p className="text-sm text-muted-foreground">Not provided</p>
        )}
      </section>
      <section aria-label="Tax information" className="rounded-lg border p-4">
        <h4 className="mb-2 font-semibold">Tax Information (1099)</h4>
        {tax ? (
          <Facts>
            <Fact label="Business name">{tax.businessName}</Fact>
            <Fact label="Business type">{businessTypeLabels[tax.businessType]}</Fact>
            <Fact label="Address">
              {tax.businessAddress}, {tax.businessCity}, {tax.businessState} {tax.businessZip}
            </Fact>
            {tax.einLast4 ? <Fact label="EIN">{maskedLast4(tax.einLast4)}</Fact> : null}
            {tax.ssnLast4 ? <Fact label="SSN">{maskedLast4(tax.ssnLast4)}</Fact> : null}
            {tax.w9Document ? <Fact label="W-9">{tax.w9Document}</Fact> : null}
          </Facts>
        ) : (
          <p className="text-sm text-muted-foreground">Not provided</p>
        )}
      </section>
    </div>
  );
}
