import { photoLog } from '@domain/projects/photo-log';
import type { ProjectFile } from '@domain/projects/schemas';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { Camera } from 'lucide-react';
import { formatDate, formatTaken } from './format';

/** One photo: its thumbnail opening the full image (a link: keyboard and screen readers), its caption. */
function PhotoFigure({ file, label }: { file: ProjectFile; label?: string }) {
  const caption = file.caption ?? file.fileName;
  return (
    <figure className="grid min-w-0 gap-1" data-testid="photo-log-photo">
      <a
        href={file.url}
        target="_blank"
        rel="noopener"
        className="block aspect-[4/3] overflow-hidden rounded-md border bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        aria-label={`Open ${label ? `${label}: ` : ''}${caption} full size`}
      >
        <img
          src={file.thumbnailUrl ?? file.url}
          alt={caption}
          loading="lazy"
          decoding="async"
          className="size-full object-cover"
        />
      </a>
      <figcaption className="text-xs">
        {label ? <span className="font-semibold uppercase text-muted-foreground">{label} · </span> : null}
        <span className="[overflow-wrap:anywhere]">
          {file.caption ?? <span className="text-muted-foreground">No caption</span>}
        </span>
        <span className="block text-muted-foreground">
          {formatTaken(file.capturedAt) || formatDate(file.uploadedAt)}
        </span>
      </figcaption>
    </figure>
  );
}

/**
 * The photo log (issue 23 #9): photos grouped by the workflow step they show, the first and the
 * latest of a step side by side (before / after), then every photo of the step with its caption.
 */
export function PhotoLog({ files }: { files: readonly ProjectFile[] }) {
  const log = photoLog(files);
  return (
    <Card aria-labelledby="photo-log-title" data-testid="photo-log">
      <CardHeader className="pb-3">
        <CardTitle id="photo-log-title" className="flex items-center gap-2 text-lg">
          <Camera aria-hidden="true" className="size-4" />
          Photo log
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-6">
        {log.steps.length === 0 && log.unfiled.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            No photos yet. Photos of each step will appear here.
          </p>
        ) : null}
        {log.steps.map((group) => (
          <section key={group.step} aria-label={group.label} data-testid={`photo-log-step-${group.step}`}>
            <h3 className="mb-2 text-sm font-semibold">
              {group.label}{' '}
              <span className="font-normal text-muted-foreground">
                ({group.photos.length} {group.photos.length === 1 ? 'photo' : 'photos'})
              </span>
            </h3>
            {group.before && group.after ? (
              <div className="mb-3 grid grid-cols-2 gap-3" data-testid="photo-log-before-after">
                <PhotoFigure file={group.before} label="Before" />
                <PhotoFigure file={group.after} label="After" />
              </div>
            ) : null}
            <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3">
              {group.photos.map((file) => (
                <li key={file.id} className="min-w-0">
                  <PhotoFigure file={file} />
                </li>
              ))}
            </ul>
          </section>
        ))}
        {log.unfiled.length > 0 ? (
          <section aria-label="Other photos" data-testid="photo-log-unfiled">
            <h3 className="mb-2 text-sm font-semibold">Other photos</h3>
            <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3">
              {log.unfiled.map((file) => (
                <li key={file.id} className="min-w-0">
                  <PhotoFigure file={file} />
                </li>
              ))}
            </ul>
          </section>
        ) : null}
      </CardContent>
    </Card>
  );
}
