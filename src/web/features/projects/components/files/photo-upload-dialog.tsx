import { lazy, Suspense, useState } from 'react';

// the resumable upload code (tus client, resizing, EXIF) loads with the dialog, not with the page
const ResumablePhotoDialog = lazy(() => import('./resumable-photo-dialog'));

export interface PhotoUploadDialogProps {
  projectId: string;
  open: boolean;
  onOpenChange(open: boolean): void;
}

/**
 * 'Upload Installation Photos' (spec 2 §2; issue 27 item 3): the assigned contractor's photos of
 * the job, resized on the device and sent resumably, each with its own progress. After an upload
 * the project and the project lists are refreshed.
 */
export function PhotoUploadDialog({ projectId, open, onOpenChange }: PhotoUploadDialogProps) {
  // mounted from the first opening on, so closing animates and hands focus back as any dialog
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <ResumablePhotoDialog projectId={projectId} open={open} onOpenChange={onOpenChange} />
    </Suspense>
  );
}
