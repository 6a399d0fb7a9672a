import type { Platform } from '../../platform/platform';
import type { ContractorVerificationService } from './verification.service';

const DAY_S = 24 * 3600;
/** The first check after a start: once the server has settled. */
const FIRST_CHECK_AFTER_S = 120;

/**
 * The daily check of licences and insurance (job contractors.expiry): mails each contractor once
 * per credential that starts expiring (30 days) or has expired. Like maintenance.cleanup, each run
 * schedules the next (also when it failed), and the singleton key keeps one waiting at a time.
 */
export async function registerContractorExpiryCheck(
  platform: Pick<Platform, 'jobs' | 'logger'>,
  contractors: Pick<ContractorVerificationService, 'checkExpiries'>,
): Promise<void> {
  const { jobs, logger } = platform;
  const next = (seconds: number) =>
    jobs.send('contractors.expiry', {}, { singletonKey: 'contractors.expiry', startAfterSeconds: seconds });
  await jobs.work('contractors.expiry', async () => {
    try {
      await contractors.checkExpiries(new Date());
    } catch (err) {
      logger.error({ err }, 'contractor expiry check failed');
    } finally {
      await next(DAY_S);
    }
  });
  await next(FIRST_CHECK_AFTER_S);
}
