import type { WorkflowStepKey as PhotoStep } from '@domain/projects/workflow-steps';
import { registerPhotoSender } from '@web/pwa/sync-runner';
import { uploadProjectFiles } from './project-files';

/**
 * How a photo queued offline is sent (src/web/pwa/sync-runner.ts): to the project's photos, tagged
 * with its step and caption, its queue id as the Idempotency-Key (one file however often it goes).
 * Registered when a contractor's page loads this module.
 */
registerPhotoSender(async (item, onProgress) => {
  const photo = item.photo;
  if (!photo) throw new Error('queued photo without its file');
  const file = new File([photo.blob], photo.fileName, { type: photo.blob.type });
  await uploadProjectFiles(item.projectId, 'install_photo', [file], {
    details: { step: (photo.step ?? undefined) as PhotoStep | undefined, captions: [photo.caption ?? ''] },
    onProgress: (percent) => onProgress(Math.round((percent / 100) * photo.blob.size), photo.blob.size),
  });
});
