import type { Logger } from 'pino';
import { materialWarrantyOf } from '../../../domain/warranties/materials';
import {
  claimWindowOpen,
  WORKMANSHIP_YEARS,
  warrantyPeriods,
  warrantyStart,
} from '../../../domain/warranties/rules';
import { type Warranty, warrantyCertificateUrl, warrantyMessages } from '../../../domain/warranties/schemas';
import type { SessionUser } from '../../platform/auth/session-store';
import { publishToUsers } from '../../platform/bus/publish';
import type { EventBus } from '../../platform/bus/types';
import type { Config } from '../../platform/config';
import type { Db } from '../../platform/db/index';
import { NotFoundError } from '../../platform/errors';
import type { JobQueue } from '../../platform/jobs/types';
import type { Mailer } from '../../platform/mail/types';
import type { FileStorage } from '../../platform/storage/file-storage';
import type { ProjectAccess, ProjectAccessCheck } from '../projects';
import { type CertificateData, renderCertificatePdf } from './certificate';
import { createWarrantiesRepo, type Executor, type WarrantyRow } from './warranties.repo';
import { certificateMail } from './warranty-mail';

export interface WarrantiesDeps {
  db: Db;
  jobs: Pick<JobQueue, 'send'>;
  storage: FileStorage;
  mailer: Mailer;
  bus: EventBus;
  logger: Logger;
  config: Pick<Config, 'brandName' | 'publicUrl' | 'supportEmail'>;
  /** Who may open a project (the projects feature's rule). */
  access: ProjectAccessCheck;
  now?: () => Date;
}

/** A file answered by GET .../warranty/certificate. */
export interface CertificateFile {
  fileName: string;
  etag: string;
  bytes: Buffer;
}

export const certificateKey = (projectId: string) => `warranties/${projectId}/certificate.pdf`;

/**
 * Warranties (issue 25 #6): issued once per project in the transaction that records the final
 * payment (issueOnFinalPayment, called by the payments piece), then a job renders the certificate
 * PDF, stores it and mails it to the homeowner once. The project's homeowner, its contractor and
 * the admins read the warranty and download the certificate; anyone else gets a 404.
 */
