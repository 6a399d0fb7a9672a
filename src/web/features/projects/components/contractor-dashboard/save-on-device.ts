import type { ProjectUpdateInput } from '@domain/projects/change-schemas';
import type { Project } from '@domain/projects/schemas';
import { type WorkflowStepKey, workflowSteps } from '@domain/projects/workflow-steps';
import { useQueryClient } from '@tanstack/react-query';
import { useAuth } from '@web/lib/use-auth';
import { toast } from '@web/lib/use-toast';
import { preparePhoto } from '../../api/prepare-photo';
import { queuePhotos, queueWorkflowChange } from '../../api/queued-changes';
import type { StepPhoto } from './step-photos-field';

/**
 * The step dialog without a connection (issue 27 #2): the step's change and its photos are kept on
 * the device and sent when the signal returns; the dialog closes as after a save, saying so.
 */
export function useSaveOnDevice(project: Project, step: WorkflowStepKey) {
  const queryClient = useQueryClient();
  const { user } = useAuth();
  return async (patch: ProjectUpdateInput, photos: StepPhoto[]): Promise<void> => {
    if (!user) return;
    const label = workflowSteps[step].label;
    if (Object.keys(patch).length > 0) await queueWorkflowChange(queryClient, user, project, patch, label);
    // resized on the device first: the queue keeps (and later sends) only what the product keeps
    const prepared = await Promise.all(photos.map((p) => preparePhoto(p.file)));
    await queuePhotos(
      user,
      project,
      prepared.map((p, i) => ({
        file: p.blob,
        fileName: p.fileName,
        caption: photos[i]?.caption.trim() || null,
        capturedAt: p.capturedAt,
      })),
      step,
    );
    toast({
      title: 'Saved on this device',
      description: `${label} for ${project.title} is sent when you are back online.`,
    });
  };
}
