import type { ProjectFile } from '@domain/projects/schemas';

/** Photos of an inspection item or a punch-list item: thumbnails, each a link to the full image. */
export function CloseoutPhotos({ photos, label }: { photos: ProjectFile[]; label: string }) {
  if (photos.length === 0) return null;
  return (
    <ul className="flex flex-wrap gap-2" aria-label={label}>
      {photos.map((photo) => (
        <li key={photo.id}>
          <a
            href={photo.url}
            target="_blank"
            rel="noreferrer"
            className="block rounded focus-visible:outline-2"
          >
            <img
              src={photo.thumbnailUrl ?? photo.url}
              alt={photo.caption ?? photo.fileName}
              className="size-16 rounded object-cover"
              loading="lazy"
            />
          </a>
        </li>
      ))}
    </ul>
  );
}
