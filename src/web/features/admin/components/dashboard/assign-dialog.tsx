import { projectUpdateSchema } from '@domain/projects/change-schemas';
import type { Project } from '@domain/projects/schemas';
import { projectMessages } from '@domain/projects/workflow';
import { reviewCountText } from '@domain/reviews/rating';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { FieldGroup } from '@web/components/field';
import { FormError } from '@web/components/form-error';
import { Button } from '@web/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@web/components/ui/dialog';
import { Spinner } from '@web/components/ui/spinner';
import { errorMessage } from '@web/lib/error-message';
import { serverMessage } from '@web/lib/server-message';
import { toast } from '@web/lib/use-toast';
import { cn } from '@web/lib/utils';
import { AlertTriangle, Check, Star } from 'lucide-react';
import { useEffect, useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { contractorSuggestionsQuery, useAssignContractor } from '../../api/dashboard';
import { useFailure } from '../forms/use-failure';

/** PUT /api/projects/{id}'s contractorId: the one chosen, a contractor's id. */
const assignSchema = projectUpdateSchema.pick({ contractorId: true }).required();
type AssignValues = { contractorId: string };

/**
 * The Assign Contractor dialog (spec 2 §2, §5, §8): only verified contractors whose liability
 * insurance is current, ranked for the project with their reasons and concerns; submit is
 * disabled until one is chosen.
 */
export type AssignTarget = Pick<Project, 'id' | 'title' | 'address' | 'city' | 'state' | 'zipCode'>;

export function AssignContractorDialog({
  project,
  onClose,
}: {
  project: AssignTarget | null;
  onClose: () => void;
}) {
  const id = useId();
  const failure = useFailure();
  const clearFailure = failure.clear;
  const assign = useAssignContractor();
  const form = useForm<AssignValues, unknown, AssignValues>({
    resolver: zodResolver(assignSchema),
    defaultValues: { contractorId: '' },
  });
  const chosen = useWatch({ control: form.control, name: 'contractorId' });
  const suggestions = useQuery({
    ...contractorSuggestionsQuery(project?.id ?? ''),
    enabled: project !== null,
  });

  // another project opens with nobody chosen
  useEffect(() => {
    if (!project) return;
    form.reset({ contractorId: '' });
    clearFailure();
  }, [project, form, clearFailure]);

  const onSubmit = form.handleSubmit(({ contractorId }) => {
    if (!project || assign.isPending) return;
    failure.clear();
    assign.mutate(
      { projectId: project.id, contractorId },
      {
        onSuccess: () => {
          toast({ title: 'Success', description: projectMessages.assigned });
          onClose();
        },
        onError: (error) =>
          failure.show(`Failed to assign contractor: ${serverMessage(error) ?? errorMessage(error)}`),
      },
    );
  });

  return (
    <Dialog open={project !== null} onOpenChange={(open) => (open ? null : onClose())}>
      <DialogContent className="max-h-[90vh] max-w-2xl grid-cols-[minmax(0,1fr)] overflow-y-auto">
        <DialogHeader>
          <DialogTitle>Assign Contractor</DialogTitle>
          <DialogDescription>
            {project ? (
              <>
                {project.title} ·{' '}
                {[project.address, project.city, project.state, project.zipCode].filter(Boolean).join(', ')}.
                Verified contractors with current liability insurance, best match first.
              </>
            ) : null}
          </DialogDescription>
        </DialogHeader>
        <form
          onSubmit={onSubmit}
          noValidate
          className="grid gap-4"
          aria-describedby={failure.message ? `${id}-failure` : undefined}
        >
          {suggestions.isPending ? (
            <Spinner label="Loading..." />
          ) : suggestions.isError ? (
            <p role="alert" className="text-destructive">
              {errorMessage(suggestions.error)}
            </p>
          ) : suggestions.data.length === 0 ? (
            <p className="rounded-lg border border-dashed p-4 text-center text-muted-foreground">
              No verified contractor with current insurance can take this project.
            </p>
          ) : (
            <FieldGroup
              role="radiogroup"
              legend="Choose a contractor"
              error={form.formState.errors.contractorId?.message}
              legendClassName="mb-2"
            >
              {suggestions.data.map((s, index) => (
                <label
                  key={s.contractorId}
                  className={cn(
                    'flex cursor-pointer gap-3 rounded-lg border p-3 text-sm has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring',
                    chosen === s.contractorId && 'border-primary bg-primary/5',
                  )}
                >
                  <input
                    type="radio"
                    value={s.contractorId}
                    {...form.register('contractorId')}
                    className="mt-1 size-4 accent-primary"
                  />
                  <span className="grid min-w-0 gap-1">
                    <span className="flex flex-wrap items-center gap-2">
                      <span className="font-semibold">{s.companyName}</span>
                      {index === 0 ? (
                        <span className="rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-900">
                          Best match
                        </span>
                      ) : null}
                      <span className="inline-flex items-center gap-0.5 text-muted-foreground">
                        <Star aria-hidden="true" className="size-3.5 fill-amber-400 text-amber-400" />
                        {s.reviewCount > 0 ? s.rating.toFixed(1) : 'No reviews yet'}
                        {s.reviewCount > 0 ? <span className="sr-only"> out of 5</span> : null}
                        {s.reviewCount > 0 ? ` (${reviewCountText(s.reviewCount)})` : null}
                      </span>
                      <span className="text-muted-foreground">
                        {s.activeProjects} active {s.activeProjects === 1 ? 'project' : 'projects'}
                      </span>
                    </span>
                    <ul className="grid gap-0.5" aria-label={`Reasons for ${s.companyName}`}>
                      {s.reasons.map((r) => (
                        <li key={r} className="flex items-start gap-1.5">
                          <Check aria-hidden="true" className="mt-0.5 size-3.5 shrink-0 text-emerald-700" />
                          {r}
                        </li>
                      ))}
                      {s.concerns.map((c) => (
                        <li key={c} className="flex items-start gap-1.5 text-amber-900">
                          <AlertTriangle aria-hidden="true" className="mt-0.5 size-3.5 shrink-0" />
                          <span>
                            <span className="sr-only">Concern: </span>
                            {c}
                          </span>
                        </li>
                      ))}
                    </ul>
                  </span>
                </label>
              ))}
            </FieldGroup>
          )}
          {failure.message ? <FormError id={`${id}-failure`} message={failure.message} /> : null}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={!chosen || assign.isPending}>
              {assign.isPending ? 'Assigning...' : 'Assign Contractor'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
