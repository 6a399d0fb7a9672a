import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asSent } from '../../../../tests/helpers/outbox';
import {
  type ContractorPerson,
  callerOf,
  type Person,
  testContractor,
  testPerson,
} from '../../../../tests/helpers/people';
import { insertProject as insertProjectRow } from '../../../../tests/helpers/projects';
import { createTestContext, type TestContext } from '../../../../tests/helpers/test-context';
import { ratingOf } from '../../../domain/reviews/rating';
import type { ContractorReviews, ProjectReview, Review } from '../../../domain/reviews/schemas';
import { auditLog, mailOutbox, notifications, projects, reviews } from '../../platform/db/schema';

let ctx: TestContext;
let homeowner: Person;
let other: Person;
let admin: Person;
let contractor: ContractorPerson;
const call = callerOf(() => ctx.app);

const insertProject = (status: 'in_progress' | 'completed', owner = homeowner) =>
  insertProjectRow(ctx.platform, {
    status,
    homeownerId: owner.id,
    contractorId: contractor.profileId,
    // a completed job here is one whose work the homeowner accepted after the final inspection
    ...(status === 'completed' ? { inspectionSubmittedAt: new Date(), workAcceptedAt: new Date() } : {}),
  });

const good = { rating: 5, comment: 'Clean work, on time, and they picked up every nail.' };

beforeAll(async () => {
  ctx = await createTestContext({ runWorkers: false });
  homeowner = await testPerson(ctx.platform, 'riley@owner.example', 'homeowner', 'Riley');
  other = await testPerson(ctx.platform, 'sam@stranger.example');
  admin = await testPerson(ctx.platform, 'ops@ridgeline.test', 'admin');
  contractor = await testContractor(ctx.platform, 'casey@crew.example', { companyName: 'Crew Roofing' });
});

afterAll(async () => {
  await ctx?.close();
});

describe('asking for a review', () => {
  it('asks the homeowner, in the app and by mail, once they accept the work after the final inspection', async () => {
    const id = await insertProject('in_progress');
    const done = await call('PUT', `/api/projects/${id}`, contractor, { installCompleted: true });
    expect(done.statusCode, done.body).toBe(200);
    const requests = () =>
      ctx.platform.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.projectId, id), eq(notifications.kind, 'review_requested')));
    // completed, the inspection not yet done: no review yet, and none asked for
    expect(await requests()).toEqual([]);
    const early = await call('PUT', `/api/projects/${id}/review`, homeowner, good);
    expect(early.statusCode, early.body).toBe(409);
    await ctx.platform.db
      .update(projects)
      .set({ inspectionSubmittedAt: new Date() })
      .where(eq(projects.id, id));
    const accepted = await call('POST', `/api/projects/${id}/closeout/accept`, homeowner);
    expect(accepted.statusCode, accepted.body).toBe(200);
    const [notice] = await ctx.platform.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.projectId, id), eq(notifications.kind, 'review_requested')));
    expect(notice?.userId).toBe(homeowner.id);
    expect(notice?.link).toBe(`/projects/${id}#review`);
    const [mail] = await ctx.platform.db
      .select()
      .from(mailOutbox)
      .where(
        and(
          eq(mailOutbox.to, homeowner.email),
          eq(mailOutbox.subject, 'How did Crew Roofing do? Review your roofing project'),
        ),
      );
    expect(mail && asSent(ctx.config, mail).text).toContain(`/projects/${id}#review`);
  });
});

