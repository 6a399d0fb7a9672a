import type { ProjectUpdateInput } from '@domain/projects/change-schemas';
import { serverMessage } from '@web/lib/server-message';
import { toast } from '@web/lib/use-toast';
import { useState } from 'react';
import { useUpdateProject } from '../../api/update-project';

/**
 * Sends the progress tracker's updates of a project one at a time: `busy` names the button whose
 * update is under way (null when none), and the toast says what the server took or why it refused.
 */
export function useTrackerUpdate(projectId: string) {
  const update = useUpdateProject();
  const [busy, setBusy] = useState<string | null>(null);

  function send(key: string, input: ProjectUpdateInput, done: string) {
    setBusy(key);
    update.mutate(
      { id: projectId, input },
      {
        onSuccess: () => toast({ title: 'Project Updated', description: done }),
        onError: (error) =>
          toast({
            variant: 'destructive',
            title: 'Error',
            description: serverMessage(error) ?? 'Failed to update project',
          }),
        onSettled: () => setBusy(null),
      },
    );
  }

  return { busy, send };
}
