import type { Project } from '@domain/projects/schemas';
import { Button } from '@web/components/ui/button';
import { ImagePlus } from 'lucide-react';
import { useState } from 'react';
import { DeleteFileButton } from './delete-file-button';
import { FileUploadDialog, type FileUploadDialogTexts } from './file-upload-dialog';
import { PhotoGallery } from './photo-gallery';

const uploadTexts: FileUploadDialogTexts = {
  title: 'Upload Images',
  description: 'Photos of your roof or home to share with your contractor.',
  hint: 'PNG, JPG, GIF up to 10MB each',
  chooseLabel: 'Choose images',
  submitLabel: 'Upload Images',
  successTitle: 'Images Uploaded',
  noun: { one: 'image', many: 'images' },
};

export interface ImagesPanelProps {
  project: Project;
  /** The homeowner and admins may upload images (the server decides; this only shows the button). */
  canUpload: boolean;
}

/** The Images tab (spec 2 §2): a grid of the project's images and 'Upload Images'. */
export function ImagesPanel({ project, canUpload }: ImagesPanelProps) {
  const [uploading, setUploading] = useState(false);
  const images = project.files.filter((f) => f.kind === 'image');

  return (
    <section aria-label="Images" className="grid gap-4">
      {canUpload ? (
        <div className="flex justify-end">
          <Button onClick={() => setUploading(true)}>
            <ImagePlus aria-hidden="true" />
            Upload Images
          </Button>
        </div>
      ) : null}
      <PhotoGallery
        files={images}
        emptyText="No images uploaded yet"
        lightboxActions={(file) => <DeleteFileButton projectId={project.id} file={file} />}
      />
      {canUpload ? (
        <FileUploadDialog
          projectId={project.id}
          kind="image"
          open={uploading}
          onOpenChange={setUploading}
          texts={uploadTexts}
        />
      ) : null}
    </section>
  );
}
