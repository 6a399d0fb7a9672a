import { describe, expect, it } from 'vitest';
import {
  isOrderReady,
  latestReport,
  ORDER_POLL_MS,
  ORDER_SLOW_POLL_MS,
  orderBadge,
  orderDeliveryText,
  orderPayment,
  orderPollInterval,
  orderReportLines,
  orderStatusText,
  orderSteps,
  orderSubmissionTypeText,
  preliminaryStatusTexts,
} from './order-status';
import type { QuoteStatusResponse } from './quote-calls';
import { quoteStatusResponseSchema } from './quote-calls';
import { reportStatusTexts } from './thank-you';

/** A paid order submitted at 10:00, promised by 10:10, report being generated. */
function order(overrides: Partial<QuoteStatusResponse> = {}): QuoteStatusResponse {
  return quoteStatusResponseSchema.parse({
    reference: 'RL-7K3M9Q2X',
    status: 'submitted',
    reportStatus: 'processing',
    submittedAt: '2026-11-20T10:00:00.000Z',
    orderedAt: '2026-11-20T09:52:00.000Z',
    submissionType: 'paid',
    discountCode: null,
    amountPaidCents: 45_000,
    expectedBy: '2026-11-20T10:10:00.000Z',
    reports: [],
    ...overrides,
  });
}

const preliminary = {
  version: 1,
  basis: 'preliminary' as const,
  createdAt: '2026-11-20T10:00:01.000Z',
  downloadUrl: '/api/reports/RL-7K3M9Q2X.pdf?v=1&expires=1&sig=a',
};
const measured = {
  version: 2,
  basis: 'measured' as const,
  createdAt: '2026-11-21T15:30:00.000Z',
  downloadUrl: '/api/reports/RL-7K3M9Q2X.pdf?v=2&expires=1&sig=b',
};
const iso = (s: string) => s;

