import { registerPhotoSender } from '@web/pwa/sync-runner';
import { uploadPhotoResumable } from './resumable-upload';

/**
 * How a photo queued offline is sent (src/web/pwa/sync-runner.ts): a resumable upload
 * (docs/photos.md) to the project's photos, tagged with its step and caption, its queue id as the
 * clientId, so it is stored once however often it goes and a cut upload goes on where it stopped.
 * Registered when a contractor's page loads this module.
 */
registerPhotoSender(async (item, onProgress) => {
  const photo = item.photo;
  if (!photo) throw new Error('queued photo without its file');
  await uploadPhotoResumable({
    projectId: item.projectId,
    file: photo.blob,
    fileName: photo.fileName,
    clientId: item.id,
    step: photo.step,
    caption: photo.caption,
    capturedAt: photo.capturedAt,
    onProgress,
  });
});
