import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { adminKeys } from '../features/admin/api/admin-keys';
import { contractorKeys } from '../features/contractors/api/contractor-keys';
import { contractorProfileDetailQuery } from '../features/contractors/api/get-contractor-profile';
import { installRequestKeys } from '../features/install-requests/api/install-request-keys';
import { messageKeys } from '../features/messages/api/message-keys';
import { notificationKeys } from '../features/notifications/api/notification-keys';
import { paymentKeys } from '../features/payments/api/payment-keys';
import { contractorProfileQuery } from '../features/projects/api/get-contractor-profile';
import { projectKeys } from '../features/projects/api/project-keys';
import { quoteKeys } from '../features/quotes/api/quote-keys';
import { searchKeys } from '../features/search/api/search-keys';
import { createQueryClient } from '../lib/query-client';
import { resetSessionCache } from '../lib/session-cache';
import { authKeys } from '../lib/use-auth';
import { publicConfigKeys } from '../lib/use-public-config';

type Factory = { all: readonly string[] } & Record<string, unknown>;

const factories: Record<string, Factory> = {
  adminKeys,
  authKeys,
  contractorKeys,
  installRequestKeys,
  messageKeys,
  notificationKeys,
  paymentKeys,
  projectKeys,
  publicConfigKeys,
  quoteKeys,
  searchKeys,
};

/** Every key a factory makes, each function called with sample arguments. */
function keysOf(factory: Factory): (readonly unknown[])[] {
  return Object.values(factory).map((make) =>
    typeof make === 'function' ? (make as (...a: string[]) => readonly unknown[])('id-1', 'x') : make,
  ) as (readonly unknown[])[];
}

describe('query key factories', () => {
  it('give every feature its own root, so `xxxKeys.all` refreshes that feature and nothing else', () => {
    const roots = Object.values(factories).map((f) => f.all[0]);
    expect(new Set(roots).size).toBe(roots.length);
  });

  it.each(Object.entries(factories))('%s: every key starts with the root and is no URL', (_, factory) => {
    for (const key of keysOf(factory)) {
      expect(key.slice(0, factory.all.length)).toEqual(factory.all);
      for (const part of key) expect(String(part).startsWith('/')).toBe(false);
    }
  });

  it('nest what one invalidation must reach', () => {
    const within = (key: readonly unknown[], parent: readonly unknown[]) =>
      expect(key.slice(0, parent.length)).toEqual(parent);
    within(projectKeys.files('p1'), projectKeys.detail('p1'));
    within(projectKeys.homeowner('u1'), projectKeys.lists());
    within(projectKeys.contractor('c1'), projectKeys.lists());
    within(projectKeys.admin(), projectKeys.lists());
    within(adminKeys.pendingContractors(), adminKeys.contractors());
    within(adminKeys.bankChanges(), adminKeys.contractors());
    within(messageKeys.unread(), messageKeys.all);
    expect(projectKeys.detail('p1')).not.toEqual(projectKeys.detail('p2'));
    expect(searchKeys.available('75201', 'all')).not.toEqual(searchKeys.available('75201', 'metal'));
  });

  it('share the contractor profile between the dashboard (projects) and the wizard (contractors)', () => {
    // one GET /api/contractor/profile answer: a wizard step or a decision refreshes both screens
    expect(contractorProfileQuery('u1').queryKey).toEqual(contractorProfileDetailQuery('u1').queryKey);
    expect(contractorProfileQuery('u1').queryKey).toEqual(contractorKeys.profile('u1'));
  });
});

describe('the query client', () => {
  it('has no default query function: a query without its own fetch fails', async () => {
    const client = createQueryClient();
    expect(client.getDefaultOptions().queries?.queryFn).toBeUndefined();
    await expect(client.fetchQuery({ queryKey: ['anything'] })).rejects.toThrow(/queryFn/);
  });

  it('keeps only the public settings across a sign-in, and records the new user', () => {
    const client = new QueryClient();
    client.setQueryData(publicConfigKeys.all, { brandName: 'Acme' });
    client.setQueryData(projectKeys.detail('p1'), { id: 'p1' });
    client.setQueryData(authKeys.user(), { id: 'old' });
    resetSessionCache(client, { id: 'new' } as never);
    expect(client.getQueryData(publicConfigKeys.all)).toEqual({ brandName: 'Acme' });
    expect(client.getQueryData(projectKeys.detail('p1'))).toBeUndefined();
    expect(client.getQueryData(authKeys.user())).toEqual({ id: 'new' });
  });
});