describe('/thank-you for a real order: the server wins over the URL', () => {
  it('names the submission type and payment of the order itself', () => {
    expect(orderSubmissionTypeText(order())).toBe('Premium AI Estimate');
    expect(orderPayment(order())).toEqual({ kind: 'paid', amount: '$450.00' });
    const vip = order({ submissionType: 'vip', amountPaidCents: null });
    expect(orderSubmissionTypeText(vip)).toBe('VIP Free Submission');
    expect(orderPayment(vip)).toEqual({ kind: 'none' });
    const free = order({ submissionType: 'discount', discountCode: 'ALLOFF', amountPaidCents: null });
    expect(orderSubmissionTypeText(free)).toBe('Discounted Submission (ALLOFF)');
    expect(orderPayment(free)).toEqual({ kind: 'none' });
    // a discounted card payment is a paid order with what was really charged
    expect(orderPayment(order({ discountCode: 'SAVE10', amountPaidCents: 40_500 }))).toEqual({
      kind: 'paid',
      amount: '$405.00',
    });
  });

  it('claims no payment and no type before the order was submitted', () => {
    const draft = order({
      status: 'draft',
      reportStatus: 'not_started',
      submittedAt: null,
      submissionType: null,
      amountPaidCents: null,
      expectedBy: null,
    });
    expect(orderSubmissionTypeText(draft)).toBeNull();
    expect(orderPayment(draft)).toBeNull();
    expect(orderSteps(draft)).toEqual(['current', 'todo', 'todo', 'todo']);
    expect(orderBadge(draft)).toEqual({ text: 'Not submitted yet', tone: 'warning' });
    expect(orderDeliveryText(draft, iso)).toBeNull();
  });

  it('shows the real steps of the report state, not a timer', () => {
    expect(orderSteps(order({ reportStatus: 'not_started' }))).toEqual(['done', 'current', 'todo', 'todo']);
    expect(orderSteps(order({ reportStatus: 'awaiting_measurements' }))).toEqual([
      'done',
      'current',
      'todo',
      'todo',
    ]);
    expect(orderSteps(order({ reportStatus: 'queued' }))).toEqual(['done', 'done', 'current', 'todo']);
    expect(orderSteps(order({ reportStatus: 'processing' }))).toEqual(['done', 'done', 'current', 'todo']);
    expect(orderSteps(order({ reportStatus: 'failed' }))).toEqual(['done', 'done', 'failed', 'todo']);
    expect(orderSteps(order({ reportStatus: 'ready', reports: [measured] }))).toEqual([
      'done',
      'done',
      'done',
      'done',
    ]);
    // a preliminary report in hand while the measured one waits for an admin: delivered
    expect(orderSteps(order({ reportStatus: 'awaiting_measurements', reports: [preliminary] }))).toEqual([
      'done',
      'done',
      'done',
      'done',
    ]);
  });

  it('is Ready (green) once a report was mailed, Delayed when it failed, else Processing', () => {
    expect(orderBadge(order())).toEqual({ text: 'Processing', tone: 'warning' });
    expect(orderBadge(order({ reportStatus: 'failed' }))).toEqual({ text: 'Delayed', tone: 'destructive' });
    expect(orderBadge(order({ reportStatus: 'ready', reports: [measured] }))).toEqual({
      text: 'Ready',
      tone: 'success',
    });
    expect(isOrderReady(order({ reportStatus: 'awaiting_measurements', reports: [preliminary] }))).toBe(true);
    expect(isOrderReady(order({ reportStatus: 'awaiting_measurements' }))).toBe(false);
  });

  it('makes one delivery promise, counted from the order, never from the visit', () => {
    expect(orderDeliveryText(order(), iso)).toBe('Your report is expected by 2026-11-20T10:10:00.000Z.');
    // the same answer gives the same promise whenever the page is opened
    expect(orderDeliveryText(order(), iso)).toBe(orderDeliveryText(order(), iso));
    expect(orderDeliveryText(order({ reportStatus: 'ready', reports: [preliminary, measured] }), iso)).toBe(
      'Your report was delivered 2026-11-21T15:30:00.000Z.',
    );
    expect(orderDeliveryText(order({ reportStatus: 'failed' }), iso)).toContain('within 24 hours');
  });

  it('lists every version with its basis, newest first, and downloads the latest', () => {
    const both = order({ reportStatus: 'ready', reports: [preliminary, measured] });
    expect(latestReport(both)).toEqual(measured);
    expect(orderReportLines(both)).toEqual([
      { version: 2, basis: 'Measured', createdAt: measured.createdAt, downloadUrl: measured.downloadUrl },
      {
        version: 1,
        basis: 'Preliminary \u2014 not measured',
        createdAt: preliminary.createdAt,
        downloadUrl: preliminary.downloadUrl,
      },
    ]);
    expect(latestReport(order())).toBeNull();
    // someone else's browser: no link, the report went to the order's mailbox
    expect(latestReport(order({ reports: [{ ...measured, downloadUrl: null }] }))?.downloadUrl).toBeNull();
  });

  it('asks the server again until the report is in hand, then seldom, then never', () => {
    expect(orderPollInterval(undefined)).toBe(ORDER_POLL_MS);
    expect(orderPollInterval(order())).toBe(ORDER_POLL_MS);
    expect(orderPollInterval(order({ reportStatus: 'awaiting_measurements' }))).toBe(ORDER_POLL_MS);
    expect(orderPollInterval(order({ reportStatus: 'awaiting_measurements', reports: [preliminary] }))).toBe(
      ORDER_SLOW_POLL_MS,
    );
    expect(orderPollInterval(order({ reportStatus: 'ready', reports: [measured] }))).toBe(false);
    expect(orderPollInterval(order({ reportStatus: 'failed' }))).toBe(false);
  });
});

describe('the order status in words (the thank-you page and the admin queue say the same)', () => {
  it('with a preliminary report in hand: delivered, never "waiting for measurements"', () => {
    for (const status of ['ready', 'awaiting_measurements', 'not_started'] as const) {
      const told = orderStatusText(status, 'preliminary');
      expect(told).toEqual(preliminaryStatusTexts.delivered);
      expect(told.label).not.toMatch(/waiting/i);
    }
    expect(orderStatusText('queued', 'preliminary')).toEqual(preliminaryStatusTexts.measuring);
    expect(orderStatusText('processing', 'preliminary')).toEqual(preliminaryStatusTexts.measuring);
    expect(orderStatusText('failed', 'preliminary')).toEqual(preliminaryStatusTexts.delayed);
    expect(preliminaryStatusTexts.delayed.detail).toContain('preliminary report stays valid');
  });

  it('with a measured report in hand: ready, unless a new version is being made', () => {
    expect(orderStatusText('ready', 'measured')).toEqual(reportStatusTexts.ready);
    expect(orderStatusText('failed', 'measured')).toEqual(reportStatusTexts.ready);
    expect(orderStatusText('processing', 'measured')).toEqual(reportStatusTexts.processing);
  });

  it("without a report: the spec's status texts", () => {
    for (const status of ['not_started', 'awaiting_measurements', 'queued', 'processing', 'failed'] as const)
      expect(orderStatusText(status, null)).toEqual(reportStatusTexts[status]);
  });
});
