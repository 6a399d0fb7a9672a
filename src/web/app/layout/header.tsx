import { BrandMark } from '@web/components/brand-mark';
import { Button } from '@web/components/ui/button';
import { useLogout } from '@web/features/auth/api/logout';
import { errorMessage } from '@web/lib/error-message';
import { AUTH_PAGES, dashboardPathFor } from '@web/lib/navigation';
import { useAuth } from '@web/lib/use-auth';
import { usePublicConfig } from '@web/lib/use-public-config';
import { toast } from '@web/lib/use-toast';
import { cn } from '@web/lib/utils';
import { LayoutDashboard, LogOut, Menu, X } from 'lucide-react';
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { mainNavLinks } from './nav-links';

// the bell (its list, its queries) loads only for a signed-in visitor: the public pages' budget stays
const NotificationBell = lazy(async () => ({
  default: (await import('@web/features/notifications/components/notification-bell')).NotificationBell,
}));

function loginHref(location: string): string {
  return location === '/' || AUTH_PAGES.has(location)
    ? '/login'
    : `/login?returnTo=${encodeURIComponent(location)}`;
}

export function Header() {
  const { brandName } = usePublicConfig();
  const { user, isLoading } = useAuth();
  const [location, navigate] = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const menuId = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);
  const logout = useLogout();

  // biome-ignore lint/correctness/useExhaustiveDependencies: the menu closes whenever the page changes
  useEffect(() => {
    setMenuOpen(false);
  }, [location]);

  useEffect(() => {
    if (!menuOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setMenuOpen(false);
        toggleRef.current?.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [menuOpen]);

  const signOut = () => {
    logout.mutate(undefined, {
      onSuccess: () => {
        setMenuOpen(false);
        navigate('/');
        toast({ title: 'Signed out', description: 'You have been signed out.' });
      },
      onError: (error) =>
        toast({ variant: 'destructive', title: 'Sign out failed', description: errorMessage(error) }),
    });
  };

  const dashboardHref = dashboardPathFor(user?.userType);
  const firstName = user?.firstName?.trim() || user?.email || '';

  return (
    <header className="sticky top-0 z-40 border-b bg-card/95 backdrop-blur supports-[backdrop-filter]:bg-card/85">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded-md focus:bg-primary focus:px-3 focus:py-2 focus:text-primary-foreground"
      >
        Skip to content
      </a>
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-3 px-4 sm:px-6 lg:px-8">
        <Link
          href="/"
          className="flex min-w-0 shrink-0 items-center gap-2 rounded-md"
          aria-label={`${brandName} home`}
        >
          <BrandMark />
          <span className="truncate text-lg font-bold tracking-tight text-primary">{brandName}</span>
        </Link>

        <nav aria-label="Main" className="ml-2 hidden xl:block">
          <ul className="flex items-center gap-1">
            {mainNavLinks.map((link) => (
              <li key={link.href}>
                <Link
                  href={link.href}
                  aria-current={location === link.href ? 'page' : undefined}
                  className={cn(
                    'whitespace-nowrap rounded-md px-2.5 py-2 text-sm font-medium text-muted-foreground transition-colors hover:bg-secondary hover:text-foreground',
                    location === link.href && 'text-foreground',
                  )}
                >
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>

        <div className="ml-auto flex items-center gap-2">
          <Link
            href="/contractor-application"
            className="hidden whitespace-nowrap rounded-md px-2 py-2 text-sm font-medium text-primary hover:underline xl:inline-flex"
          >
            Join as Contractor
          </Link>
          <Button variant="outline" size="sm" asChild className="hidden md:inline-flex">
            <Link href="/contractor-dashboard">I'm a Contractor</Link>
          </Button>

          {isLoading ? (
            <span className="inline-block h-9 w-16" aria-hidden="true" />
          ) : user ? (
            <div className="hidden items-center gap-2 md:flex">
              <span className="max-w-28 truncate text-sm whitespace-nowrap text-muted-foreground">
                Hi, <span className="font-semibold text-foreground">{firstName}</span>
              </span>
              <Button variant="secondary" size="sm" asChild>
                <Link href={dashboardHref}>
                  <LayoutDashboard aria-hidden="true" />
                  Dashboard
                </Link>
              </Button>
              <Button variant="ghost" size="sm" onClick={signOut} disabled={logout.isPending}>
                <LogOut aria-hidden="true" />
                {logout.isPending ? 'Signing out...' : 'Sign out'}
              </Button>
            </div>
          ) : (
            <Button size="sm" asChild>
              <Link href={loginHref(location)}>Login</Link>
            </Button>
          )}

          {user ? (
            <Suspense fallback={null}>
              <NotificationBell />
            </Suspense>
          ) : null}

          <Button
            ref={toggleRef}
            variant="ghost"
            size="icon"
            className="xl:hidden"
            aria-expanded={menuOpen}
            aria-controls={menuId}
            aria-label={menuOpen ? 'Close menu' : 'Open menu'}
            onClick={() => setMenuOpen((open) => !open)}
          >
            {menuOpen ? (
              <X aria-hidden="true" className="size-5" />
            ) : (
              <Menu aria-hidden="true" className="size-5" />
            )}
          </Button>
        </div>
      </div>

      <div id={menuId} hidden={!menuOpen} className="border-t bg-card xl:hidden">
        <nav aria-label="Mobile" className="mx-auto max-w-7xl px-4 py-3 sm:px-6">
          <ul className="grid gap-1">
            {mainNavLinks.map((link) => (
              <li key={link.href}>
                <Link
                  href={link.href}
                  aria-current={location === link.href ? 'page' : undefined}
                  className="block rounded-md px-3 py-2.5 text-base font-medium hover:bg-secondary"
                >
                  {link.label}
                </Link>
              </li>
            ))}
            <li>
              <Link
                href="/contractor-application"
                className="block rounded-md px-3 py-2.5 text-base font-medium text-primary hover:bg-secondary"
              >
                Join as Contractor
              </Link>
            </li>
          </ul>
          <div className="mt-3 grid gap-2 border-t pt-3 md:hidden">
            <Button variant="outline" asChild>
              <Link href="/contractor-dashboard">I'm a Contractor</Link>
            </Button>
            {user ? (
              <>
                <p className="px-1 pt-1 text-sm text-muted-foreground">
                  Signed in as <span className="font-semibold text-foreground">{firstName}</span>
                </p>
                <Button variant="secondary" asChild>
                  <Link href={dashboardHref}>
                    <LayoutDashboard aria-hidden="true" />
                    Dashboard
                  </Link>
                </Button>
                <Button variant="ghost" onClick={signOut} disabled={logout.isPending}>
                  <LogOut aria-hidden="true" />
                  {logout.isPending ? 'Signing out...' : 'Sign out'}
                </Button>
              </>
            ) : null}
          </div>
        </nav>
      </div>
    </header>
  );
}
