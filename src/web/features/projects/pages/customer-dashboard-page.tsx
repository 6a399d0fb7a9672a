import { ComingSoon } from '@web/components/coming-soon';
import { ConfirmEmailNotice } from '@web/components/confirm-email-notice';
import { CenteredMessage, DashboardShell } from '@web/components/dashboard-shell';
import { Button } from '@web/components/ui/button';
import { Spinner } from '@web/components/ui/spinner';
import { currentPath, hardNavigate, loginUrl } from '@web/lib/navigation';
import { useAuth } from '@web/lib/use-auth';
import { useDocumentTitle } from '@web/lib/use-document-title';
import { useNoticeThenRedirect } from '@web/lib/use-notice-then-redirect';
import { Link } from 'wouter';

/** Logged-out visitors are sent to sign in after this long (the spec's homeowner delay). */
export const CUSTOMER_LOGIN_REDIRECT_MS = 2000;

export function CustomerDashboardPage() {
  useDocumentTitle('Customer Dashboard');
  const { user, isLoading } = useAuth();

  useNoticeThenRedirect(
    !isLoading && !user,
    { title: 'Login Required', description: 'Please log in to access your customer dashboard.' },
    CUSTOMER_LOGIN_REDIRECT_MS,
    () => hardNavigate(loginUrl(currentPath())),
  );

  if (isLoading) {
    return (
      <CenteredMessage>
        <Spinner label="Loading your dashboard..." />
      </CenteredMessage>
    );
  }
  if (!user) {
    return (
      <CenteredMessage title="Login Required">
        <p className="text-muted-foreground">Please log in to access your customer dashboard.</p>
        <p className="text-sm text-muted-foreground">Taking you to the sign-in page...</p>
      </CenteredMessage>
    );
  }

  return (
    <DashboardShell
      title={`Welcome back, ${user.firstName?.trim() || 'Customer'}`}
      subtitle="Projects are assigned by your insurance company or contractor"
      actions={
        <Button variant="accent" asChild>
          <Link href="/quote">Order a Quote</Link>
        </Button>
      }
    >
      <ConfirmEmailNotice user={user} />
      <ComingSoon>
        Your full dashboard is coming soon: your projects, their live progress, documents and messages with
        your contractor will appear here.
      </ComingSoon>
    </DashboardShell>
  );
}
