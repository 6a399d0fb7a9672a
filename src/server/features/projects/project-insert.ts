import { projectTitle } from '../../../domain/projects/job-id';
import { ValidationError } from '../../platform/errors';
import type { ProjectActivityRepo } from './project-activity.repo';
import type { Executor, NewProject, ProjectsRepo } from './projects.repo';
import type { Actor } from './projects.service';

/** Draws of a job id before giving up: with 28.6 million suffixes a year, a second draw is already rare. */
const TITLE_ATTEMPTS = 10;

/**
 * How a project is inserted (the projects service's one way): named, unique, with its feed's first
 * event, in the caller's transaction.
 */
export function createProjectInserter(deps: {
  repo: ProjectsRepo;
  activity: ProjectActivityRepo;
  clock: () => Date;
  log: { warn: (obj: object, msg: string) => void };
  jobIdSuffix?: () => string;
  titleTaken: string;
}) {
  const { repo, activity, clock, log } = deps;
  /** Inserts a project and its feed's first event ("Project created"), in the caller's transaction. */
  async function insert(
    tx: Executor,
    values: Omit<NewProject, 'title'> & { title?: string },
    actor: Actor['user'] | null = null,
  ) {
    const row = await insertTitled(tx, values);
    await activity.insert(tx, [{ projectId: row.id, kind: 'created', data: {}, actor, at: row.createdAt }]);
    return row;
  }

  /**
   * Inserts a project; one without a title is named SWRX-<year>-<random suffix>. The title is
   * unique (projects_title_key): a suffix already taken, by another new project or by an admin's
   * hand, is drawn again.
   */
  async function insertTitled(tx: Executor, values: Omit<NewProject, 'title'> & { title?: string }) {
    if (values.title) {
      const row = await repo.insertUnlessTitleTaken(tx, { ...values, title: values.title });
      if (!row) {
        throw new ValidationError(deps.titleTaken, {
          title: [deps.titleTaken],
        });
      }
      return row;
    }
    const createdAt = values.createdAt ?? clock();
    for (let attempt = 0; attempt < TITLE_ATTEMPTS; attempt++) {
      const title = projectTitle(createdAt, deps.jobIdSuffix?.());
      const row = await repo.insertUnlessTitleTaken(tx, {
        ...values,
        title,
        createdAt,
        updatedAt: createdAt,
      });
      if (row) return row;
      log.warn({ title, attempt }, 'SWRX job id already taken, drawing another');
    }
    throw new Error(`no free SWRX job id after ${TITLE_ATTEMPTS} draws`);
  }

  return insert;
}
