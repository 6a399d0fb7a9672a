import type { PublicUser } from '@domain/auth/schemas';
import type { ContractorProfile } from '@domain/contractors/profile';
import type { Project } from '@domain/projects/schemas';
import { projectMessages } from '@domain/projects/workflow';
import { useQuery } from '@tanstack/react-query';
import { ConfirmEmailNotice } from '@web/components/confirm-email-notice';
import { DashboardShell } from '@web/components/dashboard-shell';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@web/components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@web/components/ui/tabs';
import { ContractorPayouts, myPayoutsQuery } from '@web/features/payouts';
import { errorMessage } from '@web/lib/error-message';
import { serverMessage } from '@web/lib/server-message';
import { toast } from '@web/lib/use-toast';
import { OfflineBanner, useOfflinePersistence } from '@web/pwa/offline-banner';
import { SyncStatus, useSyncQueue } from '@web/pwa/sync-status';
import { BarChart3, FileSpreadsheet } from 'lucide-react';
import { lazy, type ReactNode, Suspense, useRef, useState } from 'react';
import { contractorProjectsQuery } from '../../api/get-projects';
import { offlineQueryRoots } from '../../api/offline-roots';
import '../../api/photo-sender';
import { useUpdateProject } from '../../api/update-project';
import { useProjectLiveUpdates } from '../../api/use-project-live-updates';
import { ActiveProjectCard } from './active-project-card';
import { EmptyTab, TAB, TabCount, type TabKey } from './board-tabs';
import { CompletedProjectCard } from './completed-project-card';
import { EditProfileButton, Loading } from './dashboard-states';
import { contractorDashboardSummary, dashboardTabs } from './dashboard-summary';
import { downloadProjectsCsv } from './download-csv';
import { MatchedProjectCard } from './matched-project-card';
import { SummaryCards } from './summary-cards';
import { UPDATE_FAILED } from './update-messages';

// the decline form (react-hook-form, its schema) loads when a contractor first declines a match
const DeclineDialog = lazy(() => import('./decline-dialog').then((m) => ({ default: m.DeclineDialog })));

const REPORTS_HEADING_ID = 'contractor-reports';

