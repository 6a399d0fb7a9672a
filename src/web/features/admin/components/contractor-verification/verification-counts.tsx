import { Card } from '@web/components/ui/card';
import { cn } from '@web/lib/utils';
import { Clock, ShieldCheck, ShieldX } from 'lucide-react';

/** The panel's three counts (spec 2 §2); null while a count is loading or could not be read. */
export function VerificationCounts({
  pending,
  verified,
  rejected,
}: {
  pending: number | null;
  verified: number | null;
  rejected: number | null;
}) {
  const cards = [
    { label: 'Pending Verification', value: pending, icon: Clock, tone: 'text-amber-600' },
    { label: 'Verified Contractors', value: verified, icon: ShieldCheck, tone: 'text-emerald-600' },
    { label: 'Rejected Applications', value: rejected, icon: ShieldX, tone: 'text-destructive' },
  ];
  return (
    <ul aria-label="Verification counts" className="grid gap-3 sm:grid-cols-3">
      {cards.map(({ label, value, icon: Icon, tone }) => (
        <li key={label}>
          <Card className="flex items-center gap-3 p-4">
            <Icon aria-hidden="true" className={cn('size-6 shrink-0', tone)} />
            <div>
              <p className="text-2xl font-bold">
                {value === null ? (
                  <>
                    <span aria-hidden="true">–</span>
                    <span className="sr-only">not available</span>
                  </>
                ) : (
                  value
                )}
              </p>
              <p className="text-sm text-muted-foreground">{label}</p>
            </div>
          </Card>
        </li>
      ))}
    </ul>
  );
}
