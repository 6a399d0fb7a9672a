import { ComingSoon } from '@web/components/coming-soon';
import { CenteredMessage, DashboardShell } from '@web/components/dashboard-shell';
import { Spinner } from '@web/components/ui/spinner';
import { currentPath, hardNavigate, loginUrl } from '@web/lib/navigation';
import { useAuth } from '@web/lib/use-auth';
import { useDocumentTitle } from '@web/lib/use-document-title';
import { useNoticeThenRedirect } from '@web/lib/use-notice-then-redirect';
import { usePublicConfig } from '@web/lib/use-public-config';
import { useLocation } from 'wouter';
import { ContractorVerificationPanel } from '../components/contractor-verification/verification-panel';

export const ADMIN_LOGIN_REDIRECT_MS = 500;
export const ADMIN_DENIED_REDIRECT_MS = 2000;

export function AdminDashboardPage() {
  const { brandName, adminEmailDomain } = usePublicConfig();
  useDocumentTitle('Admin Dashboard');
  const { user, isLoading, role } = useAuth();
  const [, navigate] = useLocation();
  const deniedMessage = `Admin access is restricted to @${adminEmailDomain} employees.`;

  useNoticeThenRedirect(
    !isLoading && !user,
    { variant: 'destructive', title: 'Unauthorized', description: 'You are logged out. Logging in again...' },
    ADMIN_LOGIN_REDIRECT_MS,
    () => hardNavigate(loginUrl(currentPath())),
  );
  useNoticeThenRedirect(
    !isLoading && user !== null && role !== 'admin',
    { variant: 'destructive', title: 'Access Denied', description: deniedMessage },
    ADMIN_DENIED_REDIRECT_MS,
    () => navigate('/'),
  );

  if (isLoading) {
    return (
      <CenteredMessage>
        <Spinner label="Loading..." />
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
  if (role !== 'admin') {
    return (
      <CenteredMessage title="Access Denied">
        <p className="text-muted-foreground">{deniedMessage}</p>
        <p className="text-sm text-muted-foreground">Taking you to the home page...</p>
      </CenteredMessage>
    );
  }

  return (
    <DashboardShell title={`${brandName} Admin Dashboard`} subtitle="Manage all projects and contractors">
      <p className="text-lg font-medium">Welcome back, {user.firstName?.trim() || 'Admin'}</p>
      <ContractorVerificationPanel />
      <ComingSoon>
        Projects, contractors, users and revenue will be managed here too; for now this page holds contractor
        verification.
      </ComingSoon>
    </DashboardShell>
  );
}
