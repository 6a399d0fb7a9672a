import { expiryMonth } from '@domain/contractors/expiry-month';
import { Badge } from '@web/components/ui/badge';
import { cn } from '@web/lib/utils';
import { FileCheck2, ShieldCheck } from 'lucide-react';

/**
 * 'Licensed' and 'Insured' with their expiry month (issue 11 item 5), each shown only when true:
 * the server sends licensedUntil / insuredUntil only for a current licence in every working state
 * and current general liability insurance.
 */
export function CredentialBadges({
  licensedUntil,
  insuredUntil,
  className,
}: {
  licensedUntil: string | null | undefined;
  insuredUntil: string | null | undefined;
  className?: string;
}) {
  if (!licensedUntil && !insuredUntil) return null;
  return (
    <ul aria-label="Credentials" className={cn('flex flex-wrap gap-1.5', className)}>
      {licensedUntil ? (
        <li>
          <Badge variant="success" title={`Licensed in every working state until ${licensedUntil}`}>
            <FileCheck2 aria-hidden="true" />
            Licensed
            <span className="font-normal">· until {expiryMonth(licensedUntil)}</span>
          </Badge>
        </li>
      ) : null}
      {insuredUntil ? (
        <li>
          <Badge variant="success" title={`General liability insurance until ${insuredUntil}`}>
            <ShieldCheck aria-hidden="true" />
            Insured
            <span className="font-normal">· until {expiryMonth(insuredUntil)}</span>
          </Badge>
        </li>
      ) : null}
    </ul>
  );
}
