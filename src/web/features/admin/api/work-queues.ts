import type { OutboxMail } from '@domain/admin/outbox';
import type { ContactMessageList } from '@domain/contact/schemas';
import type { ReportJobAccepted, ReportQueue } from '@domain/estimates/report/schemas';
import type { installRequestListSchema } from '@domain/install-requests/schemas';
import type { AdminDiscountCode, createDiscountCodeSchema } from '@domain/payments/schemas';
import type { AdminQuoteList } from '@domain/quotes/admin-quotes';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { projectKeys } from '@web/features/projects';
import { ApiError, apiJson } from '@web/lib/api-client';
import type { z } from 'zod';
import { adminKeys } from './admin-keys';

export type InstallRequestList = z.infer<typeof installRequestListSchema>;

/** The admin work queues of issues 3-5: reports, contact messages, install requests, mail, codes, quotes. */

export function reportQueueQuery() {
  return queryOptions({
    queryKey: adminKeys.reportQueue(),
    queryFn: () => apiJson<ReportQueue>('GET', '/api/admin/reports/queue'),
  });
}

export function contactMessagesQuery() {
  return queryOptions({
    queryKey: adminKeys.contactMessages(),
    queryFn: () => apiJson<ContactMessageList>('GET', '/api/admin/contact-messages?pageSize=100'),
  });
}

export function installRequestsQuery() {
  return queryOptions({
    queryKey: adminKeys.installRequests(),
    queryFn: () => apiJson<InstallRequestList>('GET', '/api/admin/install-requests?pageSize=100'),
  });
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
      void queryClient.invalidateQueries({ queryKey: projectKeys.all });
    },
  });
}

export function outboxQuery() {
  return queryOptions({
    queryKey: adminKeys.outbox(),
    queryFn: () => apiJson<OutboxMail[]>('GET', '/api/admin/outbox?limit=100'),
  });
}

export function outboxAttachmentUrl(mailId: string, index: number): string {
  return `/api/admin/outbox/${encodeURIComponent(mailId)}/attachments/${index}`;
}

export function discountCodesQuery() {
  return queryOptions({
    queryKey: adminKeys.discountCodes(),
    queryFn: () => apiJson<AdminDiscountCode[]>('GET', '/api/admin/discount-codes'),
  });
}

export function adminQuotesQuery() {
  return queryOptions({
    queryKey: adminKeys.quotes(),
    queryFn: () => apiJson<AdminQuoteList>('GET', '/api/admin/quotes?pageSize=100'),
  });
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
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: adminKeys.discountCodes() }),
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
