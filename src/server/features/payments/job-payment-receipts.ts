import type { Logger } from 'pino';
import { approvedBudgetCents } from '../../../domain/payments/job-payments';
import type { Config } from '../../platform/config';
import type { FileStorage } from '../../platform/storage/file-storage';
import { renderReceiptPdf } from './job-payment-receipt';
import type { JobPaymentRow, JobPaymentsRepo } from './job-payments.repo';

/** Where a part's receipt is stored: one file per job payment, made once it is received. */
export const receiptKey = (row: Pick<JobPaymentRow, 'projectId' | 'id'>) =>
  `job-payments/${row.projectId}/${row.id}-receipt.pdf`;

/**
 * The receipts of received parts (issue 25 #3): rendered from the recorded payment and stored
 * after the commit that received it; one a crash left unmade is made by the recovery, or when it
 * is first downloaded. The same row always renders the same receipt, so making it twice is harmless.
 */
export function createReceipts(deps: {
  repo: JobPaymentsRepo;
  storage: FileStorage;
  config: Pick<Config, 'brandName'>;
  log: Logger;
}) {
  const { repo, storage } = deps;

  async function render(row: JobPaymentRow): Promise<Buffer> {
    const facts = await repo.projectFacts(row.projectId);
    if (!facts || !row.receivedAt || row.receivedCents === null || !row.method) {
      throw new Error(`job payment ${row.id} has no receipt to make`);
    }
    const card = row.paymentId
      ? (await repo.cardPaymentsOf([row.id])).find((c) => c.id === row.paymentId)
      : undefined;
    const homeowner =
      [facts.userFirstName, facts.userLastName].filter(Boolean).join(' ') ||
      facts.homeownerName ||
      'Homeowner';
    const address = [facts.address, [facts.city, facts.state].filter(Boolean).join(', '), facts.zipCode]
      .filter(Boolean)
      .join(' ');
    return renderReceiptPdf({
      brandName: deps.config.brandName,
      number: `${facts.title}-${row.part.toUpperCase()}`,
      projectTitle: facts.title,
      address,
      payer: row.payerName
        ? { name: row.payerName, email: row.payerEmail }
        : { name: homeowner, email: facts.userEmail ?? facts.homeownerEmail },
      contractor: facts.companyName,
      part: row.part,
      budgetCents: approvedBudgetCents(facts),
      askedCents: row.amountCents,
      receivedCents: row.receivedCents,
      receivedAt: row.receivedAt,
      method: row.method,
      methodDetail:
        row.method === 'card'
          ? card?.cardLast4
            ? `${card.cardBrand ?? 'card'} ending ${card.cardLast4}`
            : 'card'
          : `${row.outsideReference ?? ''}${row.outsideReceivedOn ? `, received ${row.outsideReceivedOn}` : ''}`,
    });
  }

  async function make(row: JobPaymentRow): Promise<string> {
    const key = receiptKey(row);
    await storage.put(key, await render(row));
    await repo.setReceipt(row.id, key);
    return key;
  }

  return {
    make,
    /** The stored receipt as a file to send (made now when a crash left it unmade). */
    async file(row: JobPaymentRow) {
      const key = row.receiptKey ?? (await make(row));
      const bytes = await storage.get(key);
      return {
        fileName: `receipt-${row.part}-${row.id.slice(0, 8)}.pdf`,
        contentType: 'application/pdf',
        size: bytes.length,
        etag: `"receipt-${row.id}"`,
        read: async () => bytes,
      };
    },
  };
}
