import type { Project } from '@domain/projects/schemas';
import { Button } from '@web/components/ui/button';
import { Download, Eye, FileText } from 'lucide-react';

/**
 * Interim Documents and Images tabs until components/files (branch project-files) lands on main:
 * the project's files as the API lists them, read-only.
 */
export function InterimDocuments({ project }: { project: Project }) {
  const documents = project.files.filter((f) => f.kind === 'document');
  if (documents.length === 0)
    return <p className="text-sm text-muted-foreground">No documents uploaded yet</p>;
  return (
    <ul className="grid gap-2">
      {documents.map((d) => (
        <li key={d.id} className="flex flex-wrap items-center gap-3 rounded-lg border p-3">
          <FileText aria-hidden="true" className="size-5 text-muted-foreground" />
          <span className="min-w-0 flex-1 truncate font-medium">{d.fileName}</span>
          <Button asChild variant="outline" size="sm">
            <a href={d.url} target="_blank" rel="noreferrer">
              <Eye aria-hidden="true" /> View
            </a>
          </Button>
          <Button asChild variant="outline" size="sm">
            <a href={d.url} download={d.fileName}>
              <Download aria-hidden="true" /> Download
            </a>
          </Button>
        </li>
      ))}
    </ul>
  );
}

export function InterimImages({ project }: { project: Project }) {
  const images = project.files.filter((f) => f.kind === 'image' || f.kind === 'install_photo');
  if (images.length === 0) return <p className="text-sm text-muted-foreground">No images uploaded yet</p>;
  return (
    <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3">
      {images.map((img) => (
        <li key={img.id}>
          <a
            href={img.url}
            target="_blank"
            rel="noreferrer"
            className="block overflow-hidden rounded-lg border"
          >
            <img
              src={img.thumbnailUrl ?? img.url}
              alt={img.fileName}
              className="aspect-square w-full object-cover"
              loading="lazy"
            />
          </a>
        </li>
      ))}
    </ul>
  );
}
