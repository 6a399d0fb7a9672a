import type { PublicUser } from '@domain/auth/schemas';
import type { ProjectUpdateInput } from '@domain/projects/change-schemas';
import type { Project } from '@domain/projects/schemas';
import { withDeviceDates } from '@domain/projects/workflow';
import type { QueryClient } from '@tanstack/react-query';
import { enqueue } from '@web/pwa/sync-queue';
import { projectKeys } from './project-keys';

/**
 * A contractor's workflow changes and photos made without a connection (issue 27 #2, docs/pwa.md):
 * queued on the device (src/web/pwa/sync-queue.ts) under an id of their own, which the server
 * takes as the Idempotency-Key, and shown at once as if saved. Sent by src/web/pwa/sync-runner.ts.
 */

/** Whether a failed call never reached the server (the change can be queued and sent later). */
export function unreachable(error: unknown): boolean {
  return (
    !navigator.onLine || (error instanceof TypeError && /fetch|network|load failed/i.test(error.message))
  );
}

/** The project as the device now shows it: the queued fields over the last synced ones. */
function showQueued(queryClient: QueryClient, projectId: string, fields: Record<string, unknown>): void {
  const merge = (p: Project): Project => (p.id === projectId ? ({ ...p, ...fields } as Project) : p);
  queryClient.setQueryData<Project>(projectKeys.detail(projectId), (p) => (p ? merge(p) : p));
  queryClient.setQueriesData({ queryKey: projectKeys.lists() }, (data: unknown) =>
    Array.isArray(data) ? (data as Project[]).map(merge) : data,
  );
}

/** Queues a step's change, stamped with the device's time (not the time the signal returns). */
export async function queueWorkflowChange(
  queryClient: QueryClient,
  user: PublicUser,
  project: Project,
  patch: ProjectUpdateInput,
  label: string,
): Promise<void> {
  const at = new Date().toISOString();
  const body = { ...withDeviceDates(patch, at), updatedAt: at };
  await enqueue({
    id: crypto.randomUUID(),
    userId: user.id,
    projectId: project.id,
    projectTitle: project.title,
    kind: 'workflow',
    label,
    request: { method: 'PUT', url: `/api/projects/${encodeURIComponent(project.id)}`, body },
  });
  showQueued(queryClient, project.id, body);
}

/** Queues photos of a step (each its own item: each is sent, and may be refused, on its own). */
export async function queuePhotos(
  user: PublicUser,
  project: Pick<Project, 'id' | 'title'>,
  photos: { file: Blob; fileName: string; caption: string | null; capturedAt: string | null; id?: string }[],
  step: string | null,
): Promise<void> {
  for (const photo of photos) {
    await enqueue({
      id: photo.id ?? crypto.randomUUID(),
      userId: user.id,
      projectId: project.id,
      projectTitle: project.title,
      kind: 'photo',
      label: `Photo ${photo.fileName}`,
      photo: {
        blob: photo.file,
        fileName: photo.fileName,
        step,
        caption: photo.caption,
        capturedAt: photo.capturedAt,
      },
    });
  }
}
