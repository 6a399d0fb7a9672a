import { FileUploadDialog, type FileUploadDialogTexts } from './file-upload-dialog';

const texts: FileUploadDialogTexts = {
  title: 'Upload Installation Photos',
  description: 'Add photos of the work. The homeowner sees them on their project.',
  hint: 'PNG, JPG, GIF up to 10MB each',
  chooseLabel: 'Choose photos',
  submitLabel: 'Upload Photos',
  successTitle: 'Photos Uploaded',
  noun: { one: 'photo', many: 'photos' },
};

export interface PhotoUploadDialogProps {
  projectId: string;
  open: boolean;
  onOpenChange(open: boolean): void;
}

/**
 * 'Upload Installation Photos' (spec 2 §2): the assigned contractor's photos of the job. After an
 * upload the project and the project lists are refreshed.
 */
export function PhotoUploadDialog({ projectId, open, onOpenChange }: PhotoUploadDialogProps) {
  return (
    <FileUploadDialog
      projectId={projectId}
      kind="install_photo"
      open={open}
      onOpenChange={onOpenChange}
      texts={texts}
    />
  );
}
