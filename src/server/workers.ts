/**
 * The features' background work, started from the services of services.ts: the job workers
 * (startWorkers: app.ts, or main.ts once the server listens) and the periodic clean-ups and checks
 * (startHousekeeping: main.ts only).
 */
import { REPORT_RETRY_LIMIT } from '../domain/estimates/report/schemas';
import { COUNTERS_FOLD_INTERVAL_S } from './features/admin/admin-lists.service';
import { registerContactWorkers } from './features/contact/contact.delivery';
import { registerContractorExpiryCheck } from './features/contractors/expiry-job';
import { WEBHOOK_RETRY_DELAY_S, WEBHOOK_RETRY_LIMIT } from './features/organizations/webhooks.service';
import { PROCESSING_GRACE_MS } from './features/payments/payments.service';
import { PAYOUT_RUN_INTERVAL_S } from './features/payouts/payouts.service';
import { CREW_REMINDER_INTERVAL_S } from './features/projects/crew-reminder';
import { MATCH_OVERDUE_INTERVAL_S, registerPeriodicCheck } from './features/projects/match-overdue';
import { CHANGE_KEYS_CLEANUP_INTERVAL_S } from './features/projects/project-change-keys.repo';
import { PUSH_RETRY_DELAY_S, PUSH_RETRY_LIMIT } from './features/push/push.service';
import { registerUploadCleanup } from './features/quotes/upload-cleanup';
import { registerMaintenance } from './platform/maintenance';
import type { Platform } from './platform/platform';
import type { Services } from './services';

/** Seconds before the first retry of a failed report job; doubled for each next one. */
const REPORT_RETRY_DELAY_S = 2;
/** How often the payment recovery job runs (crash leftovers, expired discount holds). */
const PAYMENT_RECOVERY_INTERVAL_S = 30;

/**
 * Every job worker of the features, and the catch-up each does at start. buildApp calls it once,
 * before the routes are registered. The platform's workers start elsewhere: `mail.send` in
 * createPlatform (unless runWorkers is false); the hourly clean-ups in startHousekeeping.
 */
