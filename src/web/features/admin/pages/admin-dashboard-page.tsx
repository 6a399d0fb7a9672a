import type { AdminSummary } from '@domain/admin/lists';
import { dashboardGreeting } from '@domain/auth/greeting';
import type { PublicUser } from '@domain/auth/schemas';
import { useQuery } from '@tanstack/react-query';
import { CenteredMessage, DashboardShell } from '@web/components/dashboard-shell';
import { loggedOutNotice, PageGuard } from '@web/components/page-guard';
import { Button } from '@web/components/ui/button';
import { Spinner } from '@web/components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@web/components/ui/tabs';
import { OrganizationsPanel } from '@web/features/organizations';
import { useProjectLiveUpdates } from '@web/features/projects';
import { useDocumentTitle } from '@web/lib/use-document-title';
import { usePublicConfig } from '@web/lib/use-public-config';
import { Plus } from 'lucide-react';
import type * as React from 'react';
import { useState } from 'react';
import { adminSummaryQuery } from '../api/admin-lists';
import { useAdminLiveUpdates } from '../api/use-admin-live-updates';
import { AdminOverview } from '../components/dashboard/admin-overview';
import { AssignContractorDialog, type AssignTarget } from '../components/dashboard/assign-dialog';
import { CreateProjectDialog } from '../components/dashboard/create-project-dialog';
import { ExportDataButton } from '../components/dashboard/export-button';
import { DiscountCodes } from '../components/work-queues/discount-codes-queue';
import { InstallRequests } from '../components/work-queues/install-requests-queue';
import { ContactMessages, Outbox } from '../components/work-queues/other-queues';
import { Quotes } from '../components/work-queues/quotes-queue';
import { ReportQueue } from '../components/work-queues/report-queue';

export const ADMIN_LOGIN_REDIRECT_MS = 500;
export const ADMIN_DENIED_REDIRECT_MS = 2000;

export function AdminDashboardPage() {
  const { brandName, adminEmailDomain } = usePublicConfig();
  useDocumentTitle('Admin Dashboard');
  return (
    <PageGuard
      userType="admin"
      signedOut={loggedOutNotice(ADMIN_LOGIN_REDIRECT_MS)}
      denied={{
        title: 'Access Denied',
        description: `Admin access is restricted to @${adminEmailDomain} employees.`,
        destructive: true,
        delayMs: ADMIN_DENIED_REDIRECT_MS,
        footnote: 'Taking you to the home page...',
        to: '/',
      }}
      loading={
        <CenteredMessage>
          <Spinner label="Loading..." />
        </CenteredMessage>
      }
    >
      {(user) => <AdminDashboard brandName={brandName} user={user} />}
    </PageGuard>
  );
}

type QueueCount = keyof AdminSummary['queues'];

/** The work queues; each tab shows its row count from the summary (issue 26 #2). */
const queues: {
  value: string;
  label: string;
  count?: QueueCount;
  content: (() => React.ReactNode) | null;
}[] = [
  { value: 'reports', label: 'Report queue', count: 'reports', content: () => <ReportQueue /> },
  { value: 'install', label: 'Install requests', count: 'install', content: null },
  { value: 'contact', label: 'Contact messages', count: 'contact', content: () => <ContactMessages /> },
  { value: 'outbox', label: 'Mail outbox', count: 'outbox', content: () => <Outbox /> },
  { value: 'codes', label: 'Discount codes', count: 'codes', content: () => <DiscountCodes /> },
  { value: 'quotes', label: 'Quotes', count: 'quotes', content: () => <Quotes /> },
  { value: 'organizations', label: 'API organisations', content: () => <OrganizationsPanel /> },
];

/** The admin's screen once the access rule passed (spec 2 §2): the overview, the work queues, the dialogs. */
function AdminDashboard({ brandName, user }: { brandName: string; user: PublicUser }) {
  useProjectLiveUpdates();
  useAdminLiveUpdates();
  const summary = useQuery(adminSummaryQuery());
  const [creating, setCreating] = useState(false);
  const [assigning, setAssigning] = useState<AssignTarget | null>(null);
  return (
    <DashboardShell
      title={`${brandName} Admin Dashboard`}
      subtitle="Manage all projects and contractors"
      actions={
        <>
          <ExportDataButton />
          <Button onClick={() => setCreating(true)}>
            <Plus aria-hidden="true" />
            New Project
          </Button>
        </>
      }
    >
      <p className="text-lg font-medium">{dashboardGreeting(user.firstName?.trim() || 'Admin', user)}</p>
      <AdminOverview onAssign={setAssigning} />
      <section aria-labelledby="work-heading" className="grid min-w-0 gap-3">
        <h2 id="work-heading" className="text-xl font-semibold tracking-tight">
          Work queues
        </h2>
        <Tabs defaultValue="reports" className="grid min-w-0 gap-4">
          <TabsList className="h-auto flex-wrap justify-start">
            {queues.map((q) => (
              <TabsTrigger key={q.value} value={q.value} className="gap-1.5">
                {q.label}
                {q.count && summary.data ? (
                  <span
                    className="rounded-full bg-muted px-1.5 text-xs font-semibold tabular-nums text-foreground/80"
                    data-testid={`queue-count-${q.value}`}
                  >
                    {summary.data.queues[q.count].toLocaleString('en-US')}
                  </span>
                ) : null}
              </TabsTrigger>
            ))}
          </TabsList>
          {queues.map((q) => (
            <TabsContent key={q.value} value={q.value} className="min-w-0">
              {q.content ? q.content() : <InstallRequests onAssign={setAssigning} />}
            </TabsContent>
          ))}
        </Tabs>
      </section>
      <CreateProjectDialog open={creating} onOpenChange={setCreating} />
      <AssignContractorDialog project={assigning} onClose={() => setAssigning(null)} />
    </DashboardShell>
  );
}
