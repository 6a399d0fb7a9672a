/**
 * Issue 24 #2 through the app: the upload answer compares the file's address with the order's,
 * the order carries the visitor's confirmation, and the report's checks page states the mismatch.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEASUREMENT_FIXTURES_DIR } from '../../../../tests/fixtures/paths';
import { createUserWithSession } from '../../../../tests/helpers/auth';
import { createIntent, draftId, multipart, quoteData } from '../../../../tests/helpers/quote-order';
import { insertSubmittedQuote, pdfText, waitForReportStatus } from '../../../../tests/helpers/report-quotes';
import { createTestContext, type TestContext } from '../../../../tests/helpers/test-context';
import { mailOutbox, quotes } from '../../platform/db/schema';

const fixture = (name: string) => readFileSync(path.join(MEASUREMENT_FIXTURES_DIR, name));

let ctx: TestContext;
let adminCookie: string;

beforeAll(async () => {
  ctx = await createTestContext();
  adminCookie = (
    await createUserWithSession(ctx.platform, { email: 'admin@ridgeline.test', userType: 'admin' })
  ).cookie;
});

afterAll(async () => {
  await ctx?.close();
});

async function upload(name: string, fields: Record<string, string>) {
  const body = multipart(
    { measurementFileSource: 'Eagleview .xml', ...fields },
    { name, content: fixture(name) },
  );
  return ctx.app.inject({
    method: 'POST',
    url: '/api/uploads/sketch',
    payload: body.payload,
    headers: body.headers,
  });
}

async function reportText(quoteId: string, email: string) {
  await waitForReportStatus(ctx.platform, quoteId, ['ready', 'failed']);
  const [mail] = await ctx.platform.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.to, email))
    .orderBy(desc(mailOutbox.createdAt));
  const pdf = await ctx.app.inject({
    method: 'GET',
    url: `/api/admin/outbox/${mail?.id}/attachments/0`,
    headers: { cookie: adminCookie },
  });
  return pdfText(pdf.rawPayload).replace(/\s+/g, ' ');
}

describe('the file must be of this property (issue 24 #2)', () => {
  it('the upload answer compares the file address with the street and ZIP sent with it', async () => {
    const other = await upload('eagleview-hip.xml', {
      streetAddress: '1420 Maple Ridge Dr',
      zipCode: '75201',
    });
    expect(other.statusCode, other.body).toBe(201);
    expect(other.json().measurement.addressCheck).toEqual({
      kind: 'mismatch',
      message:
        'The file is for "200 Sample Rd, Fictiona, TX 75000", but this order is for "1420 Maple Ridge Dr, 75201" (the street number, street name and ZIP code differ).',
    });
    const same = await upload('eagleview-hip.xml', { streetAddress: '200 Sample Road', zipCode: '75000' });
    expect(same.json().measurement.addressCheck).toEqual({ kind: 'match', message: null });
    // without the order's address nothing is compared (as before)
    expect((await upload('eagleview-hip.xml', {})).json().measurement.addressCheck).toBeNull();
  });

  it('the order carries the confirmation', async () => {
    const up = await upload('eagleview-hip.xml', {});
    const res = await createIntent(ctx.app, {
      quoteData: quoteData({
        measurementFileSource: 'Eagleview .xml',
        sketchFileUrl: up.json().publicUrl,
        sketchFileName: 'eagleview-hip.xml',
        sketchFileSize: 1,
        measurementAddressConfirmed: true,
      }),
      draftId: draftId(),
    });
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await ctx.platform.db.select().from(quotes).where(eq(quotes.id, res.json().quoteId));
    expect(row?.measurementAddressConfirmed).toBe(true);
    // a hostile value is refused, not stored
    const bad = await createIntent(ctx.app, {
      quoteData: quoteData({ measurementAddressConfirmed: 'yes please' }),
      draftId: draftId(),
    });
    expect(bad.statusCode).toBe(400);
  });

  it("the report's checks page states a mismatch, and whether the customer confirmed it", async () => {
    const unconfirmed = await insertSubmittedQuote(ctx.platform, {
      file: 'eagleview-hip.xml',
      insurance: false,
    });
    await ctx.services.estimates.enqueueReport(unconfirmed.id);
    const text = await reportText(unconfirmed.id, unconfirmed.requesterEmail);
    expect(text).toContain(
      'Property address: The file is for "200 Sample Rd, Fictiona, TX 75000", but this order is for "200 Sample Rd, 75201" (the ZIP code differs).',
    );
    expect(text).toContain('The customer did not confirm that the file measures this property');

    const confirmed = await insertSubmittedQuote(ctx.platform, {
      file: 'eagleview-hip.xml',
      insurance: false,
    });
    await ctx.platform.db
      .update(quotes)
      .set({ measurementAddressConfirmed: true })
      .where(eq(quotes.id, confirmed.id));
    await ctx.services.estimates.enqueueReport(confirmed.id);
    expect(await reportText(confirmed.id, confirmed.requesterEmail)).toContain(
      'Before paying, the customer confirmed that the file measures this property.',
    );

    // a file without an address (HOVER's JSON gives none) says so
    const hoverNoAddress = await insertSubmittedQuote(ctx.platform, {
      file: 'hover-hip.json',
      insurance: false,
    });
    await ctx.services.estimates.enqueueReport(hoverNoAddress.id);
    expect(await reportText(hoverNoAddress.id, hoverNoAddress.requesterEmail)).toContain(
      'Property address: The file does not give the property address',
    );
  });
});
