import fastifyMultipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { contractorProfileDetailSchema } from '../../../domain/contractors/credentials';
import {
  contractorApplicationResponseSchema,
  contractorApplicationSchema,
} from '../../../domain/contractors/onboarding';
import { bankingSetupSchema, taxInfoSchema } from '../../../domain/contractors/payment-wizard';
import {
  insuranceSetupSchema,
  licensesSetupSchema,
  passwordSetupSchema,
  type SetupStepResponse,
  setupStepResponseSchema,
} from '../../../domain/contractors/profile-wizard';
import { requireUser } from '../../platform/auth/guards';
import { ForbiddenError } from '../../platform/errors';
import { ipLimit } from '../../platform/rate-limits';
import type { ContractorBankingService } from './banking.service';
import type { ProfileRow } from './contractor-detail';
import { contractorErrors, ownProfileHooks } from './contractor-route-parts';
import { type ContractorsService, contractorServiceMessages } from './contractors.service';
import type { ContractorSetupService } from './setup-steps.service';

/** The contractor services these routes call, each built once in services.ts. */
export interface ContractorsRouteServices {
  onboarding: ContractorsService;
  setup: ContractorSetupService;
  banking: ContractorBankingService;
}

/**
 * The contractor's own calls (spec 2 §7): the application, the profile wizard (password, licences,
 * insurance) and the payment wizard (banking, tax). Their documents are
 * contractor-documents.routes.ts's, the admins' review contractor-admin.routes.ts's. Who may call
 * is decided in onRequest, before the body is read.
 */
export function contractorsRoutes(services: ContractorsRouteServices): FastifyPluginAsyncZod {
  return async (app) => {
    // every contractor call parses multipart bodies: a form sent to a JSON call answers 400 (validation)
    await app.register(fastifyMultipart, { throwFileSizeLimit: false });
    const { withProfile, profileOf } = ownProfileHooks(services.onboarding);

    app.post(
      '/api/contractor-application',
      {
        config: { rateLimit: ipLimit(app, 'account') },
        onRequest: async (request) => {
          if (requireUser(request).userType === 'admin') {
            throw new ForbiddenError(contractorServiceMessages.adminCannotApply);
          }
        },
        schema: {
          tags: ['contractors'],
          summary: "Applies to the contractor network: creates the caller's contractor profile (once)",
          description:
            'Verification starts `pending`; the account becomes a contractor. Applying again answers the existing profile (`created: false`). Admins: 403.',
          security: [{ session: [] }],
          body: contractorApplicationSchema,
          response: { 200: contractorApplicationResponseSchema, ...contractorErrors },
        },
      },
      async (request) => services.onboarding.apply(requireUser(request), request.body, { ip: request.ip }),
    );

    app.get(
      '/api/contractor/profile',
      {
        schema: {
          tags: ['contractors'],
          summary:
            "The signed-in user's own contractor profile, with licences, insurance, documents, warnings and payment set-up (last four digits only); 404 without one",
          security: [{ session: [] }],
          response: { 200: contractorProfileDetailSchema, ...contractorErrors },
        },
      },
      async (request) => services.onboarding.ownProfile(requireUser(request).id),
    );

    const step = <B extends z.ZodType>(
      path: string,
      summary: string,
      body: B,
      run: (profile: ProfileRow, input: z.output<B>, request: FastifyRequest) => Promise<SetupStepResponse>,
    ) => {
      app.post(
        path,
        {
          config: { rateLimit: ipLimit(app, 'account') },
          onRequest: withProfile,
          schema: {
            tags: ['contractors'],
            summary,
            security: [{ session: [] }],
            body,
            response: { 200: setupStepResponseSchema, ...contractorErrors },
          },
        },
        async (request, reply) =>
          run(profileOf(request), request.body as z.output<B>, request).catch((err: unknown) => {
            // the banking call's current-password check shares the sign-in throttle (auth)
            const wait = (err as { retryAfterMs?: unknown } | null)?.retryAfterMs;
            if (typeof wait === 'number') reply.header('retry-after', String(Math.ceil(wait / 1000)));
            throw err;
          }),
      );
    };

    step(
      '/api/contractor/setup-password',
      "Profile set-up step 1: sets the account's password (other sessions end)",
      passwordSetupSchema,
      (profile, input, request) =>
        services.onboarding.setupPassword(profile, input, {
          ip: request.ip,
          sessionId: request.auth?.sessionId,
        }),
    );
    step(
      '/api/contractor/setup-licenses',
      'Profile set-up step 2: one licence per working state, keyed by state name (replaces the stored ones)',
      licensesSetupSchema,
      (profile, input, request) => services.setup.setupLicenses(profile, input, { ip: request.ip }),
    );
    step(
      '/api/contractor/setup-insurance',
      'Profile set-up step 3: general liability, workers’ compensation and bonding; the profile goes to verification',
      insuranceSetupSchema,
      (profile, input, request) => services.setup.setupInsurance(profile, input, { ip: request.ip }),
    );
    step(
      '/api/contractor/banking',
      'Payment set-up step 1: bank details (routing and account numbers encrypted; last four kept). After the payment set-up: needs `currentPassword`, and the new account waits for an admin’s review (`bankChangePending`) while payouts are on hold',
      bankingSetupSchema,
      (profile, input, request) =>
        services.banking.setupBanking(profile, input, {
          ip: request.ip,
          userAgent: request.headers['user-agent'],
        }),
    );
    step(
      '/api/contractor/tax-info',
      'Payment set-up step 2: tax (1099) details, EIN or SSN encrypted; completes the payment set-up',
      taxInfoSchema,
      (profile, input, request) => services.setup.setupTax(profile, input, { ip: request.ip }),
    );
  };
}