/** A verified contractor's board: the summary, the active / matched / completed tabs, the reports. */
export function ContractorBoard({
  user,
  profile,
  header,
}: {
  user: PublicUser;
  profile: ContractorProfile;
  header: { title: string; subtitle: ReactNode };
}) {
  useProjectLiveUpdates();
  const projects = useQuery(contractorProjectsQuery(profile.id));
  // Revenue: the payouts paid, net of refunds (issue 25 #4)
  const payouts = useQuery(myPayoutsQuery());
  // the board opens offline with the last synced data (docs/pwa.md)
  useOfflinePersistence(user, offlineQueryRoots);
  // what was done offline is sent from here, and listed until it is (docs/pwa.md)
  const queued = useSyncQueue(user);
  const [tab, setTab] = useState<TabKey>('active');
  // the project just accepted: its Active card takes the focus when it arrives
  const [acceptedId, setAcceptedId] = useState<string | null>(null);
  const [declining, setDeclining] = useState<Project | null>(null);
  // mounted from the first decline on, so closing animates and hands the focus back as any dialog
  const [declineOpened, setDeclineOpened] = useState(false);
  if (declining && !declineOpened) setDeclineOpened(true);
  const accept = useUpdateProject();
  const tabListRef = useRef<HTMLDivElement>(null);
  // a card that leaves its tab with the focus in it hands the focus to the selected tab
  const focusSelectedTab = () =>
    tabListRef.current?.querySelector<HTMLElement>('[role="tab"][aria-selected="true"]')?.focus();

  const list = projects.data ?? [];
  const summary = contractorDashboardSummary(
    list,
    profile.rating,
    profile.reviewCount,
    payouts.data?.revenueCents ?? 0,
  );
  const tabs = dashboardTabs(list);

  const showReports = () => {
    const heading = document.getElementById(REPORTS_HEADING_ID);
    if (!heading) return;
    const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    heading.scrollIntoView({ behavior: reduce ? 'auto' : 'smooth', block: 'start' });
    heading.focus({ preventScroll: true });
  };

  const exportCsv = (rows: readonly Project[], jobId?: string) => {
    downloadProjectsCsv(rows, jobId).then(
      () =>
        toast({
          title: 'Export Ready',
          description:
            rows.length === 1
              ? `${rows[0]?.title} is downloading as a CSV file.`
              : `Your ${rows.length} projects are downloading as a CSV file.`,
        }),
      () =>
        toast({
          variant: 'destructive',
          title: 'Error',
          description: 'The CSV file could not be created. Please try again.',
        }),
    );
  };

  const onAccept = (project: Project) => {
    if (accept.isPending) return;
    accept.mutate(
      { id: project.id, input: { status: 'in_progress' } },
      {
        onSuccess: () => {
          toast({ title: 'Success', description: projectMessages.updated });
          setTab('active');
          setAcceptedId(project.id);
        },
        onError: (error) => {
          const reason = serverMessage(error);
          toast({
            variant: 'destructive',
            title: 'Error',
            description: reason ? (
              <>
                <span className="block">{UPDATE_FAILED}</span>
                <span className="block">{reason}</span>
              </>
            ) : (
              UPDATE_FAILED
            ),
          });
        },
      },
    );
  };

  return (
    <DashboardShell
      {...header}
      actions={
        <>
          <Button
            variant="outline"
            onClick={showReports}
            disabled={!projects.isSuccess}
            aria-controls="contractor-reports-section"
          >
            <BarChart3 aria-hidden="true" />
            Reports
          </Button>
          <EditProfileButton />
        </>
      }
    >
      <OfflineBanner updatedAt={projects.dataUpdatedAt} />
      <SyncStatus items={queued} />
      <ConfirmEmailNotice user={user} />
      {projects.isPending ? (
        <Loading />
      ) : projects.isError ? (
        <Alert
          variant="destructive"
          className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between"
        >
          <p>We couldn't load your projects. {errorMessage(projects.error)}</p>
          <Button
            variant="outline"
            size="sm"
            onClick={() => void projects.refetch()}
            disabled={projects.isFetching}
          >
            {projects.isFetching ? 'Trying again...' : 'Try again'}
          </Button>
        </Alert>
      ) : (
        <>
          {/* on a phone the jobs come first: the summary and the reports follow them (nothing in
              the summary takes the focus, so the focus order stays the visual order) */}
          <div className="order-1 sm:order-none">
            <SummaryCards summary={summary} />
          </div>
          <section aria-labelledby="contractor-projects" className="min-w-0">
            <h2 id="contractor-projects" className="sr-only">
              Your projects
            </h2>
            <Tabs
              value={tab}
              onValueChange={(v) => {
                setTab(v as TabKey);
                setAcceptedId(null);
              }}
            >
              {/* three equal tabs across a phone (a label wraps rather than leaving the screen) */}
              <div className="pb-1">
                <TabsList
                  ref={tabListRef}
                  className="grid w-full grid-cols-3 sm:flex sm:w-max sm:flex-nowrap"
                >
                  <TabsTrigger value="active" className={TAB}>
                    Active Projects <TabCount n={tabs.active.length} />
                  </TabsTrigger>
                  <TabsTrigger value="matched" className={TAB}>
                    New Matches <TabCount n={tabs.matched.length} />
                  </TabsTrigger>
                  <TabsTrigger value="completed" className={TAB}>
                    Completed <TabCount n={tabs.completed.length} />
                  </TabsTrigger>
                </TabsList>
              </div>
              <TabsContent value="active" className="grid gap-4">
                {tabs.active.length === 0 ? (
                  <EmptyTab tab="active" />
                ) : (
                  tabs.active.map((p) => (
                    <ActiveProjectCard
                      key={p.id}
                      project={p}
                      focusTitle={p.id === acceptedId}
                      onFocusLost={focusSelectedTab}
                    />
                  ))
                )}
              </TabsContent>
              <TabsContent value="matched" className="grid gap-4">
                {tabs.matched.length === 0 ? (
                  <EmptyTab tab="matched" />
                ) : (
                  tabs.matched.map((p) => (
                    <MatchedProjectCard
                      key={p.id}
                      project={p}
                      accepting={accept.isPending && accept.variables?.id === p.id}
                      onAccept={onAccept}
                      onDecline={setDeclining}
                      onFocusLost={focusSelectedTab}
                    />
                  ))
                )}
              </TabsContent>
              <TabsContent value="completed" className="grid gap-4">
                {tabs.completed.length === 0 ? (
                  <EmptyTab tab="completed" />
                ) : (
                  tabs.completed.map((p) => (
                    <CompletedProjectCard
                      key={p.id}
                      project={p}
                      onExport={(one) => exportCsv([one], one.title)}
                      onFocusLost={focusSelectedTab}
                    />
                  ))
                )}
              </TabsContent>
            </Tabs>
          </section>
          <div className="order-2 sm:order-none">
            <ContractorPayouts />
          </div>
          <section
            id="contractor-reports-section"
            aria-labelledby={REPORTS_HEADING_ID}
            className="order-2 sm:order-none"
          >
            <Card>
              <CardHeader>
                <h2
                  id={REPORTS_HEADING_ID}
                  tabIndex={-1}
                  className="flex items-center gap-2 text-xl font-semibold tracking-tight focus:outline-none"
                >
                  <FileSpreadsheet aria-hidden="true" className="size-5 text-primary" />
                  Reports
                </h2>
                <CardDescription>
                  All your projects in one spreadsheet: address, homeowner contact, your payment in dollars,
                  and every workflow step with its date (ISO 8601) and notes.
                </CardDescription>
              </CardHeader>
              <CardContent className="flex flex-col gap-2 sm:flex-row sm:items-center">
                <Button onClick={() => exportCsv(list)} disabled={list.length === 0}>
                  Export as CSV
                </Button>
                <p className="text-sm text-muted-foreground">
                  {list.length === 1 ? '1 project' : `${list.length} projects`}
                </p>
              </CardContent>
            </Card>
          </section>
        </>
      )}
      {declineOpened ? (
        <Suspense fallback={null}>
          <DeclineDialog project={declining} onClose={() => setDeclining(null)} />
        </Suspense>
      ) : null}
    </DashboardShell>
  );
}