export function createWarrantiesService(deps: WarrantiesDeps) {
  const { db } = deps;
  const repo = createWarrantiesRepo(db);
  const clock = deps.now ?? (() => new Date());
  const log = deps.logger.child({ module: 'warranties' });

  async function queueCertificate(projectId: string): Promise<void> {
    await deps.jobs.send(
      'warranties.certificate',
      { projectId },
      { singletonKey: `warranty:${projectId}`, startAfterSeconds: 1 },
    );
  }

  async function announce(projectId: string, userIds: (string | null)[], claimId?: string) {
    await publishToUsers(deps.bus, userIds, {
      type: 'warranty_updated',
      projectId,
      ...(claimId ? { claimId } : {}),
    }).catch((err) => log.error({ err, projectId }, 'warranty change not announced'));
  }

  /** Records the warranty (true) or finds the project has one (false). */
  async function issue(tx: Executor, e: { projectId: string; receivedAt: Date }): Promise<boolean> {
    const project = await repo.projectForIssue(tx, e.projectId);
    if (!project) throw new Error(`no project ${e.projectId} to issue a warranty for`);
    const material = materialWarrantyOf(
      project.selectedMaterial,
      project.materialPreference,
      project.roofType,
    );
    const periods = warrantyPeriods(
      warrantyStart({ ...project, receivedAt: e.receivedAt }),
      material?.years ?? null,
    );
    const id = await repo.insert(tx, {
      projectId: project.id,
      contractorId: project.contractorId,
      issuedAt: e.receivedAt,
      startsAt: periods.startsAt,
      workmanshipYears: WORKMANSHIP_YEARS,
      workmanshipEndsAt: periods.workmanshipEndsAt,
      material: material?.material ?? null,
      materialYears: material?.years ?? null,
      materialStated: material?.stated ?? null,
      materialSource: material?.source ?? null,
      materialEndsAt: periods.materialEndsAt,
    });
    return id !== undefined;
  }

  function view(row: WarrantyRow, project: ProjectAccess, now: Date): Warranty {
    const inPeriod = claimWindowOpen(row, now);
    return {
      id: row.id,
      projectId: row.projectId,
      issuedAt: row.issuedAt.toISOString(),
      startsAt: row.startsAt.toISOString(),
      workmanshipYears: row.workmanshipYears,
      workmanshipEndsAt: row.workmanshipEndsAt.toISOString(),
      material: row.material,
      materialYears: row.materialYears,
      materialStated: row.materialStated,
      materialEndsAt: row.materialEndsAt?.toISOString() ?? null,
      certificateUrl: row.certificateKey ? warrantyCertificateUrl(row.projectId) : null,
      inPeriod,
      canOpenClaim: inPeriod && project.role === 'homeowner' && project.status === 'completed',
      canManageClaims: project.role === 'contractor' || project.role === 'admin',
    };
  }

  return {
    /**
     * Issues the project's warranty in the caller's transaction (the one recording the final
     * payment): workmanship from the completion date (else the acceptance), the manufacturer's
     * material warranty of what was installed. Idempotent: a second call changes nothing. The
     * certificate is made by a job, sent without waiting (it retries until this commits).
     */
    async issueOnFinalPayment(tx: Executor, e: { projectId: string; receivedAt: Date }): Promise<void> {
      if (!(await issue(tx, e))) return;
      // not awaited: the queue must not wait on (nor write into) the caller's open transaction
      void queueCertificate(e.projectId).catch((err) =>
        log.error({ err, projectId: e.projectId }, 'certificate job not queued (the start catch-up will)'),
      );
    },

    /**
     * The demo data's warranty, in the seed's transaction: issued like a real one; the job queue
     * is not running yet, so the workers' start catch-up (resumeCertificates) makes its certificate.
     */
    async insertDemoWarranty(tx: Executor, e: { projectId: string; receivedAt: Date }): Promise<void> {
      await issue(tx, e);
    },

    /**
     * The job: renders and stores the certificate when it is not yet, then mails it to the
     * homeowner once (the mail is stored with the mark, in one transaction). Throws while the
     * issuing transaction has not committed, so the job is retried.
     */
    async makeCertificate(projectId: string): Promise<void> {
      const data = await repo.certificateData(projectId);
      if (!data) throw new Error(`no warranty for project ${projectId} yet`);
      const w = data.warranty;
      const owner =
        [data.ownerFirst, data.ownerLast].filter(Boolean).join(' ') ||
        data.homeownerName ||
        'The property owner';
      const certificate: CertificateData = {
        brandName: deps.config.brandName,
        reference: data.title,
        property: {
          line1: data.address,
          cityStateZip: [data.city, [data.state, data.zipCode].filter(Boolean).join(' ')]
            .filter(Boolean)
            .join(', '),
        },
        owner,
        contractor: { company: data.companyName, licence: data.licence },
        completionDate: data.completionDate,
        finalPaymentDate: w.issuedAt,
        startsAt: w.startsAt,
        workmanshipYears: w.workmanshipYears,
        workmanshipEndsAt: w.workmanshipEndsAt,
        material:
          w.material && w.materialYears !== null && w.materialEndsAt && w.materialStated
            ? {
                name: w.material,
                stated: w.materialStated,
                years: w.materialYears,
                endsAt: w.materialEndsAt,
                source: w.materialSource ?? '',
              }
            : null,
        supportEmail: deps.config.supportEmail,
        publicUrl: deps.config.publicUrl,
        generatedAt: w.issuedAt,
      };
      const key = certificateKey(projectId);
      let pdf: Buffer;
      if (w.certificateKey && (await deps.storage.exists(w.certificateKey))) {
        pdf = await deps.storage.get(w.certificateKey);
      } else {
        pdf = await renderCertificatePdf(certificate);
        await deps.storage.put(key, pdf);
        await repo.setCertificate(w.id, key, pdf.length);
      }
      const to = data.ownerEmail ?? data.homeownerEmail;
      const mailId = await db.transaction(async (tx) => {
        if (!(await repo.markMailed(tx, w.id, clock()))) return null;
        if (!to) return null;
        const mail = certificateMail({ ...certificate, to, projectId, owner, pdf });
        return (await deps.mailer.storeIn(tx, mail)).id;
      });
      if (mailId) await deps.mailer.queue(mailId);
      await announce(projectId, [data.homeownerId, data.contractorUserId]);
    },

    /** At start: queue the certificate of every warranty not mailed yet (a crash after the payment). */
    async resumeCertificates(): Promise<void> {
      for (const projectId of await repo.unmailed()) await queueCertificate(projectId);
    },

    /** GET /api/projects/{id}/warranty: whoever may open the project; 404 before it is issued. */
    async forProject(user: SessionUser, projectId: string): Promise<Warranty> {
      const project = await deps.access(user, projectId);
      const row = await repo.ofProject(project.projectId);
      if (!row) throw new NotFoundError(warrantyMessages.notFound);
      return view(row, project, clock());
    },

    /** GET /api/projects/{id}/warranty/certificate: the PDF, for the warranty's whole life (and after). */
    async certificate(user: SessionUser, projectId: string): Promise<CertificateFile> {
      const project = await deps.access(user, projectId);
      const row = await repo.ofProject(project.projectId);
      if (!row) throw new NotFoundError(warrantyMessages.notFound);
      if (!row.certificateKey) throw new NotFoundError(warrantyMessages.certificateNotReady);
      const bytes = await deps.storage.get(row.certificateKey);
      return {
        fileName: 'warranty-certificate.pdf',
        etag: `"warranty-${row.id}-${row.certificateSize}"`,
        bytes,
      };
    },
  };
}

export type WarrantiesService = ReturnType<typeof createWarrantiesService>;