describe('writing a review', () => {
  it('is the homeowner’s, once the project is completed, and editable', async () => {
    const open = await insertProject('in_progress');
    const early = await call('PUT', `/api/projects/${open}/review`, homeowner, good);
    expect(early.statusCode).toBe(409);

    const id = await insertProject('completed');
    const before = (await call('GET', `/api/projects/${id}/review`, homeowner)).json() as ProjectReview;
    expect(before).toMatchObject({ review: null, canWrite: true, canReply: false, canHide: false });

    const created = await call('PUT', `/api/projects/${id}/review`, homeowner, good);
    expect(created.statusCode, created.body).toBe(201);
    const review = created.json() as Review;
    expect(review).toMatchObject({
      rating: 5,
      comment: good.comment,
      author: expect.stringMatching(/^Riley( \w\.)?$/),
      reply: null,
    });

    const edited = await call('PUT', `/api/projects/${id}/review`, homeowner, {
      rating: 4,
      comment: ' Good. ',
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ id: review.id, rating: 4, comment: 'Good.' });
    const rows = await ctx.platform.db.select().from(reviews).where(eq(reviews.projectId, id));
    expect(rows).toHaveLength(1);

    // who else may not write it
    expect((await call('PUT', `/api/projects/${id}/review`, contractor, good)).statusCode).toBe(403);
    expect((await call('PUT', `/api/projects/${id}/review`, admin, good)).statusCode).toBe(403);
    expect((await call('PUT', `/api/projects/${id}/review`, other, good)).statusCode).toBe(404);
    expect((await call('PUT', `/api/projects/${id}/review`, undefined, good)).statusCode).toBe(401);
    expect((await call('GET', `/api/projects/${id}/review`, other)).statusCode).toBe(404);
  });

  it('cannot be changed 14 days after it was written', async () => {
    const id = await insertProject('completed');
    expect((await call('PUT', `/api/projects/${id}/review`, homeowner, good)).statusCode).toBe(201);
    const fifteenDaysAgo = new Date(Date.now() - 15 * 24 * 3600_000);
    await ctx.platform.db.update(reviews).set({ createdAt: fifteenDaysAgo }).where(eq(reviews.projectId, id));
    const late = await call('PUT', `/api/projects/${id}/review`, homeowner, {
      rating: 1,
      comment: 'Changed',
    });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toMatch(/14 days/);
    const view = (await call('GET', `/api/projects/${id}/review`, homeowner)).json() as ProjectReview;
    expect(view.canWrite).toBe(false);
    expect(view.review?.rating).toBe(5);
  });

  it('refuses hostile bodies with 400 and stores nothing', async () => {
    const id = await insertProject('completed');
    const bodies: unknown[] = [
      {},
      { rating: 0, comment: 'x' },
      { rating: 6, comment: 'x' },
      { rating: 4.5, comment: 'x' },
      { rating: '5', comment: 'x' },
      { rating: null, comment: 'x' },
      { rating: 5 },
      { rating: 5, comment: '   ' },
      { rating: 5, comment: 'nul \u0000 byte' },
      { rating: 5, comment: 'lone \ud800 surrogate' },
      { rating: 5, comment: 'x'.repeat(2001) },
      { rating: 5, comment: ['a'] },
      { rating: Number.MAX_SAFE_INTEGER + 2, comment: 'x' },
      [good],
    ];
    for (const body of bodies) {
      const res = await ctx.app.inject({
        method: 'PUT',
        url: `/api/projects/${id}/review`,
        headers: { cookie: homeowner.cookie, 'content-type': 'application/json' },
        payload: JSON.stringify(body),
      });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    const broken = await ctx.app.inject({
      method: 'PUT',
      url: `/api/projects/${id}/review`,
      headers: { cookie: homeowner.cookie, 'content-type': 'application/json' },
      payload: '{"rating": 5, "comment": ',
    });
    expect(broken.statusCode).toBe(400);
    expect(await ctx.platform.db.select().from(reviews).where(eq(reviews.projectId, id))).toHaveLength(0);
    expect((await call('GET', '/api/projects/not-a-uuid/review', homeowner)).statusCode).toBe(404);
  });
});

describe('the reply and hiding', () => {
  it('lets the contractor reply once, and an admin hide the review with a reason', async () => {
    const id = await insertProject('completed');
    const { id: reviewId } = (
      await call('PUT', `/api/projects/${id}/review`, homeowner, good)
    ).json() as Review;
    expect(
      (await call('POST', `/api/projects/${id}/review/reply`, homeowner, { reply: 'Me too' })).statusCode,
    ).toBe(403);
    const reply = await call('POST', `/api/projects/${id}/review/reply`, contractor, {
      reply: 'Thank you, Riley!',
    });
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json()).toMatchObject({ reply: 'Thank you, Riley!' });
    const again = await call('POST', `/api/projects/${id}/review/reply`, contractor, { reply: 'Again' });
    expect(again.statusCode).toBe(409);
    for (const body of [{}, { reply: '' }, { reply: 'x'.repeat(2001) }, { reply: 'a\u0000b' }]) {
      expect((await call('POST', `/api/projects/${id}/review/reply`, contractor, body)).statusCode).toBe(400);
    }

    expect(
      (await call('POST', `/api/admin/reviews/${reviewId}/hide`, contractor, { reason: 'x' })).statusCode,
    ).toBe(403);
    expect(
      (await call('POST', `/api/admin/reviews/${reviewId}/hide`, admin, { reason: ' ' })).statusCode,
    ).toBe(400);
    const hidden = await call('POST', `/api/admin/reviews/${reviewId}/hide`, admin, {
      reason: 'Names a crew member by full name',
    });
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect(hidden.json()).toMatchObject({ hiddenReason: 'Names a crew member by full name' });
    expect(hidden.json().hiddenAt).not.toBeNull();
    expect(
      (await call('POST', `/api/admin/reviews/${reviewId}/hide`, admin, { reason: 'again' })).statusCode,
    ).toBe(409);
    const [logged] = await ctx.platform.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'review.hide'), eq(auditLog.entityId, reviewId)));
    expect(logged?.actorId).toBe(admin.id);
    expect(logged?.data).toMatchObject({ reason: 'Names a crew member by full name', projectId: id });
    // hidden: no longer editable by the homeowner
    expect((await call('PUT', `/api/projects/${id}/review`, homeowner, good)).statusCode).toBe(409);
    const unknown = crypto.randomUUID();
    expect(
      (await call('POST', `/api/admin/reviews/${unknown}/hide`, admin, { reason: 'x' })).statusCode,
    ).toBe(404);
    expect((await call('POST', '/api/admin/reviews/nope/hide', admin, { reason: 'x' })).statusCode).toBe(404);
  });
});

