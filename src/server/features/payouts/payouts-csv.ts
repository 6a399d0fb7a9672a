import type { Readable } from 'node:stream';
import { centsToDollars } from '../../../domain/payments/money';
import {
  type PaymentRow,
  type PayoutListKind,
  type PayoutRow,
  payoutHoldText,
  payoutStatusText,
  type RefundRow,
} from '../../../domain/payouts/schemas';
import { type CsvColumn, csvStream } from '../../platform/csv-stream';

type Column<R> = CsvColumn<R>;
const money = (cents: number) => centsToDollars(cents);
const text = (s: string | null) => s ?? '';

const paymentColumns: readonly Column<PaymentRow>[] = [
  ['Received At', (r) => r.receivedAt],
  ['Project', (r) => text(r.projectTitle)],
  ['Contractor', (r) => text(r.contractorName)],
  ['Part', (r) => r.part],
  ['Method', (r) => r.method],
  ['Gross (USD)', (r) => money(r.grossCents)],
  ['Platform Fee (USD)', (r) => money(r.feeCents)],
  ['Contractor Share (USD)', (r) => money(r.shareCents)],
  ['Refunded (USD)', (r) => money(r.refundedCents)],
  ['Job Payment ID', (r) => r.jobPaymentId],
];

const payoutColumns: readonly Column<PayoutRow>[] = [
  ['Created At', (r) => r.createdAt],
  ['Project', (r) => text(r.projectTitle)],
  ['Contractor', (r) => text(r.contractorName)],
  ['Payment Part', (r) => text(r.part)],
  ['Share (USD)', (r) => money(r.amountCents)],
  ['Taken By Refunds (USD)', (r) => money(r.deductedCents)],
  ['Net (USD)', (r) => money(r.netCents)],
  ['Status', (r) => payoutStatusText[r.status]],
  ['Hold Reason', (r) => (r.holdReason ? payoutHoldText[r.holdReason] : '')],
  ['Account Last Four', (r) => text(r.accountLast4)],
  ['Provider', (r) => text(r.provider)],
  ['Transfer ID', (r) => text(r.transferId)],
  ['Paid At', (r) => text(r.paidAt)],
  ['Payout ID', (r) => r.id],
];

const refundColumns: readonly Column<RefundRow>[] = [
  ['Refunded At', (r) => r.refundedAt],
  ['Project', (r) => text(r.projectTitle)],
  ['Contractor', (r) => text(r.contractorName)],
  ['Refund (USD)', (r) => money(r.amountCents)],
  ['Contractor Share Taken Back (USD)', (r) => money(r.shareCents)],
  ['Platform Fee Returned (USD)', (r) => money(r.feeReturnedCents)],
  ['Taken From Its Payout (USD)', (r) => money(r.fromPayoutCents)],
  ['Carried To Next Payouts (USD)', (r) => money(r.carriedCents)],
  ['Reason', (r) => r.reason],
  ['Refund ID', (r) => r.refundId],
];

const columnsOf = { payments: paymentColumns, payouts: payoutColumns, refunds: refundColumns } as const;

/** Rows written per page read (the export never holds the whole list in memory). */
const CSV_PAGE = 500;

export function payoutsCsvFileName(kind: PayoutListKind, now: Date): string {
  return `ridgeline-${kind}-${now.toISOString().slice(0, 10)}.csv`;
}

/** A list as CSV, streamed page by page (platform/csv-stream.ts: formula-safe cells). */
export function payoutsCsv(
  kind: PayoutListKind,
  readPage: (
    cursor: string | undefined,
    limit: number,
  ) => Promise<{ items: unknown[]; nextCursor: string | null }>,
): Readable {
  const columns = columnsOf[kind] as readonly CsvColumn<unknown>[];
  return csvStream(columns, (cursor) => readPage(cursor, CSV_PAGE));
}
