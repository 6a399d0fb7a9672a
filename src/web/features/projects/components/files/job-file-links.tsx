import { jobFileMessages, type Project } from '@domain/projects/schemas';
import { Button } from '@web/components/ui/button';
import { Download, Eye, FileSpreadsheet, FileText } from 'lucide-react';

/**
 * The job file's documents from the quote the project was made from (issue 23 #7): the estimate
 * report the job was priced from and the measurement file. The server lets the project's
 * homeowner, its assigned contractor and admins open them; nothing shows when the project has none.
 */
export function JobFileLinks({ project }: { project: Project }) {
  const { reportUrl, measurementFileUrl } = project;
  if (!reportUrl && !measurementFileUrl) return null;
  return (
    <ul className="divide-y rounded-lg border" aria-label="From the estimate" data-testid="job-file-links">
      {reportUrl ? (
        <li className="flex flex-wrap items-center gap-3 p-3 sm:flex-nowrap">
          <FileText aria-hidden="true" className="size-5 shrink-0 text-primary" />
          <div className="min-w-0 flex-1">
            <p className="text-sm font-medium">{jobFileMessages.reportLabel}</p>
            <p className="text-xs text-muted-foreground">The report this job was priced from (PDF)</p>
          </div>
          <div className="flex shrink-0 gap-1">
            <Button variant="outline" size="sm" asChild>
              <a
                href={reportUrl}
                target="_blank"
                rel="noopener"
                aria-label={`View ${jobFileMessages.reportLabel}`}
              >
                <Eye aria-hidden="true" />
                View
              </a>
            </Button>
            <Button variant="outline" size="sm" asChild>
              <a href={`${reportUrl}?download=1`} aria-label={`Download ${jobFileMessages.reportLabel}`}>
                <Download aria-hidden="true" />
                Download
              </a>
            </Button>
          </div>
        </li>
      ) : null}
      {measurementFileUrl ? (
        <li className="flex flex-wrap items-center gap-3 p-3 sm:flex-nowrap">
          <FileSpreadsheet aria-hidden="true" className="size-5 shrink-0 text-primary" />
          <div className="min-w-0 flex-1">
            <p className="text-sm font-medium">{jobFileMessages.measurementLabel}</p>
            <p
              className="truncate text-xs text-muted-foreground"
              title={project.measurementFileName ?? undefined}
            >
              {project.measurementFileName ?? 'The roof measurements the estimate used'}
            </p>
          </div>
          <Button variant="outline" size="sm" asChild>
            <a href={measurementFileUrl} aria-label={`Download ${jobFileMessages.measurementLabel}`}>
              <Download aria-hidden="true" />
              Download
            </a>
          </Button>
        </li>
      ) : null}
    </ul>
  );
}
