import { isMatchOverdue, matchWait } from '@domain/projects/match-response';
import type { Project } from '@domain/projects/schemas';
import { useNow } from '@web/lib/use-now';
import { usePublicConfig } from '@web/lib/use-public-config';
import { AlarmClock } from 'lucide-react';

/**
 * Matches the contractor has not answered within the response target (MATCH_RESPONSE_HOURS,
 * issue 23): flagged at the top of the admin dashboard, oldest first, each with its contractor and
 * how long it has waited (the admins are also mailed once per match).
 */
export function OverdueMatches({ projects }: { projects: readonly Project[] }) {
  const { matchResponseHours } = usePublicConfig();
  const now = useNow(60_000);
  const overdue = projects
    .filter((p) => isMatchOverdue(p, now, matchResponseHours))
    .sort((a, b) => (a.assignedAt ?? '').localeCompare(b.assignedAt ?? ''));
  if (overdue.length === 0) return null;
  return (
    <section
      aria-labelledby="overdue-matches-heading"
      className="grid gap-2 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm"
    >
      <h2 id="overdue-matches-heading" className="flex items-center gap-2 font-semibold text-amber-900">
        <AlarmClock aria-hidden="true" className="size-4 shrink-0" />
        {overdue.length === 1
          ? `1 match has no answer after ${matchResponseHours} h`
          : `${overdue.length} matches have no answer after ${matchResponseHours} h`}
      </h2>
      <ul className="grid gap-1" aria-label="Overdue matches">
        {overdue.map((p) => (
          <li key={p.id} className="flex min-w-0 flex-wrap gap-x-2 [overflow-wrap:anywhere]">
            <a href={`/projects/${p.id}`} className="font-medium text-primary hover:underline">
              {p.title}
            </a>
            <span>{p.contractor?.companyName ?? 'Contractor'}</span>
            <span className="text-amber-900">
              {matchWait(p.assignedAt, now, matchResponseHours)?.waitedText}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
