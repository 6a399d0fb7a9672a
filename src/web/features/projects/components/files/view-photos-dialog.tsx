import type { Project } from '@domain/projects/schemas';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@web/components/ui/dialog';
import { DeleteFileButton } from './delete-file-button';
import { PhotoGallery } from './photo-gallery';

export interface ViewPhotosDialogProps {
  project: Project;
  open: boolean;
  onOpenChange(open: boolean): void;
}

/** 'View Photos' of a project (the contractor's Completed tab): its installation photos. */
export function ViewPhotosDialog({ project, open, onOpenChange }: ViewPhotosDialogProps) {
  const photos = project.files.filter((f) => f.kind === 'install_photo');
  const place = [project.address, project.city, project.state].filter(Boolean).join(', ');
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-3xl">
        <DialogHeader>
          <DialogTitle>Installation Photos</DialogTitle>
          <DialogDescription>
            {project.title}
            {place ? ` · ${place}` : ''}
          </DialogDescription>
        </DialogHeader>
        <PhotoGallery
          files={photos}
          emptyText="No installation photos uploaded yet"
          lightboxActions={(file) => <DeleteFileButton projectId={project.id} file={file} />}
        />
      </DialogContent>
    </Dialog>
  );
}
