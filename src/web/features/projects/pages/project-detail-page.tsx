import type { PublicUser } from '@domain/auth/schemas';
import { type Project, projectIdSchema } from '@domain/projects/schemas';
import { projectMessages } from '@domain/projects/workflow';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { CenteredMessage } from '@web/components/dashboard-shell';
import { loggedOutNotice, PageGuard } from '@web/components/page-guard';
import { Button } from '@web/components/ui/button';
import { Spinner } from '@web/components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@web/components/ui/tabs';
import { ProjectPaymentsPanel } from '@web/features/payments';
import { ReviewPanel } from '@web/features/reviews';
import { WarrantyPanel } from '@web/features/warranties';
import { errorMessage, errorStatus } from '@web/lib/error-message';
import { dashboardPathFor } from '@web/lib/navigation';
import { authKeys, useAuth } from '@web/lib/use-auth';
import { useDocumentTitle } from '@web/lib/use-document-title';
import { OfflineBanner, useOfflinePersistence } from '@web/pwa/offline-banner';
import type { QueuedChange } from '@web/pwa/sync-queue';
import { SyncStatus, useSyncQueue } from '@web/pwa/sync-status';
import { ArrowLeft, RefreshCw } from 'lucide-react';
import { useEffect } from 'react';
import { useLocation, useParams, useSearch } from 'wouter';
import { projectQuery } from '../api/get-projects';
import { offlineQueryRoots } from '../api/offline-roots';
import '../api/photo-sender';
import { useProjectLiveUpdates } from '../api/use-project-live-updates';
import { ActivityFeed } from '../components/activity/activity-feed';
import { CloseoutPanel } from '../components/closeout/closeout-panel';
import { PhotoLog } from '../components/files/photo-log';
import { ProgressTracker, type TrackerViewer } from '../components/progress-tracker/progress-tracker';
import { DetailsTab } from '../components/project-detail/details-tab';
import { MessagesTab } from '../components/project-detail/messages-tab';
import { ProjectHeader } from '../components/project-detail/project-header';
import { SummaryCards } from '../components/project-detail/summary-cards';

/** Signed-out visitors are sent to sign in after this long, as on the contractor and admin dashboards. */
export const PROJECT_LOGIN_REDIRECT_MS = 500;

const LOADING_TEXT = 'Loading project details...';

/** How the signed-in user stands to the project: the server let them open it, so one of the three. */
function viewerOf(user: PublicUser, project: Project): TrackerViewer {
  if (user.userType === 'admin') return 'admin';
  if (project.contractor !== null && project.contractor.userId === user.id) return 'contractor';
  return 'homeowner';
}

/** /projects/{id} and /project/{id}: the project detail screen (spec 2 §2, §6). */
export function ProjectDetailPage() {
  const { id = '' } = useParams<{ id: string }>();
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const wellFormed = projectIdSchema.safeParse(id).success;
  const project = useQuery({
    ...projectQuery(id),
    enabled: user !== null && wellFormed,
    // events sent while this page was closed were not heard: show the cached copy, then the truth
    refetchOnMount: 'always',
  });
  useProjectLiveUpdates();
  // a contractor's project opens offline with the last synced data (docs/pwa.md)
  useOfflinePersistence(user, offlineQueryRoots);
  // what was done offline is sent from here, and listed until it is (docs/pwa.md)
  const queued = useSyncQueue(user);
  useDocumentTitle(project.data?.title ?? 'Project Details');

  const status = project.data ? undefined : errorStatus(project.error);
  // a 401 here means the session ended: asking for the user again turns the page to its signed-out state
  useEffect(() => {
    if (status === 401) void queryClient.invalidateQueries({ queryKey: authKeys.user() });
  }, [status, queryClient]);

  return (
    <PageGuard signedOut={loggedOutNotice(PROJECT_LOGIN_REDIRECT_MS)} loading={<Loading />}>
      {(user) => {
        const dashboard = dashboardPathFor(user.userType);
        if (!wellFormed || status === 404 || status === 403)
          return <ProjectNotFound fallbackHref={dashboard} />;
        if (project.data)
          return (
            <ProjectScreen
              project={project.data}
              user={user}
              dashboard={dashboard}
              updatedAt={project.dataUpdatedAt}
              queued={queued}
            />
          );
        if (project.isError && status !== 401) {
          return (
            <CenteredMessage title="We couldn't load this project">
              <p className="text-muted-foreground">{errorMessage(project.error)}</p>
              <Button onClick={() => void project.refetch()} disabled={project.isFetching}>
                <RefreshCw aria-hidden="true" />
                {project.isFetching ? 'Trying again...' : 'Try Again'}
              </Button>
            </CenteredMessage>
          );
        }
        return <Loading />;
      }}
    </PageGuard>
  );
}