describe("the contractor's public reviews", () => {
  it('lists the showing reviews with the weighted rating; hidden ones count for nothing', async () => {
    const c = await testContractor(ctx.platform, 'pat@public.example', { companyName: 'Public Roofing' });
    const stars = [5, 4, 2];
    const ids: string[] = [];
    for (const rating of stars) {
      const [row] = await ctx.platform.db
        .insert(projects)
        .values({
          title: `SWRX-2026-${crypto.randomUUID().slice(0, 8)}`,
          address: '1 Oak St',
          status: 'completed',
          workAcceptedAt: new Date(),
          homeownerId: homeowner.id,
          contractorId: c.profileId,
        })
        .returning({ id: projects.id });
      const res = await call('PUT', `/api/projects/${row?.id}/review`, homeowner, {
        rating,
        comment: `${rating} stars`,
      });
      ids.push((res.json() as Review).id);
    }
    await call('POST', `/api/admin/reviews/${ids[2]}/hide`, admin, { reason: 'Off topic' });
    const res = await call('GET', `/api/contractors/${c.profileId}/reviews`);
    expect(res.statusCode).toBe(200);
    const body = res.json() as ContractorReviews;
    expect(body.reviewCount).toBe(2);
    expect(body.rating).toBe(ratingOf(9, 2));
    expect(body.averageStars).toBe(4.5);
    expect(body.reviews.map((r) => r.comment).sort()).toEqual(['4 stars', '5 stars']);
    expect(JSON.stringify(body)).not.toContain(homeowner.email);
    expect((await call('GET', `/api/contractors/${crypto.randomUUID()}/reviews`)).statusCode).toBe(404);
    expect((await call('GET', '/api/contractors/%00/reviews')).statusCode).toBe(400);
  });
});
