import type { Project } from '@domain/projects/schemas';
import { enqueue } from '@web/pwa/sync-queue';
import { useQueuedItems } from '@web/pwa/sync-status';

/**
 * A contractor's messages written without a connection (issue 27 #2, docs/pwa.md): kept on the
 * device with an id of their own (the Idempotency-Key of POST /api/messages), shown at the end of
 * the conversation as waiting, and sent when the connection returns. Text only: a photo goes with a
 * message once it is uploaded, which needs the connection.
 */
export function useQueuedMessages(project: Project, viewerId: string) {
  const canQueue = project.contractor?.userId === viewerId;
  const waiting = useQueuedItems(canQueue ? viewerId : null).filter(
    (item) => item.kind === 'message' && item.projectId === project.id && item.state === 'queued',
  );
  const queue = async (receiverId: string, content: string) => {
    await enqueue({
      id: crypto.randomUUID(),
      userId: viewerId,
      projectId: project.id,
      projectTitle: project.title,
      kind: 'message',
      label: `Message: ${content.length > 60 ? `${content.slice(0, 59)}…` : content}`,
      request: {
        method: 'POST',
        url: '/api/messages',
        body: { projectId: project.id, senderId: viewerId, receiverId, content, messageType: 'text' },
      },
    });
  };
  return { canQueue, waiting, queue };
}
