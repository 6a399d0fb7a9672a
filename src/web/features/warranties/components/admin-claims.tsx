import { claimStatusLabels } from '@domain/warranties/rules';
import { Alert } from '@web/components/ui/alert';
import { errorMessage } from '@web/lib/error-message';
import { ShieldAlert } from 'lucide-react';
import { useAdminClaims, useWarrantyLiveUpdates } from '../api/warranties';
import { visitDay } from './format';

const age = (days: number) =>
  days === 0 ? 'opened today' : days === 1 ? 'open for 1 day' : `open for ${days} days`;

/**
 * Open warranty claims (issue 25 #7) at the top of the admin dashboard: each claim not resolved,
 * the longest waiting first, with its age. Admins open the project to write or change the status.
 * Nothing is shown while none is open (or while loading).
 */
export function OpenWarrantyClaims() {
  useWarrantyLiveUpdates();
  const claims = useAdminClaims();
  if (claims.isError) {
    return (
      <Alert variant="destructive">Warranty claims could not be loaded: {errorMessage(claims.error)}</Alert>
    );
  }
  const open = claims.data ?? [];
  if (open.length === 0) return null;
  return (
    <section
      aria-labelledby="open-warranty-claims-heading"
      className="grid gap-2 rounded-lg border border-amber-200 bg-amber-50 p-4 text-sm"
      data-testid="open-warranty-claims"
    >
      <h2 id="open-warranty-claims-heading" className="flex items-center gap-2 font-semibold text-amber-900">
        <ShieldAlert aria-hidden="true" className="size-4 shrink-0" />
        {open.length === 1 ? '1 open warranty claim' : `${open.length} open warranty claims`}
      </h2>
      <ul className="grid gap-1" aria-label="Open warranty claims">
        {open.map((c) => (
          <li key={c.id} className="flex min-w-0 flex-wrap gap-x-2 [overflow-wrap:anywhere]">
            <a
              href={`/projects/${c.projectId}#warranty`}
              className="font-medium text-primary hover:underline"
            >
              {c.projectTitle}
            </a>
            <span>{c.companyName ?? 'Contractor'}</span>
            <span>
              {claimStatusLabels[c.status]}
              {c.status === 'scheduled' && c.scheduledFor ? ` for ${visitDay(c.scheduledFor)}` : ''}
            </span>
            <span className="text-amber-900">{age(c.ageDays)}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
