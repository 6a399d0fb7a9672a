import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserWithSession } from '../../../../tests/helpers/auth';
import { call, onboardedContractor } from '../../../../tests/helpers/onboarding';
import { createTestContext, type TestContext, testDbKind } from '../../../../tests/helpers/test-context';
import type { RealtimeEvent } from '../../../domain/realtime';
import type { BusMessage } from '../../platform/bus/types';

/**
 * Issue 23 item 10: an admin's decision on an application reaches the applicant's open pages as the
 * `contractor_verified` real-time event (their dashboard refetches the profile), after it commits.
 */

let ctx: TestContext;
let admin: { cookie: string };

beforeAll(async () => {
  ctx = await createTestContext({ runWorkers: false });
  admin = await createUserWithSession(ctx.platform, {
    email: 'live-verifier@ridgeline.test',
    userType: 'admin',
  });
});

afterAll(async () => {
  await ctx?.close();
});

/** The real-time events the bus carried to `userId` while `run` ran. */
async function eventsTo(userId: string, run: () => Promise<void>): Promise<RealtimeEvent[]> {
  const seen: RealtimeEvent[] = [];
  const stop = ctx.platform.bus.subscribe((message: BusMessage) => {
    if (message.kind === 'realtime' && message.userIds.includes(userId)) seen.push(message.event);
  });
  try {
    await run();
  } finally {
    stop();
  }
  return seen;
}

describe(`the verification decision, live (${testDbKind})`, () => {
  for (const status of ['verified', 'rejected'] as const) {
    it(`publishes contractor_verified (${status}) to the applicant once the decision is stored`, async () => {
      const applicant = await onboardedContractor(ctx.app);
      const events = await eventsTo(applicant.userId, async () => {
        const res = await call(
          ctx.app,
          admin,
          'POST',
          `/api/admin/contractors/${applicant.contractorId}/verify`,
          {
            status,
          },
        );
        expect(res.statusCode, res.body).toBe(200);
      });
      expect(events).toContainEqual({
        type: 'contractor_verified',
        contractorId: applicant.contractorId,
        status,
      });
    });
  }

  it('publishes nothing for a refused decision (unknown contractor, bad status)', async () => {
    const applicant = await onboardedContractor(ctx.app);
    const events = await eventsTo(applicant.userId, async () => {
      const bad = await call(
        ctx.app,
        admin,
        'POST',
        `/api/admin/contractors/${applicant.contractorId}/verify`,
        {
          status: 'approved',
        },
      );
      expect(bad.statusCode).toBe(400);
    });
    expect(events.filter((e) => e.type === 'contractor_verified')).toEqual([]);
  });
});
