import fastifyMultipart from '@fastify/multipart';
import { create as contentDisposition } from 'content-disposition';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  bankChangeListSchema,
  bankChangeParamsSchema,
  reviewBankChangeSchema,
} from '../../../domain/contractors/bank-changes';
import {
  CONTRACTOR_DOCUMENT_MAX_BYTES,
  contractorDocumentMessages,
  contractorDocumentSchema,
} from '../../../domain/contractors/contractor-documents';
import {
  contractorListSchema,
  contractorProfileDetailSchema,
  pendingContractorsSchema,
} from '../../../domain/contractors/credentials';
import {
  contractorApplicationResponseSchema,
  contractorApplicationSchema,
  verifyContractorParamsSchema,
  verifyContractorSchema,
} from '../../../domain/contractors/onboarding';
import { bankingSetupSchema, taxInfoSchema } from '../../../domain/contractors/payment-wizard';
import {
  insuranceSetupSchema,
  licensesSetupSchema,
  passwordSetupSchema,
  type SetupStepResponse,
  setupStepResponseSchema,
} from '../../../domain/contractors/profile-wizard';
import { errorResponseSchema } from '../../../domain/errors';
import { adminOnly, requireUser } from '../../platform/auth/guards';
import {
  ForbiddenError,
  PayloadTooLargeError,
  UnsupportedMediaTypeError,
  ValidationError,
} from '../../platform/errors';
import { ipLimit } from '../../platform/rate-limits';
import type { ContractorBankingService } from './banking.service';
import type { ProfileRow } from './contractor-detail';
import {
  type ContractorsService,
  contractorServiceMessages,
  type IncomingDocument,
} from './contractors.service';
import type { ContractorDocumentsService } from './documents.service';
import type { ContractorSetupService } from './setup-steps.service';
import type { ContractorVerificationService } from './verification.service';

/** The contractor services the routes call, each built once in services.ts. */
export interface ContractorsRouteServices {
  onboarding: ContractorsService;
  setup: ContractorSetupService;
  banking: ContractorBankingService;
  documents: ContractorDocumentsService;
  verification: ContractorVerificationService;
}

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  429: errorResponseSchema,
};

const documentParams = z.object({ id: z.string().max(100) });
const documentQuery = z.object({
  download: z.enum(['0', '1'], { error: 'download is 1 (save the file) or 0 (show it)' }).optional(),
});

/** Only a file's own bytes may load, and a PDF viewer may show it (as project files do). */
const FILE_CONTENT_SECURITY_POLICY =
  "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; object-src 'self'; frame-ancestors 'self'";

/**
 * The contractor calls (spec 2 §7 and issue 11): the application, the profile wizard (password,
 * licences, insurance), the payment wizard (banking, tax), licence and insurance documents, and
 * the admins' review and decision. Who may call is decided in onRequest, before the body is read.
 */
