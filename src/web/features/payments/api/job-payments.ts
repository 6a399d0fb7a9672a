import type {
  JobPaymentIntent,
  JobPaymentOutsideRequest,
  JobPaymentPayerRequest,
  JobPaymentRefundRequest,
  JobPayments,
} from '@domain/payments/job-payment-schemas';
import type { JobPaymentPart } from '@domain/payments/job-payments';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@web/lib/api-client';
import { invalidateLive } from '@web/lib/invalidate-live';
import { useRealtimeEvent } from '@web/lib/use-realtime';
import { paymentKeys } from './payment-keys';

const base = (projectId: string) => `/api/projects/${encodeURIComponent(projectId)}/payments`;
const adminBase = (projectId: string) => `/api/admin/projects/${encodeURIComponent(projectId)}/payments`;

/** GET /api/projects/{id}/payments: the job's two parts, their state, receipts and refunds. */
export function jobPaymentsQuery(projectId: string) {
  return queryOptions({
    queryKey: paymentKeys.ofProject(projectId),
    queryFn: () => apiJson<JobPayments>('GET', base(projectId)),
  });
}

export function useJobPayments(projectId: string) {
  const queryClient = useQueryClient();
  // a part received or refunded elsewhere (the webhook, an admin) announces the project changed
  useRealtimeEvent(
    (event) => {
      if (event.projectId === projectId) {
        void invalidateLive(queryClient, { queryKey: paymentKeys.ofProject(projectId) });
      }
    },
    ['project_updated'],
  );
  return useQuery(jobPaymentsQuery(projectId));
}

/** POST /api/projects/{id}/payments/{part}/intent: the card form's PaymentIntent (the same one again). */
export function createJobPaymentIntent(projectId: string, part: JobPaymentPart): Promise<JobPaymentIntent> {
  return apiJson<JobPaymentIntent>('POST', `${base(projectId)}/${part}/intent`);
}

function useJobPaymentMutation<T>(projectId: string, run: (input: T) => Promise<JobPayments>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: (data) => queryClient.setQueryData(paymentKeys.ofProject(projectId), data),
  });
}

/** POST /api/admin/projects/{id}/payments/{part}/outside: an admin records a payment made outside. */
export function useRecordOutsidePayment(projectId: string) {
  return useJobPaymentMutation(projectId, (input: JobPaymentOutsideRequest & { part: JobPaymentPart }) => {
    const { part, ...body } = input;
    return apiJson<JobPayments>('POST', `${adminBase(projectId)}/${part}/outside`, body);
  });
}

/** PATCH /api/admin/projects/{id}/payments/{part}/payer: an admin records who pays a part. */
export function useSetPayer(projectId: string) {
  return useJobPaymentMutation(projectId, (input: JobPaymentPayerRequest & { part: JobPaymentPart }) => {
    const { part, ...body } = input;
    return apiJson<JobPayments>('PATCH', `${adminBase(projectId)}/${part}/payer`, body);
  });
}

/** POST /api/admin/job-payments/{id}/refunds: an admin refunds a received part, whole or part. */
export function useRefundJobPayment(projectId: string) {
  return useJobPaymentMutation(projectId, (input: JobPaymentRefundRequest & { jobPaymentId: string }) => {
    const { jobPaymentId, ...body } = input;
    return apiJson<JobPayments>(
      'POST',
      `/api/admin/job-payments/${encodeURIComponent(jobPaymentId)}/refunds`,
      body,
    );
  });
}
