import type { Logger } from 'pino';
import { z } from 'zod';
import {
  type InstallRequest,
  type InstallRequestCreated,
  type InstallRequestListQuery,
  installFieldMessages,
  installNotices,
  installRequestMessages,
  type StoredInstallRequest,
  type Urgency,
  urgencyLabels,
  urgencyText,
} from '../../../domain/install-requests/schemas';
import { formatCents } from '../../../domain/payments/money';
import type { Config } from '../../platform/config';
import type { Db } from '../../platform/db/index';
import {
  adminCounterDeltas,
  adminCounters,
  contractorProfiles,
  installRequests,
  projects as projectsTable,
} from '../../platform/db/schema';
import { ConflictError, NotFoundError, ValidationError } from '../../platform/errors';
import type { Mailer } from '../../platform/mail/types';
import { cachedByQuery, type ReadCache } from '../../platform/read-cache';
import { findOrCreateHomeowner } from '../auth';
import type { ProjectsService } from '../projects';
import { createInstallRequestsRepo, type Executor } from './install-requests.repo';

const priorityByUrgency: Record<Urgency, 'normal' | 'high' | 'urgent'> = {
  standard: 'normal',
  expedited: 'high',
  emergency: 'urgent',
};

function projectDescription(input: InstallRequest, contractorName: string | undefined): string {
  const lines = [
    `Installation request. Urgency: ${urgencyText(input.urgency)}.`,
    input.preferredStartDate ? `Preferred start date: ${input.preferredStartDate}.` : undefined,
    input.insuranceCompany ? `Insurance company: ${input.insuranceCompany}.` : undefined,
    input.claimNumber ? `Claim number: ${input.claimNumber}.` : undefined,
    input.approvedAmount !== undefined ? `Approved amount: ${formatCents(input.approvedAmount)}.` : undefined,
    contractorName ? `Preferred contractor: ${contractorName}.` : undefined,
    input.projectDescription ? `\n${input.projectDescription}` : undefined,
  ];
  return lines.filter((l): l is string => l !== undefined).join('\n');
}

export interface InstallRequestMeta {
  /** Origin the links in the confirmation mail point at. */
  baseUrl: string;
}