const tabs = [
  ['workflow', 'Project Workflow'],
  ['messages', 'Messages'],
  ['details', 'Project Details'],
] as const;

function ProjectScreen({
  project,
  user,
  dashboard,
  updatedAt,
  queued,
}: {
  project: Project;
  user: PublicUser;
  dashboard: string;
  /** when the shown project arrived: said offline */
  updatedAt: number;
  /** what this device keeps to send (a contractor's changes made offline) */
  queued: QueuedChange[];
}) {
  const viewer = viewerOf(user, project);
  // a link may open a tab: the homeowner dashboard's Message Center opens ?tab=messages
  const requested = new URLSearchParams(useSearch()).get('tab');
  const initialTab = tabs.find(([value]) => value === requested)?.[0] ?? 'workflow';
  return (
    <div className="mx-auto grid max-w-7xl gap-6 px-4 py-8 sm:px-6 sm:py-10 lg:px-8">
      <OfflineBanner updatedAt={updatedAt} />
      <SyncStatus items={queued} />
      <ProjectHeader project={project} backHref={dashboard} viewer={viewer} />
      <SummaryCards project={project} forContractor={viewer === 'contractor'} />
      <Tabs defaultValue={initialTab}>
        {/* three equal columns on a phone, the names wrapping inside them, rather than a ragged second row */}
        <TabsList aria-label="Project sections" className="grid w-full grid-cols-3 sm:inline-flex sm:w-auto">
          {tabs.map(([value, label]) => (
            <TabsTrigger key={value} value={value} className="h-full whitespace-normal text-center">
              {label}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value="workflow" className="grid gap-6">
          <ProgressTracker project={project} viewer={viewer} />
          <CloseoutPanel project={project} viewer={viewer} />
          <ProjectPaymentsPanel project={project} viewer={viewer} />
          <ReviewPanel project={project} viewer={viewer} />
          <WarrantyPanel project={project} viewer={viewer} />
          <div className="grid min-w-0 gap-6 lg:grid-cols-[3fr_2fr]">
            <PhotoLog files={project.files} />
            <ActivityFeed projectId={project.id} />
          </div>
        </TabsContent>
        <TabsContent value="messages">
          <MessagesTab project={project} user={user} />
        </TabsContent>
        <TabsContent value="details">
          <DetailsTab project={project} viewer={viewer} />
        </TabsContent>
      </Tabs>
    </div>
  );
}

function Loading() {
  return (
    <CenteredMessage>
      <Spinner label={LOADING_TEXT} />
      <p aria-hidden="true" className="text-muted-foreground">
        {LOADING_TEXT}
      </p>
    </CenteredMessage>
  );
}

/** One view for a project that does not exist and one the user may not open: neither is revealed. */
function ProjectNotFound({ fallbackHref }: { fallbackHref: string }) {
  const [, navigate] = useLocation();
  return (
    <CenteredMessage title={projectMessages.notFoundTitle}>
      <p className="text-muted-foreground">{projectMessages.notFound}</p>
      <Button
        variant="outline"
        onClick={() => {
          // opened from a link in this tab: go back there; opened directly: the dashboard
          if (window.history.length > 1) window.history.back();
          else navigate(fallbackHref);
        }}
      >
        <ArrowLeft aria-hidden="true" />
        Go Back
      </Button>
    </CenteredMessage>
  );
}
