import type { ContractorProfileDetail } from '@domain/contractors/credentials';
import { formatMoment } from '@web/components/contractor-credentials/format';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { AlertTriangle, Mail, MapPin, Phone } from 'lucide-react';
import { daysText } from '../dashboard/badges';

const DAY_MS = 86_400_000;
const daysSince = (iso: string) => Math.max(0, Math.floor((Date.now() - Date.parse(iso)) / DAY_MS));

/** Whether the contractor finished the profile wizard (else the admin reviews a partial application). */
export function awaitingReview(c: Pick<ContractorProfileDetail, 'verificationStatus'>): boolean {
  return c.verificationStatus === 'pending_verification';
}

/**
 * The pending contractors of the verification panel (spec 2 §2): company, contact name, email,
 * phone, business address, working states, created date and a Review button.
 */
export function PendingContractorList({
  contractors,
  onReview,
}: {
  contractors: ContractorProfileDetail[];
  onReview: (contractor: ContractorProfileDetail) => void;
}) {
  if (contractors.length === 0) {
    return (
      <p className="rounded-lg border border-dashed p-6 text-center text-muted-foreground">
        No contractors pending verification
      </p>
    );
  }
  return (
    <ul className="grid gap-3">
      {contractors.map((c) => (
        <li key={c.id}>
          <article
            aria-label={c.companyName}
            className="flex flex-col gap-3 rounded-lg border bg-card p-4 shadow-sm md:flex-row md:items-start md:justify-between"
          >
            <div className="grid min-w-0 gap-1.5 text-sm">
              <div className="flex flex-wrap items-center gap-2">
                <h3 className="text-base font-semibold [overflow-wrap:anywhere]">{c.companyName}</h3>
                {awaitingReview(c) ? (
                  <Badge variant="warning">Ready for review</Badge>
                ) : (
                  <Badge variant="secondary">Profile incomplete</Badge>
                )}
                {c.warnings.length > 0 ? (
                  <Badge variant="destructive">
                    <AlertTriangle aria-hidden="true" />
                    {c.warnings.length} expiry {c.warnings.length === 1 ? 'warning' : 'warnings'}
                  </Badge>
                ) : null}
              </div>
              <p className="font-medium">{c.contactName}</p>
              <p className="flex min-w-0 items-center gap-1.5">
                <Mail aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
                <span className="sr-only">Email: </span>
                <a href={`mailto:${c.contactEmail}`} className="truncate text-primary hover:underline">
                  {c.contactEmail}
                </a>
              </p>
              <p className="flex items-center gap-1.5">
                <Phone aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
                <span className="sr-only">Phone: </span>
                {c.contactPhone}
              </p>
              <p className="flex items-start gap-1.5">
                <MapPin aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
                <span className="sr-only">Business address: </span>
                {c.businessAddress}
              </p>
              <p>
                <span className="text-muted-foreground">Working states: </span>
                {c.workingStates.join(', ')}
              </p>
              <p className="text-muted-foreground">
                Applied {formatMoment(c.createdAt)}
                <span className="font-medium text-amber-900">
                  {' '}
                  · waiting {daysText(daysSince(c.createdAt))}
                </span>
              </p>
            </div>
            <Button onClick={() => onReview(c)} className="shrink-0" aria-label={`Review ${c.companyName}`}>
              Review
            </Button>
          </article>
        </li>
      ))}
    </ul>
  );
}
