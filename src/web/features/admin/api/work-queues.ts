import type { OutboxMail } from '@domain/admin/outbox';
import type { ContactMessageList } from '@domain/contact/schemas';
import type { ReportJobAccepted, ReportQueue } from '@domain/estimates/report/schemas';
import type { installRequestListSchema } from '@domain/install-requests/schemas';
import type { AdminDiscountCode, createDiscountCodeSchema } from '@domain/payments/schemas';
import type { AdminQuoteList } from '@domain/quotes/admin-quotes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { projectKeys } from '@web/features/projects';
import { ApiError, apiJson } from '@web/lib/api-client';
import { cursorPagesQuery, linkPagesQuery, queryString } from '@web/lib/paged-queries';
import type { z } from 'zod';
import { adminKeys } from './admin-keys';

export type InstallRequestList = z.infer<typeof installRequestListSchema>;

/** The admin work queues of issues 3-5: reports, contact messages, install requests, mail, codes, quotes. */

/** The queues a page at a time (issue 26 #1): the next page on Load more, a search sent to the server. */
const PAGE = '25';

export function reportQueueQuery() {
  return cursorPagesQuery<ReportQueue>(
    adminKeys.reportQueue(),
    (cursor) => `/api/admin/reports/queue${queryString({ limit: PAGE, cursor })}`,
  );
}

export function contactMessagesQuery(q = '') {
  return cursorPagesQuery<ContactMessageList>(
    [...adminKeys.contactMessages(), q],
    (cursor) => `/api/admin/contact-messages${queryString({ pageSize: PAGE, q, cursor })}`,
  );
}

export function installRequestsQuery(q = '') {
  return cursorPagesQuery<InstallRequestList>(
    [...adminKeys.installRequests(), q],
    (cursor) => `/api/admin/install-requests${queryString({ pageSize: PAGE, q, cursor })}`,
  );
}

/** POST /api/admin/install-requests/{id}/project: a request without a project gets one, linked to it. */
export function useCreateProjectFromRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (requestId: string) =>
      apiJson<{ projectId: string; reference: string }>(
        'POST',
        `/api/admin/install-requests/${encodeURIComponent(requestId)}/project`,
      ),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: adminKeys.installRequests() });
      void queryClient.invalidateQueries({ queryKey: adminKeys.summary() });
      void queryClient.invalidateQueries({ queryKey: projectKeys.all });
    },
  });
}

export function outboxQuery() {
  return linkPagesQuery<OutboxMail>(adminKeys.outbox(), `/api/admin/outbox?limit=${PAGE}`);
}

export function outboxAttachmentUrl(mailId: string, index: number): string {
  return `/api/admin/outbox/${encodeURIComponent(mailId)}/attachments/${index}`;
}

export function discountCodesQuery() {
  return linkPagesQuery<AdminDiscountCode>(
    adminKeys.discountCodes(),
    `/api/admin/discount-codes?limit=${PAGE}`,
  );
}

export function adminQuotesQuery(q = '') {
  return cursorPagesQuery<AdminQuoteList>(
    [...adminKeys.quotes(), q],
    (cursor) => `/api/admin/quotes${queryString({ pageSize: PAGE, q, cursor })}`,
  );
}

/** Measurements typed by the admin, or a measurement file with its source; the report is made after. */
export type MeasurementInput =
  | { kind: 'manual'; totalAreaSqFt: number; predominantPitch: string | number }
  | { kind: 'file'; file: File; source: string };

async function postMeasurements(quoteId: string, input: MeasurementInput): Promise<ReportJobAccepted> {
  const url = `/api/admin/reports/${encodeURIComponent(quoteId)}/measurements`;
  if (input.kind === 'manual') {
    return apiJson<ReportJobAccepted>('POST', url, {
      totalAreaSqFt: input.totalAreaSqFt,
      predominantPitch: input.predominantPitch,
    });
  }
  const body = new FormData();
  body.append('source', input.source);
  body.append('file', input.file);
  const res = await fetch(url, { method: 'POST', body, credentials: 'include' });
  if (!res.ok) throw new ApiError(res.status, await res.text().catch(() => ''), res.statusText);
  return (await res.json()) as ReportJobAccepted;
}

export function useSubmitMeasurements() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ quoteId, input }: { quoteId: string; input: MeasurementInput }) =>
      postMeasurements(quoteId, input),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: adminKeys.reportQueue() });
      void queryClient.invalidateQueries({ queryKey: adminKeys.quotes() });
      void queryClient.invalidateQueries({ queryKey: adminKeys.summary() });
    },
  });
}

export function useRetryReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (quoteId: string) =>
      apiJson<ReportJobAccepted>('POST', `/api/admin/reports/${encodeURIComponent(quoteId)}/retry`),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: adminKeys.reportQueue() }),
  });
}

export function useCreateDiscountCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: z.input<typeof createDiscountCodeSchema>) =>
      apiJson<AdminDiscountCode>('POST', '/api/admin/discount-codes', input),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: adminKeys.discountCodes() });
      void queryClient.invalidateQueries({ queryKey: adminKeys.summary() });
    },
  });
}

export function useDisableDiscountCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiJson<AdminDiscountCode>('POST', `/api/admin/discount-codes/${encodeURIComponent(id)}/disable`),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: adminKeys.discountCodes() }),
  });
}
