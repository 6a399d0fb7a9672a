import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserWithSession } from '../../../../tests/helpers/auth';
import { insertQuote } from '../../../../tests/helpers/quotes';
import { createTestContext, type TestContext, testDbKind } from '../../../../tests/helpers/test-context';
import { convertQuoteMessages } from '../../../domain/projects/convert-quote';
import { generatedJobIdPattern } from '../../../domain/projects/job-id';
import { projects, users } from '../../platform/db/schema';

let ctx: TestContext;
let ip = 0;

beforeAll(async () => {
  ctx = await createTestContext({ runWorkers: false });
});
afterAll(async () => {
  await ctx?.close();
});

/** Each call from its own address: the route's rate limit is tested on its own. */
async function convert(payload: Record<string, unknown>, remoteAddress = `198.51.100.${++ip}`) {
  return ctx.app.inject({ method: 'POST', url: '/api/homeowner/create-project', payload, remoteAddress });
}

async function projectsOf(quoteId: string) {
  return ctx.platform.db.select().from(projects).where(eq(projects.quoteId, quoteId));
}

describe(`convert a quote into a project on ${testDbKind}`, () => {
  it('creates one pending project from the quote for the homeowner, once', async () => {
    const quote = await insertQuote(ctx.platform, {
      measurement: { totalAreaSqFt: 2450.4 },
      estimate: { totalCents: 1_512_300 },
    });
    const res = await convert({
      email: 'Quinn.Parker@Example.com',
      quoteId: quote.reference.toLowerCase(),
      confirmationCode: ` ${quote.confirmationCode.toLowerCase()} `,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ created: true, message: convertQuoteMessages.created });

    const [account] = await ctx.platform.db
      .select()
      .from(users)
      .where(eq(users.email, 'quinn.parker@example.com'));
    expect(account).toMatchObject({
      userType: 'homeowner',
      passwordHash: null,
      firstName: 'Quinn',
      lastName: 'Parker',
      phone: '(972) 555-0110',
    });
    const [project] = await projectsOf(quote.id);
    expect(project).toMatchObject({
      id: res.json().projectId,
      status: 'pending',
      source: 'quote',
      address: '815 Elm St, Unit B',
      city: 'Plano',
      state: 'Texas',
      zipCode: '75074',
      materialPreference: '30 YEAR LAMINATE SHINGLE',
      roofType: 'Asphalt shingle',
      roofArea: 2450,
      estimatedCost: 1_512_300,
      homeownerId: account?.id,
      contractorId: null,
    });
    expect(project?.title).toMatch(generatedJobIdPattern);
    expect(project?.description).toContain(quote.reference);
    expect(project?.description).toContain('2-Story');
    expect(project?.description).toContain('1 Layer');
    expect(project?.description).toContain('Allstate');
    expect(project?.description).toContain('AS-99812');

    const again = await convert({ email: 'quinn.parker@example.com', quoteId: quote.reference });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({
      projectId: res.json().projectId,
      created: false,
      message: 'A project already exists for this quote.',
    });
    expect(await projectsOf(quote.id)).toHaveLength(1);
  });

  it("accepts the requester's e-mail and the quote's uuid, and uses an existing account", async () => {
    const { user } = await createUserWithSession(ctx.platform, { email: 'riley.two@claims.example' });
    const quote = await insertQuote(ctx.platform, {
      requesterEmail: 'Riley.Two@Claims.example',
      homeownerEmail: null,
      insuranceInvolved: 'No',
      carrierName: null,
      claimNumber: null,
      roofSurfaceMaterial: 'TILE - CLAY',
    });
    const res = await convert({ email: 'riley.two@claims.example', quoteId: quote.id });
    expect(res.statusCode).toBe(201);
    const [project] = await projectsOf(quote.id);
    expect(project).toMatchObject({
      homeownerId: user.id,
      roofType: 'Clay tile',
      roofArea: null,
      estimatedCost: null,
    });
    expect(project?.description).toContain('Insurance: not involved.');
  });

  it('answers the same 404 for an unknown quote and for an e-mail that is not the quote’s', async () => {
    const quote = await insertQuote(ctx.platform);
    const wrongEmail = await convert({ email: 'stranger@example.com', quoteId: quote.reference });
    const unknown = await convert({ email: 'quinn.parker@example.com', quoteId: 'RL-ZZZZZZZZ' });
    expect(wrongEmail.statusCode).toBe(404);
    expect(unknown.statusCode).toBe(404);
    expect(wrongEmail.json()).toEqual(unknown.json());
    expect(unknown.json().message).toBe(convertQuoteMessages.notFound);
    expect(await projectsOf(quote.id)).toHaveLength(0);
  });

  it('refuses a wrong confirmation code and a quote that is not submitted', async () => {
    const quote = await insertQuote(ctx.platform);
    const wrongCode = await convert({
      email: 'quinn.parker@example.com',
      quoteId: quote.reference,
      confirmationCode: 'NOPE42',
    });
    expect(wrongCode.statusCode).toBe(400);
    expect(wrongCode.json().fieldErrors).toEqual({ confirmationCode: [convertQuoteMessages.codeMismatch] });
    const draft = await insertQuote(ctx.platform, { status: 'awaiting_payment', submittedAt: null });
    const notSubmitted = await convert({ email: 'quinn.parker@example.com', quoteId: draft.reference });
    expect(notSubmitted.statusCode).toBe(409);
    expect(notSubmitted.json().message).toBe(convertQuoteMessages.notSubmitted);
    expect(await projectsOf(quote.id)).toHaveLength(0);
    expect(await projectsOf(draft.id)).toHaveLength(0);
  });

  it('refuses missing fields with field errors', async () => {
    const res = await convert({ email: '', quoteId: '  ' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors).toMatchObject({
      email: ['Please enter your email address'],
      quoteId: ['Please enter your quote ID'],
    });
  });

  it('creates exactly one project when the same quote is converted twice at once', async () => {
    const quote = await insertQuote(ctx.platform, { homeownerEmail: 'race@example.com' });
    const answers = await Promise.all([
      convert({ email: 'race@example.com', quoteId: quote.reference }),
      convert({ email: 'race@example.com', quoteId: quote.reference }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 201]);
    expect(new Set(answers.map((a) => a.json().projectId)).size).toBe(1);
    expect(await projectsOf(quote.id)).toHaveLength(1);
  });

  it('limits attempts from one address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      statuses.push(
        (await convert({ email: 'probe@example.com', quoteId: `RL-PROBE${i}` }, '203.0.113.50')).statusCode,
      );
    }
    expect(statuses.slice(0, 10).every((s) => s === 404)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});
