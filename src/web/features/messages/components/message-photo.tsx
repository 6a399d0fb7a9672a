import type { Message } from '@domain/messages/schemas';
import { checkChosenFile, projectFileUploadRules } from '@domain/projects/project-files';
import type { Project, ProjectFile } from '@domain/projects/schemas';
import { Button } from '@web/components/ui/button';
import { uploadWithProgress } from '@web/lib/upload-with-progress';
import { ImagePlus, X } from 'lucide-react';
import { useId, useRef } from 'react';

/**
 * A photo sent with a message (issue 23 #9): stored as a file of the project first (the
 * contractor's installation photo, the homeowner's image), then named by the message; only the
 * project's parties can open it.
 */
export async function uploadMessagePhoto(project: Project, viewerId: string, file: File): Promise<string> {
  const kind = project.contractor?.userId === viewerId ? 'install_photo' : 'image';
  const rule = projectFileUploadRules[kind];
  const body = new FormData();
  body.append(rule.field, file, file.name);
  const answer = await uploadWithProgress<{ files: ProjectFile[] }>(
    `/api/projects/${encodeURIComponent(project.id)}/${rule.path}`,
    body,
    {},
  ).promise;
  const id = answer.files[0]?.id;
  if (!id) throw new Error('The photo was not stored.');
  return id;
}

/** Checks a chosen photo as the server will: null when it may be sent, else why not. */
export function photoProblem(file: File): string | null {
  return checkChosenFile('image', { name: file.name, size: file.size });
}

/** The composer's "Attach a photo" button, and the chosen photo's name with a way to drop it. */
export function AttachPhoto({
  photo,
  onChange,
  disabled,
}: {
  photo: File | null;
  onChange: (file: File | null) => void;
  disabled?: boolean;
}) {
  const input = useRef<HTMLInputElement>(null);
  const id = useId();
  return (
    <div className="flex min-w-0 items-center gap-2">
      <input
        ref={input}
        id={id}
        type="file"
        accept={projectFileUploadRules.image.accept}
        className="sr-only"
        tabIndex={-1}
        aria-label="Photo to send"
        data-testid="message-photo-input"
        onChange={(e) => {
          onChange(e.currentTarget.files?.[0] ?? null);
          e.currentTarget.value = '';
        }}
      />
      <Button
        type="button"
        variant="outline"
        size="icon"
        disabled={disabled}
        aria-label="Attach a photo"
        onClick={() => input.current?.click()}
      >
        <ImagePlus aria-hidden="true" />
      </Button>
      {photo ? (
        <span className="flex min-w-0 items-center gap-1 text-xs text-muted-foreground">
          <span className="truncate">{photo.name}</span>
          <Button
            type="button"
            variant="ghost"
            size="icon"
            className="size-6"
            aria-label={`Remove ${photo.name}`}
            onClick={() => onChange(null)}
          >
            <X aria-hidden="true" className="size-3.5" />
          </Button>
        </span>
      ) : null}
    </div>
  );
}

/** A message's photo: its thumbnail, a link that opens it full size. */
export function MessagePhoto({ attachment }: { attachment: NonNullable<Message['attachment']> }) {
  return (
    <a
      href={attachment.url}
      target="_blank"
      rel="noopener"
      className="mb-1 block overflow-hidden rounded-md focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      aria-label={`Open photo ${attachment.fileName} full size`}
      data-testid="message-photo"
    >
      <img
        src={attachment.thumbnailUrl ?? attachment.url}
        alt={attachment.fileName}
        loading="lazy"
        className="max-h-48 w-auto max-w-full object-cover"
      />
    </a>
  );
}
