import type { PublicUser, UserType } from '@domain/auth/schemas';
import { CenteredMessage } from '@web/components/dashboard-shell';
import { currentPath, hardNavigate, loginUrl } from '@web/lib/navigation';
import { useAuth } from '@web/lib/use-auth';
import { useNoticeThenRedirect } from '@web/lib/use-notice-then-redirect';
import type * as React from 'react';
import { useLocation } from 'wouter';

/** What a guarded page says before it sends the visitor away, and after how long it does. */
export interface GuardNotice {
  /** The notice's and the screen's title; without one the page goes at once, saying nothing. */
  title?: string;
  description?: string;
  destructive?: boolean;
  delayMs: number;
  /** A line under the description on the screen ('Taking you to the sign-in page...'). */
  footnote?: string;
}

/** The notice of a session that ended (or never began) on the dashboards and the project page. */
export function loggedOutNotice(delayMs: number): GuardNotice {
  return {
    title: 'Unauthorized',
    description: 'You are logged out. Logging in again...',
    destructive: true,
    delayMs,
  };
}

function toastOf(notice: GuardNotice) {
  if (!notice.title) return null;
  return {
    title: notice.title,
    description: notice.description,
    ...(notice.destructive ? { variant: 'destructive' as const } : {}),
  };
}

function NoticeScreen({ notice, fallback }: { notice: GuardNotice; fallback: React.ReactNode }) {
  if (!notice.title) return <>{fallback}</>;
  return (
    <CenteredMessage title={notice.title}>
      <p className="text-muted-foreground">{notice.description}</p>
      {notice.footnote ? <p className="text-sm text-muted-foreground">{notice.footnote}</p> : null}
    </CenteredMessage>
  );
}

/**
 * A page for signed-in people (of one kind, with `userType`): while the session is read it shows
 * `loading`; signed out (or `sessionEnded`, a 401 of the page's own data) it says so and, after
 * the notice's delay, opens the sign-in page, which brings the visitor back here; signed in with
 * another role it says so and goes to `denied.to`. The server refuses the data anyway: this only
 * picks the screen.
 */
export function PageGuard({
  userType,
  signedOut,
  denied,
  sessionEnded = false,
  loading,
  children,
}: {
  /** The one kind of account the page is for; any signed-in account when absent. */
  userType?: UserType;
  signedOut: GuardNotice;
  denied?: GuardNotice & { to: string };
  sessionEnded?: boolean;
  loading: React.ReactNode;
  children: (user: PublicUser) => React.ReactNode;
}) {
  const { user, isLoading } = useAuth();
  const [, navigate] = useLocation();
  const out = !isLoading && (user === null || sessionEnded);
  const refused = !isLoading && !out && userType !== undefined && user?.userType !== userType;

  // the notice is carried to the sign-in page, where it can be read (the redirect comes after 500 ms)
  useNoticeThenRedirect(
    out,
    toastOf(signedOut),
    signedOut.delayMs,
    () => hardNavigate(loginUrl(currentPath())),
    true,
  );
  useNoticeThenRedirect(
    refused && denied !== undefined,
    denied ? toastOf(denied) : null,
    denied?.delayMs ?? 0,
    () => navigate(denied?.to ?? '/'),
  );

  if (isLoading) return <>{loading}</>;
  if (out || user === null) return <NoticeScreen notice={signedOut} fallback={loading} />;
  if (refused) return denied ? <NoticeScreen notice={denied} fallback={loading} /> : null;
  return <>{children(user)}</>;
}
