import { dashboardGreeting } from '@domain/auth/greeting';
import type { PublicUser } from '@domain/auth/schemas';
import type { Project } from '@domain/projects/schemas';
import { projectMessages } from '@domain/projects/workflow';
import { useQuery } from '@tanstack/react-query';
import { ConfirmEmailNotice } from '@web/components/confirm-email-notice';
import { CenteredMessage, DashboardShell } from '@web/components/dashboard-shell';
import { PageGuard } from '@web/components/page-guard';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Card, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Spinner } from '@web/components/ui/spinner';
import { ApiError } from '@web/lib/api-client';
import { useDocumentTitle } from '@web/lib/use-document-title';
import { MousePointerClick, SearchX } from 'lucide-react';
import { type Ref, useCallback, useEffect, useRef } from 'react';
import { Link } from 'wouter';
import { homeownerProjectsQuery, projectQuery } from '../api/get-projects';
import { useProjectLiveUpdates } from '../api/use-project-live-updates';
import { homeownerStats } from '../components/customer-dashboard/dashboard-model';
import { MyQuotesSection } from '../components/customer-dashboard/my-quotes-section';
import { ProjectDetail } from '../components/customer-dashboard/project-detail';
import { NoProjects, ProjectList } from '../components/customer-dashboard/project-list';
import { QuickActions } from '../components/customer-dashboard/quick-actions';
import { RecentActivity } from '../components/customer-dashboard/recent-activity';
import { StatCards } from '../components/customer-dashboard/stat-cards';
import {
  type DetailTab,
  useDashboardSelection,
} from '../components/customer-dashboard/use-dashboard-selection';

/** Logged-out visitors are sent to sign in after this long (the spec's homeowner delay). */
export const CUSTOMER_LOGIN_REDIRECT_MS = 2000;

export function CustomerDashboardPage() {
  useDocumentTitle('Customer Dashboard');
  return (
    <PageGuard
      signedOut={{
        title: 'Login Required',
        description: 'Please log in to access your customer dashboard.',
        delayMs: CUSTOMER_LOGIN_REDIRECT_MS,
        footnote: 'Taking you to the sign-in page...',
      }}
      loading={
        <CenteredMessage>
          <Spinner label="Loading your dashboard..." />
        </CenteredMessage>
      }
    >
      {(user) => <CustomerDashboard user={user} />}
    </PageGuard>
  );
}

