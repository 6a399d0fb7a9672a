import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '../../../domain/errors';
import {
  contractorReviewsSchema,
  hideReviewSchema,
  projectReviewSchema,
  replyReviewSchema,
  reviewParamsSchema,
  reviewSchema,
  writeReviewSchema,
} from '../../../domain/reviews/schemas';
import { adminOnly, requireUser } from '../../platform/auth/guards';
import { ipLimit } from '../../platform/rate-limits';
import type { ReviewsService } from './reviews.service';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
};

/** Reviews of contractors (issue 25 #8, #9): a project's review, the reply, hiding, the public list. */
export function reviewsRoutes(service: ReviewsService): FastifyPluginAsyncZod {
  /** The project's homeowner (a write) or contractor (the reply), checked before the body is read. */
  const projectParty = (role: 'homeowner' | 'contractor') => async (request: FastifyRequest) => {
    const { id } = request.params as { id?: unknown };
    await service.assertMay(requireUser(request), typeof id === 'string' ? id : '', role);
  };

  return async (app) => {
    app.get(
      '/api/projects/:id/review',
      {
        schema: {
          tags: ['reviews'],
          summary:
            "The project's review (or null) and what the caller may do with it (whoever may open the project)",
          security: [{ session: [] }],
          params: reviewParamsSchema,
          response: { 200: projectReviewSchema, ...errors },
        },
      },
      async (request) => service.forProject(requireUser(request), request.params.id),
    );

    app.put(
      '/api/projects/:id/review',
      {
        config: { rateLimit: ipLimit(app, 'account') },
        onRequest: projectParty('homeowner'),
        schema: {
          tags: ['reviews'],
          summary:
            "Writes the project's review of its contractor (1-5 stars, a comment), or changes it within 14 days (the project's homeowner, once the work is accepted)",
          security: [{ session: [] }],
          params: reviewParamsSchema,
          body: writeReviewSchema,
          response: { 200: reviewSchema, 201: reviewSchema, ...errors, 429: errorResponseSchema },
        },
      },
      async (request, reply) => {
        const { review, created } = await service.write(
          { user: requireUser(request), ip: request.ip },
          request.params.id,
          request.body,
        );
        reply.code(created ? 201 : 200);
        return review;
      },
    );

    app.post(
      '/api/projects/:id/review/reply',
      {
        config: { rateLimit: ipLimit(app, 'account') },
        onRequest: projectParty('contractor'),
        schema: {
          tags: ['reviews'],
          summary: "The contractor's one public reply to the project's review (the project's contractor)",
          security: [{ session: [] }],
          params: reviewParamsSchema,
          body: replyReviewSchema,
          response: { 200: reviewSchema, ...errors, 429: errorResponseSchema },
        },
      },
      async (request) =>
        service.reply({ user: requireUser(request), ip: request.ip }, request.params.id, request.body),
    );

    app.post(
      '/api/admin/reviews/:id/hide',
      {
        config: { rateLimit: ipLimit(app, 'account') },
        onRequest: adminOnly,
        schema: {
          tags: ['admin', 'reviews'],
          summary:
            'Hides a review that breaks the rules, with the reason (kept and audit-logged); it leaves the rating and the profile (admins only)',
          security: [{ session: [] }],
          params: reviewParamsSchema,
          body: hideReviewSchema,
          response: { 200: reviewSchema, ...errors, 429: errorResponseSchema },
        },
      },
      async (request) =>
        service.hide({ user: requireUser(request), ip: request.ip }, request.params.id, request.body),
    );

    app.get(
      '/api/contractors/:id/reviews',
      {
        config: { rateLimit: ipLimit(app, 'search') },
        schema: {
          tags: ['reviews'],
          summary: "A verified contractor's rating, review count and newest visible reviews (public profile)",
          params: reviewParamsSchema,
          response: { 200: contractorReviewsSchema, 404: errorResponseSchema, 429: errorResponseSchema },
        },
      },
      async (request) => service.ofContractor(request.params.id),
    );
  };
}
