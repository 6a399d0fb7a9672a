import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertSubmittedQuote, waitForReportStatus } from '../../../../tests/helpers/report-quotes';
import { createTestContext, type TestContext, testDbKind } from '../../../../tests/helpers/test-context';
import type { Estimate } from '../../../domain/estimates/estimate-types';

/**
 * Issue 24 #7: the order's "Ridge vent" answer reaches the engine (only Yes prices a ridge vent, in
 * place of the box-vent allowance) and the report's cover page, for a measured and a preliminary report.
 */
let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx?.close();
});

/** The cover's text (pages 1-2: a preliminary cover continues on page 2), as pdftotext lays it out. */
function coverText(pdf: Buffer): string {
  const args = ['-layout', '-f', '1', '-l', '2', '-', '-'];
  return execFileSync('pdftotext', args, { input: pdf }).toString('utf8');
}

const pageCount = (cover: string) => /Page 1 of (\d+)/.exec(cover)?.[1];

const ANSWERS = ['Yes', 'No', 'Not sure', null] as const;

async function reportFor(answer: (typeof ANSWERS)[number], file: string | undefined) {
  const quote = await insertSubmittedQuote(ctx.platform, {
    ridgeVent: answer,
    insurance: false,
    roofAreaSqFt: file ? null : 2400,
    ...(file ? { file } : {}),
  });
  await ctx.services.estimates.enqueueReport(quote.id);
  const done = await waitForReportStatus(ctx.platform, quote.id, ['ready', 'failed']);
  expect(done.reportError).toBeNull();
  expect(done.reportStatus).toBe('ready');
  const estimate = done.estimate as unknown as Estimate;
  const pdf = await ctx.platform.storage.get(done.reportStorageKey as string);
  return { estimate, cover: coverText(pdf), codes: estimate.lineItems.map((l) => l.code) };
}

describe.each([
  ['a measured report (HOVER gable)', 'hover-gable.json'],
  ['a preliminary report (roof area from the order)', undefined],
])(`the ridge vent answer in %s on ${testDbKind}`, (_kind, file) => {
  it('prices a ridge vent only for Yes, in place of the vents; No, Not sure and no answer price the same roof', async () => {
    const [yes, no, notSure, none] = await Promise.all(ANSWERS.map((a) => reportFor(a, file)));
    if (!yes || !no || !notSure || !none) throw new Error('missing report');

    const vent = yes.estimate.lineItems.find((l) => l.code === 'RIDGE-VENT');
    expect(vent).toMatchObject({ unit: 'LF', category: 'materials' });
    expect(vent?.quantity).toBeGreaterThan(0);
    expect(vent?.totalCents).toBeGreaterThan(0);
    expect(yes.codes).not.toContain('VENT');
    expect(yes.estimate.assumptions.join(' ')).toContain(
      'a ridge vent (the order says the roof has or gets one)',
    );

    for (const other of [no, notSure, none]) {
      expect(other.codes).not.toContain('RIDGE-VENT');
      expect(other.codes).toContain('VENT');
      expect(other.estimate.assumptions.join(' ')).toContain(
        other === no
          ? 'no ridge vent is added, as the order says the roof has none'
          : 'no ridge vent is added, as nothing in the order or the file says the roof has one',
      );
      // the same roof priced the same way whatever the non-Yes answer
      expect(other.estimate.lineItems).toEqual(none.estimate.lineItems);
      expect(other.estimate.totalCents).toBe(none.estimate.totalCents);
    }
    expect(yes.estimate.totalCents).not.toBe(none.estimate.totalCents);

    // the cover page's roof specification states the answer when one was given
    expect(yes.cover).toMatch(/Ridge vent\s+Yes/);
    expect(no.cover).toMatch(/Ridge vent\s+No/);
    expect(notSure.cover).toMatch(/Ridge vent\s+Not sure/);
    expect(none.cover).toMatch(/Plywood needed\s+No/);
    expect(none.cover).not.toMatch(/Ridge vent/);
    // the extra row moves nothing to a new page
    expect(pageCount(yes.cover)).toBeDefined();
    expect(pageCount(yes.cover)).toBe(pageCount(none.cover));
  });
});