function CustomerDashboard({ user }: { user: PublicUser }) {
  useProjectLiveUpdates();
  const projects = useQuery(homeownerProjectsQuery(user.id));
  const { projectId, tab, select, setTab } = useDashboardSelection();
  const listed = projects.data?.find((p) => p.id === projectId);
  const detail = useQuery({
    ...projectQuery(projectId ?? ''),
    enabled: projectId !== null,
    placeholderData: listed,
  });

  // a project chosen here (not opened from a link) takes the focus, so the keyboard and a
  // screen reader continue on it, and a phone scrolls to it below the list
  const headingRef = useRef<HTMLHeadingElement>(null);
  const focusPending = useRef(false);
  const shownId = detail.data?.id;
  useEffect(() => {
    if (!focusPending.current || !shownId || shownId !== projectId) return;
    focusPending.current = false;
    headingRef.current?.focus();
  }, [shownId, projectId]);

  const choose = useCallback(
    (id: string, nextTab: DetailTab = 'overview') => {
      focusPending.current = true;
      select(id, nextTab);
    },
    [select],
  );

  const tabsRef = useRef<HTMLDivElement>(null);
  const viewDocuments = () => {
    setTab('documents');
    // after the tab has rendered: focusing its trigger also scrolls it into view
    requestAnimationFrame(() =>
      tabsRef.current?.querySelector<HTMLElement>('[role="tab"][data-state="active"]')?.focus(),
    );
  };

  const list = projects.data ?? [];
  const greeting = dashboardGreeting(user.firstName?.trim() || 'Customer', user);

  return (
    <DashboardShell
      title={greeting}
      subtitle="Projects are assigned by your insurance company or contractor"
      actions={
        <Button variant="accent" asChild>
          <Link href="/quote">Order a Quote</Link>
        </Button>
      }
    >
      <ConfirmEmailNotice user={user} />

      {projects.isPending ? (
        <div className="flex justify-center py-10">
          <Spinner label="Loading your projects..." />
        </div>
      ) : projects.isError ? (
        <Alert variant="destructive" className="flex flex-wrap items-center justify-between gap-3">
          <span>We could not load your projects. Please try again.</span>
          <Button variant="outline" size="sm" onClick={() => void projects.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : (
        <>
          <StatCards stats={homeownerStats(list)} />
          {list.length === 0 && projectId === null ? (
            <div className="grid gap-6">
              <NoProjects />
              <div className="grid gap-6 md:grid-cols-2">
                <QuickActions projectId={null} onViewDocuments={viewDocuments} />
                <RecentActivity />
              </div>
            </div>
          ) : (
            <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,2fr)] lg:grid-rows-[auto_auto_auto_1fr]">
              <div className="lg:col-start-1">
                {list.length > 0 ? (
                  <ProjectList projects={list} selectedId={projectId} onSelect={(id) => choose(id)} />
                ) : (
                  <NoProjects />
                )}
              </div>
              <section
                aria-label="Selected project"
                className="min-w-0 lg:col-start-2 lg:row-span-4 lg:row-start-1"
              >
                <SelectedProject
                  canUpload={detail.data?.homeownerId === user.id || user.userType === 'admin'}
                  projectId={projectId}
                  project={detail.data}
                  isError={detail.isError && !detail.data}
                  notFound={detail.error instanceof ApiError && detail.error.status === 404}
                  onRetry={() => void detail.refetch()}
                  onClear={() => select(null)}
                  tab={tab}
                  onTabChange={setTab}
                  headingRef={headingRef}
                  tabsRef={tabsRef}
                />
              </section>
              <div className="lg:col-start-1">
                <QuickActions projectId={detail.data ? projectId : null} onViewDocuments={viewDocuments} />
              </div>
              <div className="lg:col-start-1">
                <RecentActivity />
              </div>
            </div>
          )}
        </>
      )}

      <MyQuotesSection user={user} onOpenProject={(id) => choose(id)} />
    </DashboardShell>
  );
}

function SelectedProject({
  canUpload,
  projectId,
  project,
  isError,
  notFound,
  onRetry,
  onClear,
  tab,
  onTabChange,
  headingRef,
  tabsRef,
}: {
  canUpload: boolean;
  projectId: string | null;
  project: Project | undefined;
  isError: boolean;
  notFound: boolean;
  onRetry: () => void;
  onClear: () => void;
  tab: DetailTab;
  onTabChange: (tab: DetailTab) => void;
  headingRef: Ref<HTMLHeadingElement>;
  tabsRef: Ref<HTMLDivElement>;
}) {
  if (projectId === null) {
    return (
      <Card className="flex min-h-64 items-center justify-center text-center" data-testid="select-project">
        <CardHeader className="items-center">
          <MousePointerClick aria-hidden="true" className="size-10 text-muted-foreground" />
          <CardTitle className="text-lg">Select a Project</CardTitle>
          <CardDescription>
            Choose a project from the list to see its progress, details, documents and images.
          </CardDescription>
        </CardHeader>
      </Card>
    );
  }
  if (project) {
    return (
      <ProjectDetail
        canUpload={canUpload}
        project={project}
        tab={tab}
        onTabChange={onTabChange}
        headingRef={headingRef}
        tabsRef={tabsRef}
      />
    );
  }
  if (notFound || isError) {
    return (
      <Card className="text-center" data-testid="project-not-found">
        <CardHeader className="items-center gap-3">
          <SearchX aria-hidden="true" className="size-10 text-muted-foreground" />
          <CardTitle className="text-lg">
            {notFound ? projectMessages.notFoundTitle : 'Could not load this project'}
          </CardTitle>
          <CardDescription>
            {notFound ? projectMessages.notFound : 'Please check your connection and try again.'}
          </CardDescription>
          <div className="flex flex-wrap justify-center gap-2">
            {notFound ? null : (
              <Button variant="outline" size="sm" onClick={onRetry}>
                Try again
              </Button>
            )}
            <Button variant="outline" size="sm" onClick={onClear}>
              Show my projects
            </Button>
          </div>
        </CardHeader>
      </Card>
    );
  }
  return (
    <div className="flex justify-center py-10">
      <Spinner label="Loading project details..." />
    </div>
  );
}