export async function startWorkers(platform: Platform, services: Services): Promise<void> {
  const { jobs, logger } = platform;
  const { reportPipeline, quoteSubmission, payments, jobPayments, webhooks } = services;

  // estimates: make a report (measured or preliminary), retried, then marked failed for the admins
  await jobs.work('report.generate', async ({ quoteId, run }, job) => reportPipeline.run(quoteId, job, run), {
    retryLimit: REPORT_RETRY_LIMIT,
    retryDelaySeconds: REPORT_RETRY_DELAY_S,
    expireInSeconds: 120,
    onFinalFailure: async ({ quoteId, run }, error) => reportPipeline.onFinalFailure(quoteId, error, run),
  });

  // organisations: webhook deliveries, retried with backoff for about 24 hours; those a crash left queued again
  await jobs.work('webhooks.deliver', async ({ deliveryId }, job) => webhooks.deliver(deliveryId, job), {
    retryLimit: WEBHOOK_RETRY_LIMIT,
    retryDelaySeconds: WEBHOOK_RETRY_DELAY_S,
    expireInSeconds: 60,
    onFinalFailure: async ({ deliveryId }, error) => webhooks.onFinalFailure(deliveryId, error),
  });
  await webhooks
    .sendPending()
    .catch((err) => logger.error({ err }, 'could not queue pending webhook deliveries'));

  // push: one Web Push message per device, retried with backoff (a 404/410 deletes the subscription)
  await jobs.work(
    'push.send',
    async ({ subscriptionId, payload }) => {
      await services.push.deliver(subscriptionId, payload);
    },
    { retryLimit: PUSH_RETRY_LIMIT, retryDelaySeconds: PUSH_RETRY_DELAY_S, expireInSeconds: 60 },
  );

  // quotes: submit a paid quote that the paying request could not; and those a crash left paid
  await jobs.work('quotes.finalize', ({ quoteId }) => quoteSubmission.finalizeJob(quoteId), {
    retryLimit: 10,
    retryDelaySeconds: 5,
  });
  await quoteSubmission
    .resumePaidQuotes()
    .catch((err) => logger.error({ err }, 'could not look for paid quotes left unsubmitted'));

  // payments: no payment stays processing after a crash: settled at start, then by a periodic job
  const recoverLater = (seconds: number) =>
    jobs.send('payments.recover', {}, { singletonKey: 'payments.recover', startAfterSeconds: seconds });
  await jobs.work('payments.recover', async () => {
    try {
      await payments.recover();
      // job payments: a success not recorded as received, a refund left pending, a receipt not made
      await jobPayments.recover();
    } finally {
      await recoverLater(PAYMENT_RECOVERY_INTERVAL_S);
    }
  });
  await payments
    .recover({ atStart: true })
    .catch((err) => logger.error({ err }, 'could not recover payments at start'));
  await jobPayments
    .recover()
    .catch((err) => logger.error({ err }, 'could not recover job payments at start'));
  // an attempt cut short just before this start is past its grace by then
  await recoverLater(Math.ceil(PROCESSING_GRACE_MS / 1000) + 1);

  // payouts: send what is due (after a payment or a bank-change decision, and every minute)
  const payoutsLater = () =>
    jobs.send('payouts.send', {}, { singletonKey: 'payouts.send', startAfterSeconds: PAYOUT_RUN_INTERVAL_S });
  await jobs.work('payouts.send', async () => {
    try {
      await services.payouts.runDue();
    } finally {
      await payoutsLater();
    }
  });
  await services.payouts.kick();

  // messages: mail each receiver what is still unread some minutes after it was sent
  await jobs.work('messages.digest', async ({ receiverId }) => {
    await services.messages.sendDigest(receiverId);
  });

  // warranties: render, store and mail (once) the certificate of a warranty issued at the final
  // payment; retried while the paying transaction has not committed; those a crash left unmailed
  await jobs.work(
    'warranties.certificate',
    ({ projectId }) => services.warranties.makeCertificate(projectId),
    {
      retryLimit: 8,
      retryDelaySeconds: 2,
      expireInSeconds: 120,
      onFinalFailure: async ({ projectId }, error) => {
        logger.error({ projectId, error }, 'warranty certificate not made');
      },
    },
  );
  await services.warranties
    .resumeCertificates()
    .catch((err) => logger.error({ err }, 'could not look for warranty certificates left unmailed'));

  // contact: post chat messages to the support chat, mail e-mail messages (contact.slack, contact.email)
  await registerContactWorkers(platform);
}

/**
 * The periodic clean-ups and checks, for the server process only (main.ts; tests run them when they
 * test them): hourly, expired sessions, used e-mail tokens and old sign-in failures
 * (maintenance.cleanup) and anonymous uploads no quote took (uploads.cleanup); daily, contractors'
 * expiring licences and insurance (contractors.expiry); every 15 minutes, matches without an
 * answer past the response target (projects.match-overdue); hourly, tomorrow's crew dates
 * (projects.crew-reminder); every minute, the admin counters' deltas folded (admin.counters-fold); hourly, devices' change keys
 * past 30 days (projects.client-keys-cleanup).
 */
export async function startHousekeeping(platform: Platform, services: Services): Promise<void> {
  await registerMaintenance(platform);
  await registerUploadCleanup(platform);
  await registerContractorExpiryCheck(platform, services.contractorVerification);
  await registerPeriodicCheck(
    platform,
    'projects.match-overdue',
    MATCH_OVERDUE_INTERVAL_S,
    services.matchOverdue,
  );
  await registerPeriodicCheck(
    platform,
    'projects.crew-reminder',
    CREW_REMINDER_INTERVAL_S,
    services.crewReminders,
  );
  await registerPeriodicCheck(
    platform,
    'admin.counters-fold',
    COUNTERS_FOLD_INTERVAL_S,
    services.adminLists.foldCounters,
  );
  await registerPeriodicCheck(
    platform,
    'projects.client-keys-cleanup',
    CHANGE_KEYS_CLEANUP_INTERVAL_S,
    services.projectChanges.forgetOldChangeKeys,
  );
}
