import type {
  ContractorReviews,
  HideReview,
  ProjectReview,
  ReplyReview,
  Review,
  WriteReview,
} from '@domain/reviews/schemas';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@web/lib/api-client';
import { invalidateLive } from '@web/lib/invalidate-live';
import { useRealtimeEvent } from '@web/lib/use-realtime';
import { reviewKeys } from './review-keys';

const projectUrl = (projectId: string) => `/api/projects/${encodeURIComponent(projectId)}/review`;

/** GET /api/projects/{id}/review: the project's review and what the viewer may do with it. */
export function useProjectReview(projectId: string) {
  return useQuery(
    queryOptions({
      queryKey: reviewKeys.ofProject(projectId),
      queryFn: () => apiJson<ProjectReview>('GET', projectUrl(projectId)),
    }),
  );
}

/** GET /api/contractors/{id}/reviews: a contractor's public reviews and rating. */
export function useContractorReviews(contractorId: string) {
  return useQuery({
    queryKey: reviewKeys.ofContractor(contractorId),
    queryFn: () =>
      apiJson<ContractorReviews>('GET', `/api/contractors/${encodeURIComponent(contractorId)}/reviews`),
  });
}

/** Refreshes reviews (and what shows ratings) when the server says one changed. */
export function useReviewLiveUpdates(): void {
  const queryClient = useQueryClient();
  useRealtimeEvent(() => {
    void invalidateLive(queryClient, { queryKey: reviewKeys.all });
  }, ['review_updated']);
}

function useReviewMutation<T>(run: (input: T) => Promise<Review>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: reviewKeys.all }),
  });
}

/** PUT /api/projects/{id}/review: the homeowner writes or changes the review. */
export function useWriteReview(projectId: string) {
  return useReviewMutation((input: WriteReview) => apiJson<Review>('PUT', projectUrl(projectId), input));
}

/** POST /api/projects/{id}/review/reply: the contractor's one reply. */
export function useReplyToReview(projectId: string) {
  return useReviewMutation((input: ReplyReview) =>
    apiJson<Review>('POST', `${projectUrl(projectId)}/reply`, input),
  );
}

/** POST /api/admin/reviews/{id}/hide: an admin hides the review with the reason. */
export function useHideReview() {
  return useReviewMutation((input: HideReview & { reviewId: string }) =>
    apiJson<Review>('POST', `/api/admin/reviews/${encodeURIComponent(input.reviewId)}/hide`, {
      reason: input.reason,
    }),
  );
}
