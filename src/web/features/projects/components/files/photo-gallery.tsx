import type { ProjectFile } from '@domain/projects/schemas';
import { Button } from '@web/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@web/components/ui/dialog';
import { cn } from '@web/lib/utils';
import { ChevronLeft, ChevronRight, ExternalLink, ImageOff } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { formatDate, formatTaken } from './format';

export interface PhotoGalleryProps {
  files: ProjectFile[];
  emptyText?: string;
  className?: string;
  /** More buttons beside the open photo in the lightbox (e.g. Delete). */
  lightboxActions?: (file: ProjectFile) => ReactNode;
}

/** A thumbnail that says so when it cannot be loaded, instead of a broken image. */
function Thumbnail({ file }: { file: ProjectFile }) {
  const [failed, setFailed] = useState(false);
  if (failed) {
    return (
      <span className="flex size-full items-center justify-center text-muted-foreground">
        <ImageOff aria-hidden="true" className="size-8" />
      </span>
    );
  }
  return (
    <img
      src={file.thumbnailUrl ?? file.url}
      alt={file.fileName}
      loading="lazy"
      decoding="async"
      onError={() => setFailed(true)}
      className="size-full object-cover transition-transform group-hover:scale-105"
    />
  );
}

/**
 * A responsive grid of photo thumbnails; each opens the full image in a lightbox with previous and
 * next (buttons, or the arrow keys).
 */
export function PhotoGallery({
  files,
  emptyText = 'No photos uploaded yet',
  className,
  lightboxActions,
}: PhotoGalleryProps) {
  const [index, setIndex] = useState<number | null>(null);
  if (files.length === 0) {
    return <p className={cn('py-6 text-center text-sm text-muted-foreground', className)}>{emptyText}</p>;
  }
  const current = index === null ? undefined : files[index];
  const step = (by: number) => setIndex((i) => (i === null ? i : (i + by + files.length) % files.length));

  return (
    <>
      <ul className={cn('grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4', className)}>
        {files.map((file, i) => (
          <li key={file.id}>
            <button
              type="button"
              onClick={() => setIndex(i)}
              className="group block aspect-square w-full overflow-hidden rounded-lg border bg-muted focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
              aria-label={`Open ${file.fileName}`}
            >
              <Thumbnail file={file} />
            </button>
          </li>
        ))}
      </ul>
      <Dialog open={current !== undefined} onOpenChange={(open) => !open && setIndex(null)}>
        {current ? (
          <DialogContent
            className="max-w-4xl gap-3 p-4 sm:p-6"
            onKeyDown={(e) => {
              if (files.length < 2) return;
              if (e.key === 'ArrowRight') step(1);
              else if (e.key === 'ArrowLeft') step(-1);
            }}
          >
            <div className="pr-8">
              <DialogTitle className="truncate text-base">{current.fileName}</DialogTitle>
              <DialogDescription>
                {files.length > 1 ? `${(index ?? 0) + 1} of ${files.length} · ` : ''}
                {current.capturedAt ? `${formatTaken(current.capturedAt)} · ` : ''}
                Uploaded {formatDate(current.uploadedAt)}
              </DialogDescription>
            </div>
            <div className="flex min-h-48 items-center justify-center overflow-hidden rounded-md bg-black/90">
              <img
                key={current.id}
                src={current.url}
                alt={current.fileName}
                className="max-h-[70dvh] w-auto max-w-full object-contain"
              />
            </div>
            <div className="flex flex-wrap items-center justify-between gap-2">
              <Button variant="link" size="sm" className="px-0" asChild>
                <a href={current.url} target="_blank" rel="noopener">
                  <ExternalLink aria-hidden="true" />
                  Open full size
                </a>
              </Button>
              <div className="flex flex-wrap gap-2">
                {lightboxActions?.(current)}
                {files.length > 1 ? (
                  <>
                    <Button variant="outline" size="sm" onClick={() => step(-1)}>
                      <ChevronLeft aria-hidden="true" />
                      Previous
                    </Button>
                    <Button variant="outline" size="sm" onClick={() => step(1)}>
                      Next
                      <ChevronRight aria-hidden="true" />
                    </Button>
                  </>
                ) : null}
              </div>
            </div>
          </DialogContent>
        ) : null}
      </Dialog>
    </>
  );
}
