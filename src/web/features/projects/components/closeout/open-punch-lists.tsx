import { punchAgeText } from '@domain/projects/closeout';
import { useQuery } from '@tanstack/react-query';
import { Alert } from '@web/components/ui/alert';
import { errorMessage } from '@web/lib/error-message';
import { useNow } from '@web/lib/use-now';
import { ClipboardList } from 'lucide-react';
import { openPunchListsQuery } from '../../api/closeout';

/**
 * Open punch lists (issue 25 #1) at the top of the admin dashboard: each project with issues the
 * homeowner reported that are not resolved, the longest waiting first, with its age. Admins open
 * the project to add a note or resolve. Nothing is shown while none is open (or while loading).
 */
export function OpenPunchLists() {
  const lists = useQuery(openPunchListsQuery());
  const now = useNow(60_000);
  if (lists.isError) {
    return (
      <Alert variant="destructive">Open punch lists could not be loaded: {errorMessage(lists.error)}</Alert>
    );
  }
  const open = lists.data ?? [];
  if (open.length === 0) return null;
  return (
    <section
      aria-labelledby="open-punch-lists-heading"
      className="grid gap-2 rounded-lg border border-red-200 bg-red-50 p-4 text-sm"
    >
      <h2 id="open-punch-lists-heading" className="flex items-center gap-2 font-semibold text-red-900">
        <ClipboardList aria-hidden="true" className="size-4 shrink-0" />
        {open.length === 1 ? '1 open punch list' : `${open.length} open punch lists`}
      </h2>
      <ul className="grid gap-1" aria-label="Open punch lists">
        {open.map((p) => (
          <li key={p.projectId} className="flex min-w-0 flex-wrap gap-x-2 [overflow-wrap:anywhere]">
            <a href={`/projects/${p.projectId}`} className="font-medium text-primary hover:underline">
              {p.title}
            </a>
            <span>{p.companyName ?? 'Contractor'}</span>
            <span>{p.openItems === 1 ? '1 open item' : `${p.openItems} open items`}</span>
            <span className="text-red-900">open for {punchAgeText(p.oldestOpenAt, now)}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
