import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { jobFileMessages } from '../../../domain/projects/schemas';
import type { SessionUser } from '../../platform/auth/session-store';
import type { Db } from '../../platform/db/index';
import { projects } from '../../platform/db/schema';
import { NotFoundError } from '../../platform/errors';
import type { EstimatesService } from '../estimates';
import type { QuoteUploadsService } from '../quotes';
import type { ProjectAccessCheck } from './project-access';
import type { StoredFileBody } from './project-files.service';

export interface JobFilesDeps {
  db: Db;
  /** The one rule of who may open a project (its homeowner, its assigned contractor, admins). */
  access: ProjectAccessCheck;
  /** The estimates feature: a quote's latest report (services.ts wires it). */
  reports: Pick<EstimatesService, 'latestReportOf'>;
  /** The quotes feature: a quote's measurement file (services.ts wires it). */
  measurementFiles: Pick<QuoteUploadsService, 'measurementFileOf'>;
}

/**
 * The job file's documents that come from the quote a project was made from (issue 23 #7): the
 * estimate report the job was priced from and the measurement file. Whoever may open the project
 * may open them (its homeowner, its assigned contractor once matched, admins); anyone else, and a
 * project without them, gets a 404. The bytes come from the features that own them, through their
 * services: this feature reads neither table.
 */
export function createJobFilesService(deps: JobFilesDeps) {
  async function quoteOf(user: SessionUser, projectId: string): Promise<string | null> {
    const granted = await deps.access(user, projectId);
    const [row] = await deps.db
      .select({ quoteId: projects.quoteId })
      .from(projects)
      .where(eq(projects.id, granted.projectId))
      .limit(1);
    return row?.quoteId ?? null;
  }

  return {
    /** The estimate report (PDF) of the project's quote. */
    async report(user: SessionUser, projectId: string): Promise<StoredFileBody> {
      const quoteId = await quoteOf(user, projectId);
      const report = quoteId ? await deps.reports.latestReportOf(quoteId) : undefined;
      if (!report) throw new NotFoundError(jobFileMessages.noReport);
      const etag = `"report-${createHash('sha256').update(report.bytes).digest('base64url').slice(0, 27)}"`;
      return {
        fileName: report.filename,
        contentType: 'application/pdf',
        size: report.size,
        etag,
        read: async () => report.bytes,
      };
    },

    /** The measurement file (HOVER .json, EagleView .xml...) of the project's quote. */
    async measurementFile(user: SessionUser, projectId: string): Promise<StoredFileBody> {
      const quoteId = await quoteOf(user, projectId);
      const file = quoteId ? await deps.measurementFiles.measurementFileOf(quoteId) : undefined;
      if (!file) throw new NotFoundError(jobFileMessages.noMeasurementFile);
      return {
        fileName: file.fileName,
        contentType: file.contentType,
        size: file.size,
        etag: `"measurement-${file.id}"`,
        read: async (): Promise<Readable> => file.read(),
      };
    },
  };
}

export type JobFilesService = ReturnType<typeof createJobFilesService>;
