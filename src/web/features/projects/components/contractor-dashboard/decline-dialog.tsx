import { type ProjectDecline, projectDeclineSchema } from '@domain/projects/change-schemas';
import type { Project } from '@domain/projects/schemas';
import { zodResolver } from '@hookform/resolvers/zod';
import { Field } from '@web/components/field';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@web/components/ui/dialog';
import { Textarea } from '@web/components/ui/textarea';
import { errorMessage } from '@web/lib/error-message';
import { toast } from '@web/lib/use-toast';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useDeclineProject } from '../../api/decline-project';

/**
 * Declining a new match (issue 23): the contractor says why; the project goes back to the admins,
 * who are told at once, and this contractor is not offered it again.
 */
export function DeclineDialog({ project, onClose }: { project: Project | null; onClose: () => void }) {
  const decline = useDeclineProject();
  const form = useForm<ProjectDecline>({
    resolver: zodResolver(projectDeclineSchema),
    defaultValues: { reason: '' },
  });
  const projectId = project?.id;
  // a fresh reason for each project opened
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when another project opens
  useEffect(() => {
    form.reset({ reason: '' });
    decline.reset();
  }, [projectId]);

  const onSubmit = form.handleSubmit((values) => {
    if (!project || decline.isPending) return;
    decline.mutate(
      { id: project.id, input: values },
      {
        onSuccess: (result) => {
          toast({ title: 'Project declined', description: result.message });
          onClose();
        },
      },
    );
  });

  return (
    <Dialog open={project !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Decline {project?.title}?</DialogTitle>
          <DialogDescription>
            The project goes back to the Ridgeline team, who will find another contractor. Tell them why, so
            they can match it better.
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Decline project">
          <Field label="Reason" required error={form.formState.errors.reason?.message}>
            <Textarea
              rows={4}
              maxLength={1000}
              placeholder="For example: fully booked until March, or outside our service area."
              {...form.register('reason')}
            />
          </Field>
          {decline.isError ? <Alert variant="destructive">{errorMessage(decline.error)}</Alert> : null}
          <DialogFooter className="gap-2">
            <DialogClose asChild>
              <Button type="button" variant="outline">
                Cancel
              </Button>
            </DialogClose>
            <Button type="submit" variant="destructive" disabled={decline.isPending}>
              {decline.isPending ? 'Declining...' : 'Decline Project'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
