import { z } from 'zod';
import {
  type ContractorProfileDetail,
  type CredentialKind,
  credentialState,
  datedCredentials,
} from '../../../domain/contractors/credentials';
import type { VerifyContractor } from '../../../domain/contractors/onboarding';
import { onboardingMessages } from '../../../domain/contractors/onboarding-fields';
import type { ArrayPageQuery } from '../../../domain/lists';
import type { SessionUser } from '../../platform/auth/session-store';
import { publishToUsers } from '../../platform/bus/publish';
import { NotFoundError } from '../../platform/errors';
import { readInsurance, toProfileDetail } from './contractor-detail';
import { createContractorLookups } from './contractor-lookups';
import { expiryNoticeMail, verificationDecisionMail } from './contractor-mail';
import type { ContractorsDeps, RequestMeta } from './contractors.service';
import type { NewNotice } from './credentials.repo';

const uuid = z.uuid();
const EXPIRY_PAGE = 200;

/** The admins' lists and decision on contractors, and the daily check of expiring credentials. */
/** A page of contractors in full and the cursor of the next one (the `Link` header). */
type DetailPage = { items: ContractorProfileDetail[]; nextCursor: string | null };

export function createContractorVerificationService(deps: ContractorsDeps) {
  const { repo, config, mailer, logger } = deps;
  const { detailOf, recipientOf } = createContractorLookups(repo);

  return {
    /** GET /api/contractors: every contractor, newest first, in full (secrets as their last four only). */
    async all(page: ArrayPageQuery, now = new Date()): Promise<DetailPage> {
      const { rows, nextCursor } = await repo.allProfiles(page.cursor, page.limit);
      return { items: (await repo.partsOf(rows)).map((p) => toProfileDetail(p, now)), nextCursor };
    },

    /** GET /api/admin/contractors/pending: applications awaiting a decision, oldest first, in full. */
    async pending(page: ArrayPageQuery, now = new Date()): Promise<DetailPage> {
      const { rows, nextCursor } = await repo.pendingProfiles(page.cursor, page.limit);
      return { items: (await repo.partsOf(rows)).map((p) => toProfileDetail(p, now)), nextCursor };
    },

    /** GET /api/admin/contractors/{id}: one contractor in full (the dashboard's Review and View Details). */
    async one(contractorId: string, now = new Date()): Promise<ContractorProfileDetail> {
      const notFound = () => new NotFoundError(onboardingMessages.adminNotFound);
      if (!uuid.safeParse(contractorId).success) throw notFound();
      const profile = await repo.profileById(contractorId);
      if (!profile) throw notFound();
      return detailOf(profile, now);
    },

    /**
     * POST /api/admin/contractors/{id}/verify: verified or rejected, with notes; who and when are
     * kept, the decision audited and mailed to the contractor (in the same transaction).
     */
    async verify(
      admin: SessionUser,
      contractorId: string,
      input: VerifyContractor,
      meta: RequestMeta = {},
    ): Promise<ContractorProfileDetail> {
      const notFound = () => new NotFoundError(onboardingMessages.adminNotFound);
      if (!uuid.safeParse(contractorId).success) throw notFound();
      const existing = await repo.profileById(contractorId);
      if (!existing) throw notFound();
      const recipient = await recipientOf(existing);
      const notes = input.notes ?? null;
      let announce: (() => Promise<void>) | undefined;
      const decided = await repo.decide(
        contractorId,
        { status: input.status, notes, adminId: admin.id, at: new Date() },
        {
          actorId: admin.id,
          action: input.status === 'verified' ? 'contractor.verified' : 'contractor.rejected',
          entityType: 'contractor_profile',
          entityId: contractorId,
          data: { status: input.status, previousStatus: existing.verificationStatus, notes },
          ip: meta.ip,
        },
        async (tx) => {
          const mail = verificationDecisionMail(recipient, { status: input.status, notes }, config);
          if (!deps.notifications) return mailer.storeIn(tx, mail);
          // the decision mail is the notification's: the contractor's preference decides it
          announce = await deps.notifications.stage(tx, [
            {
              userId: existing.userId,
              kind: 'contractor_verified',
              title:
                input.status === 'verified'
                  ? 'Your contractor application was approved.'
                  : 'Your contractor application was not approved.',
              body: notes ?? undefined,
              link: '/contractor-dashboard',
              mail,
            },
          ]);
          return null;
        },
      );
      if (!decided) throw notFound();
      // the applicant's open dashboard shows the decision without a reload (after the commit)
      if (deps.bus) {
        await publishToUsers(deps.bus, [existing.userId], {
          type: 'contractor_verified',
          contractorId,
          status: input.status,
        }).catch((err) => logger.error({ err, contractorId }, 'verification event not sent'));
      }
      await announce?.().catch((err) => logger.error({ err, contractorId }, 'verification notice not sent'));
      if (decided.mailId) {
        await mailer
          .queue(decided.mailId)
          .catch((err) => logger.error({ err, contractorId }, 'verification mail not queued'));
      }
      return detailOf(decided.profile);
    },

    /**
     * The daily expiry check (job contractors.expiry): every licence and policy that expires within
     * 30 days or has expired, as of `now`, is recorded once per credential and status, and the
     * contractor gets one mail about those new since the last check. Answers what it did.
     */
    async checkExpiries(
      now: Date = new Date(),
    ): Promise<{ contractors: number; notices: number; mails: number }> {
      let afterId: string | null = null;
      let contractors = 0;
      let notices = 0;
      let mails = 0;
      for (;;) {
        const page = await repo.watchedProfiles(afterId, EXPIRY_PAGE);
        if (page.length === 0) break;
        afterId = page[page.length - 1]?.id ?? null;
        const licenses = await repo.licensesOfMany(page.map((p) => p.id));
        for (const profile of page) {
          contractors++;
          const due: NewNotice[] = datedCredentials(
            licenses.filter((l) => l.contractorId === profile.id),
            readInsurance(profile.insuranceData),
          ).flatMap((c) => {
            const status = credentialState(c.expirationDate, now);
            return status === 'valid'
              ? []
              : [
                  {
                    contractorId: profile.id,
                    kind: c.kind,
                    state: c.state,
                    expirationDate: c.expirationDate,
                    status,
                    notifiedAt: now,
                  },
                ];
          });
          if (due.length === 0) continue;
          try {
            const recipient = await recipientOf(profile);
            const result = await repo.recordNotices(due, (tx, fresh) =>
              mailer.storeIn(
                tx,
                expiryNoticeMail(
                  recipient,
                  fresh.map((n) => ({ ...n, kind: n.kind as CredentialKind })),
                  config,
                ),
              ),
            );
            notices += result.fresh.length;
            if (result.mailId) {
              mails++;
              await mailer
                .queue(result.mailId)
                .catch((err) => logger.error({ err, contractorId: profile.id }, 'expiry mail not queued'));
            }
          } catch (err) {
            // one contractor's failure does not stop the others; the next run tries again
            logger.error({ err, contractorId: profile.id }, 'expiry check failed for a contractor');
          }
        }
        if (page.length < EXPIRY_PAGE) break;
      }
      if (notices > 0) logger.info({ notices, mails }, 'contractor credential expiry notices sent');
      return { contractors, notices, mails };
    },
  };
}

export type ContractorVerificationService = ReturnType<typeof createContractorVerificationService>;
