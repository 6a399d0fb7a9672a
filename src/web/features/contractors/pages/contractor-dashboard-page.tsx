import { ComingSoon } from '@web/components/coming-soon';
import { ConfirmEmailNotice } from '@web/components/confirm-email-notice';
import { CenteredMessage, DashboardShell } from '@web/components/dashboard-shell';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@web/components/ui/card';
import { Spinner } from '@web/components/ui/spinner';
import { currentPath, hardNavigate, loginUrl } from '@web/lib/navigation';
import { useAuth } from '@web/lib/use-auth';
import { useDocumentTitle } from '@web/lib/use-document-title';
import { useNoticeThenRedirect } from '@web/lib/use-notice-then-redirect';
import { Link } from 'wouter';

/** Logged-out visitors are sent to sign in after this long. */
export const CONTRACTOR_LOGIN_REDIRECT_MS = 500;

export function ContractorDashboardPage() {
  useDocumentTitle('Contractor Dashboard');
  const { user, isLoading, role } = useAuth();

  useNoticeThenRedirect(
    !isLoading && !user,
    { variant: 'destructive', title: 'Unauthorized', description: 'You are logged out. Logging in again...' },
    CONTRACTOR_LOGIN_REDIRECT_MS,
    () => hardNavigate(loginUrl(currentPath())),
  );

  if (isLoading) {
    return (
      <CenteredMessage>
        <Spinner label="Loading..." />
        <p className="text-muted-foreground">Loading...</p>
      </CenteredMessage>
    );
  }
  if (!user) {
    return (
      <CenteredMessage title="Unauthorized">
        <p className="text-muted-foreground">You are logged out. Logging in again...</p>
      </CenteredMessage>
    );
  }
  if (role === 'homeowner') {
    return (
      <section className="mx-auto max-w-lg px-4 py-16">
        <Card>
          <CardHeader>
            <h1 className="text-xl font-semibold tracking-tight">Contractor Profile Required</h1>
            <CardDescription>
              Please complete your contractor profile to access the dashboard.
            </CardDescription>
          </CardHeader>
          <CardContent>
            <Button asChild>
              <Link href="/contractor/profile">Complete Profile</Link>
            </Button>
          </CardContent>
        </Card>
      </section>
    );
  }

  return (
    <DashboardShell
      title={`Welcome back, ${user.firstName?.trim() || 'Contractor'}`}
      subtitle="Your assigned projects, new matches and completed work"
    >
      <ConfirmEmailNotice user={user} />
      <ComingSoon>
        Your full dashboard is coming soon: active projects with their six-step workflow, new matches to
        accept and your completed work will appear here.
      </ComingSoon>
    </DashboardShell>
  );
}
