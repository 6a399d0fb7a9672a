import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import type { PublicUser } from '../../domain/auth/schemas';
import { authKeys } from '../lib/use-auth';
import { loggedOutNotice, PageGuard } from './page-guard';

const admin = { id: 'u-admin', userType: 'admin', firstName: 'Ada' } as PublicUser;
const homeowner = { id: 'u-home', userType: 'homeowner', firstName: 'Hal' } as PublicUser;

/** The page's markup with the session in the given state (undefined: not known yet). */
function render(user: PublicUser | null | undefined, props: { sessionEnded?: boolean } = {}): string {
  const client = new QueryClient();
  if (user !== undefined) client.setQueryData(authKeys.user(), user);
  return renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <Router ssrPath="/admin-dashboard">
        <PageGuard
          userType="admin"
          signedOut={loggedOutNotice(500)}
          denied={{
            title: 'Access Denied',
            description: 'Admin access is restricted to @ridgeline.test employees.',
            footnote: 'Taking you to the home page...',
            delayMs: 2000,
            to: '/',
          }}
          sessionEnded={props.sessionEnded}
          loading={<p>Loading...</p>}
        >
          {(u) => <p>Welcome back, {u.firstName}</p>}
        </PageGuard>
      </Router>
    </QueryClientProvider>,
  );
}

const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

describe('PageGuard', () => {
  it('shows the page to its kind of account', () => {
    expect(text(render(admin))).toBe('Welcome back, Ada');
  });

  it('waits for the session before deciding', () => {
    // the client has not asked yet: the query is pending
    expect(text(render(undefined))).toBe('Loading...');
  });

  it('says a signed-out visitor is being sent to sign in', () => {
    expect(text(render(null))).toBe('Unauthorized You are logged out. Logging in again...');
  });

  it("treats a 401 of the page's own data as signed out", () => {
    expect(text(render(admin, { sessionEnded: true }))).toContain('Unauthorized');
  });

  it('refuses another kind of account, saying where it goes', () => {
    expect(text(render(homeowner))).toBe(
      'Access Denied Admin access is restricted to @ridgeline.test employees. Taking you to the home page...',
    );
  });
});
