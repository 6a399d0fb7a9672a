import { formatCentsWhole } from '@domain/payments/money';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { Button } from '@web/components/ui/button';
import { serverMessage } from '@web/lib/server-message';
import { toast } from '@web/lib/use-toast';
import { installRequestsQuery, useCreateProjectFromRequest } from '../../api/work-queues';
import type { AssignTarget } from '../dashboard/assign-dialog';
import { formatWhen, Pill, StatusPill } from '../dashboard/badges';
import { QueueItem, QueueList, useQueueSearch, Waiting } from './queue-state';

export function InstallRequests({ onAssign }: { onAssign: (target: AssignTarget) => void }) {
  const search = useQueueSearch('Search install requests', 'e-mail, last name or address');
  const query = useInfiniteQuery({ ...installRequestsQuery(search.q), placeholderData: keepPreviousData });
  const createProject = useCreateProjectFromRequest();
  return (
    <div className="grid gap-3">
      {search.box}
      <QueueList
        query={query}
        items={(page) => page.items}
        empty={search.q ? 'No install requests match your search.' : 'No install requests yet.'}
        label="Install requests"
      >
        {(r) => (
          <QueueItem key={r.id} label={`Install request from ${r.firstName} ${r.lastName}`}>
            <div className="flex flex-wrap items-center gap-2">
              <h3 className="font-semibold">
                {r.firstName} {r.lastName}
              </h3>
              <Pill tone={r.urgency === 'emergency' ? 'red' : r.urgency === 'expedited' ? 'yellow' : 'gray'}>
                {r.urgency}
              </Pill>
              {r.projectStatus ? <StatusPill status={r.projectStatus} /> : null}
            </div>
            <p>
              {r.email} · {r.phone}
            </p>
            <p className="text-muted-foreground">
              {r.address}, {r.city}, {r.state} {r.zipCode}
            </p>
            <p className="text-muted-foreground">
              {r.approvedAmount !== null
                ? `Approved ${formatCentsWhole(r.approvedAmount)}`
                : 'No approved amount'}
              {r.insuranceCompany ? ` · ${r.insuranceCompany}` : ''}
              {r.claimNumber ? ` claim ${r.claimNumber}` : ''}
              {r.preferredContractorName ? ` · prefers ${r.preferredContractorName}` : ''}
              {r.preferredStartDate ? ` · start ${r.preferredStartDate}` : ''} · received{' '}
              {formatWhen(r.createdAt)}
              {!r.projectId || r.projectStatus === 'pending' ? <Waiting since={r.createdAt} /> : null}
            </p>
            {r.projectDescription ? (
              <p className="[overflow-wrap:anywhere] whitespace-pre-wrap">{r.projectDescription}</p>
            ) : null}
            {r.projectId ? (
              <div className="flex flex-wrap items-center gap-3">
                <a className="font-medium text-primary hover:underline" href={`/projects/${r.projectId}`}>
                  Project {r.projectTitle ?? ''}
                </a>
                {r.projectStatus === 'pending' ? (
                  <Button
                    size="sm"
                    onClick={() =>
                      onAssign({
                        id: r.projectId as string,
                        title: r.projectTitle ?? 'Install request',
                        address: r.address,
                        city: r.city,
                        state: r.state,
                        zipCode: r.zipCode,
                      })
                    }
                    aria-label={`Assign Contractor to ${r.projectTitle ?? 'this request'}`}
                  >
                    Assign Contractor
                  </Button>
                ) : null}
              </div>
            ) : (
              <div className="flex flex-wrap items-center gap-3">
                <p className="text-muted-foreground">No project yet.</p>
                <Button
                  size="sm"
                  variant="outline"
                  disabled={createProject.isPending}
                  aria-label={`Create a project from the request of ${r.firstName} ${r.lastName}`}
                  onClick={() =>
                    createProject.mutate(r.id, {
                      onSuccess: (made) =>
                        toast({
                          title: 'Success',
                          description: `Project ${made.reference} created from the request.`,
                        }),
                      onError: (e) =>
                        toast({
                          variant: 'destructive',
                          title: 'Error',
                          description: serverMessage(e) ?? 'Failed to create project.',
                        }),
                    })
                  }
                >
                  Create project
                </Button>
              </div>
            )}
          </QueueItem>
        )}
      </QueueList>
    </div>
  );
}
