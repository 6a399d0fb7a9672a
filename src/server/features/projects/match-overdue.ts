import { and, eq, inArray, isNull, lte } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Config } from '../../platform/config';
import type { Db } from '../../platform/db/index';
import { contractorProfiles, projects } from '../../platform/db/schema';
import type { Platform } from '../../platform/platform';
import { overdueNotices, type StageNotices } from './match-notices';
import type { ProjectsRepo } from './projects.repo';

/** How often the check runs: a match is flagged at most this long after its target passed. */
export const MATCH_OVERDUE_INTERVAL_S = 15 * 60;
const FIRST_CHECK_AFTER_S = 60;

/** A match past its response target, as the admins are told about it. */
export interface OverdueMatch {
  projectId: string;
  title: string;
  assignedAt: Date;
  contractorId: string;
  companyName: string;
}

/**
 * The matches a contractor has not answered (accepted or declined) within `hours` of the assignment
 * are claimed once each (match_overdue_notified_at) and the admins told, in one transaction: a
 * crash in the middle leaves the match unclaimed, to be told at the next run; never twice.
 */
export function createMatchOverdueCheck(deps: {
  db: Db;
  repo: Pick<ProjectsRepo, 'adminIds'>;
  config: Pick<Config, 'publicUrl' | 'brandName' | 'matchResponseHours'>;
  stage: StageNotices;
  logger: Logger;
}) {
  return async function checkOverdueMatches(now: Date): Promise<OverdueMatch[]> {
    const cutoff = new Date(now.getTime() - deps.config.matchResponseHours * 3_600_000);
    const { matches, after } = await deps.db.transaction(async (tx) => {
      const claimed = await tx
        .update(projects)
        .set({ matchOverdueNotifiedAt: now })
        .where(
          and(
            eq(projects.status, 'matched'),
            isNull(projects.matchOverdueNotifiedAt),
            lte(projects.assignedAt, cutoff),
          ),
        )
        .returning({
          projectId: projects.id,
          title: projects.title,
          assignedAt: projects.assignedAt,
          contractorId: projects.contractorId,
        });
      const found = claimed.flatMap((c) =>
        c.assignedAt && c.contractorId
          ? [{ ...c, assignedAt: c.assignedAt, contractorId: c.contractorId }]
          : [],
      );
      if (found.length === 0) return { matches: [] as OverdueMatch[], after: async () => {} };
      const names = await tx
        .select({ id: contractorProfiles.id, companyName: contractorProfiles.companyName })
        .from(contractorProfiles)
        .where(
          inArray(
            contractorProfiles.id,
            found.map((f) => f.contractorId),
          ),
        );
      const matches = found.map((f) => ({
        ...f,
        companyName: names.find((n) => n.id === f.contractorId)?.companyName ?? 'The contractor',
      }));
      const admins = await deps.repo.adminIds(tx);
      const notices = matches.flatMap((m) => overdueNotices(m, admins, deps.config));
      return { matches, after: await deps.stage(tx, notices) };
    });
    try {
      await after();
    } catch (err) {
      deps.logger.error({ err }, 'overdue matches stored, but not pushed live');
    }
    return matches;
  };
}

/** The periodic checks of the projects feature, each a job that re-sends itself. */
type PeriodicJob =
  | 'projects.match-overdue'
  | 'projects.crew-reminder'
  | 'projects.client-keys-cleanup'
  | 'admin.counters-fold';

/**
 * A periodic check (projects.match-overdue every 15 minutes, projects.crew-reminder hourly): like
 * contractors.expiry, each run schedules the next (also when it failed), and the singleton key
 * keeps one waiting at a time.
 */
export async function registerPeriodicCheck(
  platform: Pick<Platform, 'jobs' | 'logger'>,
  name: PeriodicJob,
  intervalSeconds: number,
  check: (now: Date) => Promise<unknown>,
): Promise<void> {
  const { jobs, logger } = platform;
  const next = (seconds: number) => jobs.send(name, {}, { singletonKey: name, startAfterSeconds: seconds });
  await jobs.work(name, async () => {
    try {
      await check(new Date());
    } catch (err) {
      logger.error({ err, job: name }, 'periodic project check failed');
    } finally {
      await next(intervalSeconds);
    }
  });
  await next(FIRST_CHECK_AFTER_S);
}
