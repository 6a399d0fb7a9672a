import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { tomorrowDay } from '../../../domain/projects/crew-date';
import type { Config } from '../../platform/config';
import type { Db } from '../../platform/db/index';
import { contractorProfiles, projects } from '../../platform/db/schema';
import { crewReminderNotices } from './crew-notices';
import type { StageNotices } from './match-notices';

export const CREW_REMINDER_INTERVAL_S = 3600;

/**
 * The day-before reminder of crew dates (issue 23 item 4): every started project whose crew comes
 * tomorrow (UTC day of the stored date) is claimed once per crew day (crew_reminder_sent_for) and
 * its homeowner and contractor told, in one transaction. A moved date is a new day: it gets its
 * own reminder; a run that crashes leaves the project unclaimed for the next run.
 */
export function createCrewReminderCheck(deps: {
  db: Db;
  config: Pick<Config, 'publicUrl' | 'brandName'>;
  stage: StageNotices;
  logger: Logger;
}) {
  return async function sendCrewReminders(now: Date): Promise<string[]> {
    const day = tomorrowDay(now);
    const { ids, after } = await deps.db.transaction(async (tx) => {
      const claimed = await tx
        .update(projects)
        .set({ crewReminderSentFor: day })
        .where(
          and(
            eq(projects.status, 'in_progress'),
            eq(projects.crewScheduled, true),
            isNotNull(projects.crewScheduledDate),
            sql`to_char(${projects.crewScheduledDate} at time zone 'UTC', 'YYYY-MM-DD') = ${day}`,
            sql`${projects.crewReminderSentFor} is distinct from ${day}`,
          ),
        )
        .returning();
      if (claimed.length === 0) return { ids: [] as string[], after: async () => {} };
      const contractorIds = claimed.flatMap((p) => (p.contractorId ? [p.contractorId] : []));
      const crews =
        contractorIds.length === 0
          ? []
          : await tx
              .select({
                id: contractorProfiles.id,
                userId: contractorProfiles.userId,
                companyName: contractorProfiles.companyName,
              })
              .from(contractorProfiles)
              .where(inArray(contractorProfiles.id, contractorIds));
      const notices = claimed.flatMap((p) => {
        const crew = crews.find((c) => c.id === p.contractorId);
        return crewReminderNotices(
          p,
          {
            homeownerId: p.homeownerId,
            contractorUserId: crew?.userId ?? null,
            companyName: crew?.companyName ?? 'Your contractor',
          },
          deps.config,
        );
      });
      return { ids: claimed.map((p) => p.id), after: await deps.stage(tx, notices) };
    });
    try {
      await after();
    } catch (err) {
      deps.logger.error({ err }, 'crew reminders stored, not pushed live');
    }
    return ids;
  };
}