export function createInstallRequestsService(deps: {
  db: Db;
  mailer: Mailer;
  config: Config;
  logger: Logger;
  projects: Pick<ProjectsService, 'createFromInstallRequest' | 'announceCreated'>;
  readCache: ReadCache;
}) {
  const { db, mailer, config, projects } = deps;
  const repo = createInstallRequestsRepo(db);
  // the admins' queue: its pages kept until a request, its project or contractor changes (decision 005)
  const listPage = cachedByQuery(
    deps.readCache.define<Awaited<ReturnType<typeof repo.list>>>('installRequests.adminList', [
      installRequests,
      projectsTable,
      contractorProfiles,
      adminCounters,
      adminCounterDeltas,
    ]),
    repo.list,
  );
  const log = deps.logger.child({ module: 'install-requests' });

  async function mailConfirmation(
    input: InstallRequest,
    reference: string,
    account: { created: boolean; claimable: boolean },
    contractorName: string | undefined,
    baseUrl: string,
  ): Promise<void> {
    const window = urgencyLabels[input.urgency].window;
    const accountLines = account.claimable
      ? [
          'Follow your project online: create your free account with this same email address at',
          `${baseUrl}/register`,
          'Your request is already linked to it; we will mail you a link to confirm the address.',
        ]
      : ['Follow your project online: sign in with this email address at', `${baseUrl}/login`];
    await mailer.send({
      to: input.email,
      replyTo: config.supportEmail,
      subject: `We received your installation request ${reference}`,
      text: [
        `Hi ${input.firstName},`,
        '',
        `Thank you for your installation request for ${input.address}, ${input.city}, ${input.state} ${input.zipCode}.`,
        `Your reference is ${reference}.`,
        '',
        'What happens next:',
        '1. Within 24 hours we match your project with a verified, licensed and insured contractor' +
          (contractorName ? ` (we will ask ${contractorName} first, as you chose)` : '') +
          ', and we contact you to confirm the details.',
        (window === 'ASAP'
          ? `2. You asked for ${urgencyText(input.urgency)}: we treat your job as an emergency and get a crew to you as soon as possible`
          : `2. You asked for ${urgencyText(input.urgency)}: we plan for work to start within ${window}`) +
          (input.preferredStartDate ? ` (your preferred start date: ${input.preferredStartDate})` : '') +
          '.',
        '3. Your contractor contacts you, orders materials and schedules the crew; you follow each step.',
        '',
        ...accountLines,
        '',
        `Questions? Reply to this mail or write to ${config.supportEmail}.`,
        '',
        `The ${config.brandName} team`,
      ].join('\n'),
    });
  }

  return {
    /**
     * Stores the request with its homeowner account (found by e-mail, or created without a password)
     * and a pending project in one transaction, then mails the requester a confirmation.
     */
    async submit(input: InstallRequest, meta: InstallRequestMeta): Promise<InstallRequestCreated> {
      let contractorName: string | undefined;
      if (input.preferredContractorId) {
        contractorName = await repo.verifiedContractorName(input.preferredContractorId);
        if (!contractorName) {
          throw new ValidationError(installFieldMessages.preferredContractorId, {
            preferredContractorId: [installFieldMessages.preferredContractorId],
          });
        }
      }
      const stored = await db.transaction(async (tx) => {
        const account = await findOrCreateHomeowner(tx, {
          email: input.email,
          firstName: input.firstName,
          lastName: input.lastName,
          phone: input.phone,
        });
        const project = await projects.createFromInstallRequest(tx, {
          description: projectDescription(input, contractorName),
          address: input.address,
          city: input.city,
          state: input.state,
          zipCode: input.zipCode,
          priority: priorityByUrgency[input.urgency],
          status: 'pending',
          estimatedCost: input.approvedAmount,
          homeownerId: account.id,
          homeownerName: `${input.firstName} ${input.lastName}`.trim(),
          homeownerEmail: input.email.trim().toLowerCase(),
          homeownerPhone: input.phone,
          preferredContractorId: input.preferredContractorId,
        });
        const request = await repo.insertRequest(tx, {
          firstName: input.firstName,
          lastName: input.lastName,
          email: input.email,
          phone: input.phone,
          address: input.address,
          city: input.city,
          state: input.state,
          zipCode: input.zipCode,
          insuranceCompany: input.insuranceCompany,
          claimNumber: input.claimNumber,
          approvedAmount: input.approvedAmount,
          projectDescription: input.projectDescription,
          urgency: input.urgency,
          preferredStartDate: input.preferredStartDate,
          preferredContractorId: input.preferredContractorId,
          userId: account.id,
          projectId: project.id,
        });
        return { account, project, request };
      });
      await projects.announceCreated(stored.project.id);
      try {
        await mailConfirmation(input, stored.project.title, stored.account, contractorName, meta.baseUrl);
      } catch (err) {
        // the request and its project are stored and admins see them; only the courtesy mail is missing
        log.error({ err, installRequestId: stored.request.id }, 'could not store the confirmation mail');
      }
      return {
        id: stored.request.id,
        projectId: stored.project.id,
        reference: stored.project.title,
        message: installNotices.success,
      };
    },

    /**
     * An admin turns a stored request without a project (its project was deleted, or it predates
     * them) into a pending project for its homeowner, linked to the request, in one transaction.
     */
    async createProject(id: string): Promise<{ projectId: string; reference: string }> {
      if (!z.uuid().safeParse(id).success) throw new NotFoundError(installRequestMessages.notFound);
      const created = await db.transaction(async (tx) => {
        const request = await repo.lockRequest(tx, id);
        if (!request) throw new NotFoundError(installRequestMessages.notFound);
        if (request.projectId) throw new ConflictError(installRequestMessages.hasProject);
        const input = {
          ...request,
          insuranceCompany: request.insuranceCompany ?? undefined,
          claimNumber: request.claimNumber ?? undefined,
          approvedAmount: request.approvedAmount ?? undefined,
          projectDescription: request.projectDescription ?? undefined,
          preferredStartDate: request.preferredStartDate ?? undefined,
          preferredContractorId: request.preferredContractorId ?? undefined,
        } as InstallRequest;
        const contractorName = request.preferredContractorId
          ? await repo.verifiedContractorName(request.preferredContractorId)
          : undefined;
        const account = await findOrCreateHomeowner(tx, {
          email: request.email,
          firstName: request.firstName,
          lastName: request.lastName,
          phone: request.phone,
        });
        const project = await projects.createFromInstallRequest(tx, {
          description: projectDescription(input, contractorName),
          address: request.address,
          city: request.city,
          state: request.state,
          zipCode: request.zipCode,
          priority: priorityByUrgency[request.urgency as Urgency] ?? 'normal',
          status: 'pending',
          estimatedCost: request.approvedAmount,
          homeownerId: account.id,
          preferredContractorId: contractorName ? request.preferredContractorId : null,
        });
        await repo.linkProject(tx, id, project.id, account.id);
        return project;
      });
      await projects.announceCreated(created.id);
      return { projectId: created.id, reference: created.title };
    },

    /**
     * An address was confirmed (auth's AddressConfirmedHook, in its transaction): the requests it
     * sent while unconfirmed become the account's.
     */
    async attachToConfirmedAccount(tx: Executor, account: { userId: string; email: string }) {
      await repo.attachToAccount(tx, account);
    },

    async list(query: InstallRequestListQuery) {
      const { items, ...page } = await listPage(query);
      return {
        items: items.map(
          ({ request: r, projectStatus, projectTitle, preferredContractorName }): StoredInstallRequest => ({
            id: r.id,
            firstName: r.firstName,
            lastName: r.lastName,
            email: r.email,
            phone: r.phone,
            address: r.address,
            city: r.city,
            state: r.state,
            zipCode: r.zipCode,
            insuranceCompany: r.insuranceCompany,
            claimNumber: r.claimNumber,
            approvedAmount: r.approvedAmount,
            projectDescription: r.projectDescription,
            urgency: r.urgency,
            preferredStartDate: r.preferredStartDate,
            preferredContractorId: r.preferredContractorId,
            preferredContractorName: preferredContractorName ?? null,
            userId: r.userId,
            projectId: r.projectId,
            projectStatus: projectStatus ?? null,
            projectTitle: projectTitle ?? null,
            createdAt: r.createdAt.toISOString(),
          }),
        ),
        ...page,
        pageSize: query.pageSize,
      };
    },
  };
}

export type InstallRequestsService = ReturnType<typeof createInstallRequestsService>;
