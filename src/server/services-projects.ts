/**
 * Part of the composition root (services.ts): the projects (the one owner of the projects table
 * and of who may open one), the changes made under a project's row lock with their notices, the
 * periodic checks, the end of the job (closeout, warranties and claims), the files, the resumable
 * photo uploads and the activity feed.
 */
import type { PhotoUploadMetadata } from '../domain/projects/photo-uploads';
import type { NotificationsService } from './features/notifications/notifications.service';
import type { JobPaymentsService } from './features/payments/job-payments.service';
import { createCloseoutService } from './features/projects/closeout.service';
import { createCrewReminderCheck } from './features/projects/crew-reminder';
import type { StageNotices } from './features/projects/match-notices';
import { createMatchOverdueCheck } from './features/projects/match-overdue';
import { createPhotoUploadsService } from './features/projects/photo-uploads.service';
import type { ProjectAccessCheck } from './features/projects/project-access';
import { createProjectActivityService } from './features/projects/project-activity.service';
import { createProjectChangesService } from './features/projects/project-changes.service';
import { createProjectFileDetailsService } from './features/projects/project-file-details.service';
import { createProjectFilesService } from './features/projects/project-files.service';
import { createProjectsRepo } from './features/projects/projects.repo';
import { createProjectsService } from './features/projects/projects.service';
import type { ReviewsService } from './features/reviews/reviews.service';
import type { SearchService } from './features/search/search.service';
import { createClaimsService } from './features/warranties/claims.service';
import { createWarrantiesService } from './features/warranties/warranties.service';
import type { Platform } from './platform/platform';
import { createPartialUploads, partialUploadsRoot } from './platform/storage/partial-uploads';
import type { createWebhooks } from './services-organizations';

export function createProjectServices(
  platform: Platform,
  deps: {
    search: SearchService;
    notifications: NotificationsService;
    webhooks: ReturnType<typeof createWebhooks>;
    jobPayments: JobPaymentsService;
    reviews: ReviewsService;
    projectAccess: ProjectAccessCheck;
  },
) {
  const { db, config, logger, storage, jobs, mailer, bus, readCache } = platform;
  const { search, notifications, webhooks, jobPayments, reviews, projectAccess } = deps;
  // assigning, accepting, declining and the workflow: their notifications (and mails) are stored
  // with the change; the periodic checks tell the admins of unanswered matches and remind of crew dates
  const stageNotices: StageNotices = notifications.stage;
  // projects: the one owner of the projects table (and of who may open one), their files; an
  // admin assigning one is offered contractors ranked by the search feature
  const projectsRepo = createProjectsRepo(db, readCache);
  const projects = createProjectsService({
    repo: projectsRepo,
    db,
    bus,
    mailer,
    config,
    logger,
    readCache,
    suggestContractors: (location) => search.suggest(location),
    notify: (items) => notifications.notify(items),
  });
  // what every service that changes a project under its row lock needs (project-change-runner.ts)
  const projectChangeDeps = {
    db,
    repo: projectsRepo,
    bus,
    mailer,
    config,
    logger,
    readCache,
    stageNotices,
    // the parts of the job's price asked when work begins and when the work is accepted
    paymentRequest: jobPayments.requestPart,
    statusHook: webhooks.projectStatusHook,
  };
  const projectChanges = createProjectChangesService({
    ...projectChangeDeps,
    notify: (items) => notifications.notify(items),
  });
  const matchOverdue = createMatchOverdueCheck({
    db,
    repo: projectsRepo,
    config,
    stage: stageNotices,
    logger,
  });
  const crewReminders = createCrewReminderCheck({ db, config, stage: stageNotices, logger });
  // the end of the job (issue 25 #1, #2): the final inspection, the acceptance and the punch list
  const closeout = createCloseoutService({
    ...projectChangeDeps,
    // the homeowner is asked to review the contractor once the work is accepted (issue 25 #8)
    reviewRequest: (project) => reviews.requestNotices(project),
  });
  // warranties (issue 25 #6, #7): issued at the final payment (the payments feature calls
  // warranties.issueOnFinalPayment in its transaction), the certificate, the homeowner's claims
  const warranties = createWarrantiesService({
    db,
    jobs,
    storage,
    mailer,
    bus,
    logger,
    config,
    access: projectAccess,
  });
  const warrantyClaims = createClaimsService({
    db,
    bus,
    logger,
    config,
    access: projectAccess,
    stage: (tx, items) => notifications.stage(tx, items),
  });
  const projectFiles = createProjectFilesService({ db, storage, bus, logger, access: projectAccess });
  // resumable photos (tus): partial uploads on disk in the data folder, finished through projectFiles
  const photoUploads = createPhotoUploadsService({
    projectFiles,
    partials: createPartialUploads<PhotoUploadMetadata>(partialUploadsRoot(config.dataDir)),
  });
  // the activity feed and the photo log's details (issue 23 #8, #9)
  const projectActivity = createProjectActivityService({ db, access: projectAccess });
  const projectFileDetails = createProjectFileDetailsService({ db, bus, logger, access: projectAccess });
  return {
    projects,
    projectChanges,
    matchOverdue,
    crewReminders,
    closeout,
    warranties,
    warrantyClaims,
    projectFiles,
    photoUploads,
    projectActivity,
    projectFileDetails,
  };
}
