import type { ContractorProfileDetail } from '@domain/contractors/credentials';
import { reviewCountText } from '@domain/reviews/rating';
import {
  CredentialWarnings,
  Fact,
  Facts,
  InsuranceView,
  LicensesView,
} from '@web/components/contractor-credentials/contractor-credentials';
import { formatMoment } from '@web/components/contractor-credentials/format';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@web/components/ui/dialog';

/** View Details of a verified contractor: contact, record, licences and insurance (read-only). */
export function ContractorDetailsDialog({
  contractor,
  onClose,
}: {
  contractor: ContractorProfileDetail | null;
  onClose: () => void;
}) {
  const c = contractor;
  return (
    <Dialog open={c !== null} onOpenChange={(open) => (open ? null : onClose())}>
      <DialogContent className="max-h-[90vh] max-w-3xl grid-cols-[minmax(0,1fr)] overflow-y-auto">
        {c ? (
          <>
            <DialogHeader>
              <DialogTitle>{c.companyName}</DialogTitle>
              <DialogDescription>
                Verified {c.verifiedAt ? formatMoment(c.verifiedAt) : ''} · applied{' '}
                {formatMoment(c.createdAt)}
              </DialogDescription>
            </DialogHeader>
            <CredentialWarnings warnings={c.warnings} />
            <Facts>
              <Fact label="Contact">{c.contactName}</Fact>
              <Fact label="Email">{c.contactEmail}</Fact>
              <Fact label="Phone">{c.contactPhone}</Fact>
              <Fact label="Business address">{c.businessAddress}</Fact>
              <Fact label="Working states">{c.workingStates.join(', ')}</Fact>
              <Fact label="Travel distance">{c.travelDistance} miles</Fact>
              <Fact label="Experience">{c.yearsExperience} years</Fact>
              <Fact label="Projects">{c.totalProjects}</Fact>
              <Fact label="Rating">
                {c.reviewCount > 0
                  ? `${c.rating.toFixed(1)} out of 5 (${reviewCountText(c.reviewCount)})`
                  : reviewCountText(0)}
              </Fact>
              <Fact label="Available">{c.isAvailable ? 'Yes' : 'No'}</Fact>
              <Fact label="Payment set-up">{c.paymentSetupCompleted ? 'Complete' : 'Not complete'}</Fact>
              {c.verificationNotes ? <Fact label="Verification notes">{c.verificationNotes}</Fact> : null}
            </Facts>
            <h3 className="text-sm font-semibold tracking-wider text-muted-foreground uppercase">Licenses</h3>
            <LicensesView workingStates={c.workingStates} licenses={c.licenses} documents={c.documents} />
            <h3 className="text-sm font-semibold tracking-wider text-muted-foreground uppercase">
              Insurance
            </h3>
            <InsuranceView insurance={c.insurance} documents={c.documents} />
          </>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