export function contractorsRoutes(services: ContractorsRouteServices): FastifyPluginAsyncZod {
  return async (app) => {
    await app.register(fastifyMultipart, { throwFileSizeLimit: false });

    /** The caller's contractor profile, found in onRequest: without one, 404 whatever the body. */
    const ownProfile = new WeakMap<FastifyRequest, ProfileRow>();
    const withProfile = async (request: FastifyRequest) => {
      ownProfile.set(request, await services.onboarding.profileForSteps(requireUser(request).id));
    };
    const profileOf = (request: FastifyRequest): ProfileRow => {
      const profile = ownProfile.get(request);
      if (!profile) throw new Error('contractor step reached its handler without a profile');
      return profile;
    };

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
          response: { 200: contractorApplicationResponseSchema, ...errors },
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
          response: { 200: contractorProfileDetailSchema, ...errors },
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
            response: { 200: setupStepResponseSchema, ...errors },
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

    app.post(
      '/api/contractor/documents',
      {
        config: { rateLimit: ipLimit(app, 'upload') },
        onRequest: withProfile,
        schema: {
          tags: ['contractors'],
          summary: 'Uploads a licence, insurance or W-9 document (PDF, JPG or PNG by content, 10 MB at most)',
          description:
            'Multipart: fields `kind` (license, general_liability, workers_compensation, bonding, w9) and `state` (a licence’s working state), and one file in `file`. 413 too large, 415 wrong type.',
          security: [{ session: [] }],
          consumes: ['multipart/form-data'],
          response: {
            201: contractorDocumentSchema,
            ...errors,
            413: errorResponseSchema,
            415: errorResponseSchema,
          },
        },
      },
      async (request, reply) => {
        const profile = profileOf(request);
        if (!request.isMultipart()) {
          throw new UnsupportedMediaTypeError(
            'Send the document as multipart/form-data in the field "file".',
          );
        }
        const incoming: IncomingDocument = { fields: {}, file: null };
        const parts = request.parts({
          limits: {
            fileSize: CONTRACTOR_DOCUMENT_MAX_BYTES,
            files: 1,
            fields: 5,
            fieldSize: 1024,
            parts: 6,
            headerPairs: 50,
          },
        });
        for await (const part of parts) {
          if (part.type === 'field') {
            if (typeof part.value === 'string') incoming.fields[part.fieldname] = part.value;
            continue;
          }
          if (part.fieldname !== 'file') {
            part.file.resume();
            const message = 'Send the document in the form field "file".';
            throw new ValidationError(message, { file: [message] });
          }
          const chunks: Buffer[] = [];
          for await (const chunk of part.file) chunks.push(chunk as Buffer);
          if (part.file.truncated) throw new PayloadTooLargeError(contractorDocumentMessages.tooLarge);
          const data = Buffer.concat(chunks);
          // an empty file input still sends a part, with no name and no bytes
          if (!(part.filename === '' && data.length === 0)) incoming.file = { fileName: part.filename, data };
        }
        const document = await services.documents.uploadDocument(profile, incoming, { ip: request.ip });
        return reply.status(201).send(document);
      },
    );

    app.get(
      '/api/contractor/documents/:id',
      {
        schema: {
          tags: ['contractors'],
          summary:
            "A contractor's uploaded document, shown inline (?download=1 to save it); its contractor and admins only",
          security: [{ session: [] }],
          params: documentParams,
          querystring: documentQuery,
          response: {
            200: {
              description: 'The file, with the type its content was checked to be',
              content: {
                'application/octet-stream': { schema: z.any().meta({ type: 'string', format: 'binary' }) },
              },
            },
            ...errors,
          },
        },
      },
      async (request, reply) => {
        const file = await services.documents.openDocument(requireUser(request), request.params.id);
        reply
          .header('content-security-policy', FILE_CONTENT_SECURITY_POLICY)
          .header('cache-control', 'private, no-cache')
          .header('etag', file.etag)
          .header(
            'content-disposition',
            contentDisposition(file.fileName, {
              type: request.query.download === '1' ? 'attachment' : 'inline',
            }),
          );
        if (request.headers['if-none-match'] === file.etag) return reply.status(304).send();
        const body = await file.read();
        return reply.header('content-length', file.size).type(file.contentType).send(body);
      },
    );

    app.get(
      '/api/contractors',
      {
        onRequest: adminOnly,
        schema: {
          tags: ['admin'],
          summary:
            'Every contractor, newest application first, with licences, insurance, documents and payment set-up (last four digits only) (admins only)',
          security: [{ session: [] }],
          response: { 200: contractorListSchema, ...errors },
        },
      },
      async () => services.verification.all(),
    );

    app.get(
      '/api/admin/contractors/pending',
      {
        onRequest: adminOnly,
        schema: {
          tags: ['admin'],
          summary:
            'Contractor applications awaiting a decision (pending, pending_verification), oldest first, with everything submitted and expiry warnings (admins only)',
          security: [{ session: [] }],
          response: { 200: pendingContractorsSchema, ...errors },
        },
      },
      async () => services.verification.pending(),
    );

    app.get(
      '/api/admin/contractors/bank-changes',
      {
        onRequest: adminOnly,
        schema: {
          tags: ['admin'],
          summary:
            'Changes of bank details made after the payment set-up, awaiting review, oldest first: who, when, from where, the account in force and the new one (last four digits only) (admins only)',
          security: [{ session: [] }],
          response: { 200: bankChangeListSchema, ...errors },
        },
      },
      async () => services.banking.pendingBankChanges(),
    );

    app.post(
      '/api/admin/contractors/bank-changes/:changeId/review',
      {
        config: { rateLimit: ipLimit(app, 'account') },
        onRequest: adminOnly,
        schema: {
          tags: ['admin'],
          summary:
            'Decides a change of bank details: approved (the new account replaces the old) or rejected (the old stays), with notes; the payout hold is lifted and the contractor mailed (admins only)',
          description: '409 when the change was already decided or replaced by a newer one.',
          security: [{ session: [] }],
          params: bankChangeParamsSchema,
          body: reviewBankChangeSchema,
          response: { 200: contractorProfileDetailSchema, ...errors, 409: errorResponseSchema },
        },
      },
      async (request) =>
        services.banking.reviewBankChange(requireUser(request), request.params.changeId, request.body, {
          ip: request.ip,
        }),
    );

    app.post(
      '/api/admin/contractors/:contractorId/verify',
      {
        config: { rateLimit: ipLimit(app, 'account') },
        onRequest: adminOnly,
        schema: {
          tags: ['admin'],
          summary:
            "Decides a contractor's application: verified or rejected, with notes; the contractor is mailed (admins only)",
          security: [{ session: [] }],
          params: verifyContractorParamsSchema,
          body: verifyContractorSchema,
          response: { 200: contractorProfileDetailSchema, ...errors },
        },
      },
      async (request) =>
        services.verification.verify(requireUser(request), request.params.contractorId, request.body, {
          ip: request.ip,
        }),
    );
  };
}
