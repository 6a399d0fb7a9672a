import { matchWait } from '@domain/projects/match-response';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useNow } from '@web/lib/use-now';
import { usePublicConfig } from '@web/lib/use-public-config';
import { AlarmClock } from 'lucide-react';
import { adminListQuery } from '../../api/admin-lists';

const SHOWN = 25;

/**
 * Matches the contractor has not answered within the response target (MATCH_RESPONSE_HOURS,
 * issue 23): flagged at the top of the admin dashboard, longest waiting first, each with its
 * contractor and how long it has waited (the admins are also mailed once per match). The server
 * picks them (issue 26: no project list is loaded to find them); the first 25 are listed.
 */
export function OverdueMatches() {
  const { matchResponseHours } = usePublicConfig();
  const now = useNow(60_000);
  const overdue = useInfiniteQuery(
    adminListQuery('projects', { matchOverdue: 'true', sort: 'waiting' }, SHOWN),
  );
  const first = overdue.data?.pages[0];
  if (!first || first.items.length === 0) return null;
  const total = first.total ?? first.items.length;
  const rows = first.items;
  return (
    <section
      aria-labelledby="overdue-matches-heading"
      className="grid gap-2 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm"
    >
      <h2 id="overdue-matches-heading" className="flex items-center gap-2 font-semibold text-amber-900">
        <AlarmClock aria-hidden="true" className="size-4 shrink-0" />
        {total === 1
          ? `1 match has no answer after ${matchResponseHours} h`
          : `${total.toLocaleString('en-US')} matches have no answer after ${matchResponseHours} h`}
      </h2>
      <ul className="grid max-h-72 gap-1 overflow-y-auto" aria-label="Overdue matches">
        {rows.map((p) => (
          <li key={p.id} className="flex min-w-0 flex-wrap gap-x-2 [overflow-wrap:anywhere]">
            <a href={`/projects/${p.id}`} className="font-medium text-primary hover:underline">
              {p.title}
            </a>
            <span>{p.contractorName ?? 'Contractor'}</span>
            <span className="text-amber-900">
              {matchWait(p.assignedAt, now, matchResponseHours)?.waitedText}
            </span>
          </li>
        ))}
      </ul>
      {total > rows.length ? (
        <p className="text-amber-900">
          and {(total - rows.length).toLocaleString('en-US')} more: open Total Projects, status Matched,
          oldest first.
        </p>
      ) : null}
    </section>
  );
}
