import { Button } from '@web/components/ui/button';
import { errorMessage } from '@web/lib/error-message';
import { useAuth } from '@web/lib/use-auth';
import { useDocumentTitle } from '@web/lib/use-document-title';
import { usePublicConfig } from '@web/lib/use-public-config';
import { toast } from '@web/lib/use-toast';
import { LogOut } from 'lucide-react';
import { Link, useLocation } from 'wouter';
import { useLogout } from '../api/logout';
import { AuthLayout } from '../components/auth-layout';

/**
 * Where GET /api/logout sends a navigation that did not start on this site: a link elsewhere must
 * not sign anyone out, so the person is asked, and signing out is a POST from this page.
 */
export function LogoutPage() {
  useDocumentTitle('Sign Out');
  const { brandName } = usePublicConfig();
  const { user, isLoading } = useAuth();
  const [, navigate] = useLocation();
  const logout = useLogout();

  const signOut = () =>
    logout.mutate(undefined, {
      onSuccess: () => {
        navigate('/', { replace: true });
        toast({ title: 'Signed out', description: 'You have been signed out.' });
      },
      onError: (error) =>
        toast({ variant: 'destructive', title: 'Sign out failed', description: errorMessage(error) }),
    });

  if (!isLoading && !user) {
    return (
      <AuthLayout title="You are signed out">
        <div className="flex justify-center">
          <Button asChild>
            <Link href="/">Home</Link>
          </Button>
        </div>
      </AuthLayout>
    );
  }
  return (
    <AuthLayout
      title={`Sign out of ${brandName}?`}
      description={user ? `Signed in as ${user.email}.` : undefined}
    >
      <div className="flex flex-wrap justify-center gap-3">
        <Button onClick={signOut} disabled={isLoading || logout.isPending}>
          <LogOut aria-hidden="true" />
          {logout.isPending ? 'Signing out...' : 'Sign out'}
        </Button>
        <Button variant="outline" asChild>
          <Link href="/">Stay signed in</Link>
        </Button>
      </div>
    </AuthLayout>
  );
}
