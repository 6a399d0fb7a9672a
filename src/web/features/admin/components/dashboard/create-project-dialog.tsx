import { ROOF_SURFACE_MATERIALS } from '@domain/estimates/types';
import { formatWholeDollars } from '@domain/payments/money';
import { homeownerPendingMessages } from '@domain/projects/job-file';
import { priorityOptions, projectMessages } from '@domain/projects/workflow';
import { Field } from '@web/components/field';
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
import { Input } from '@web/components/ui/input';
import { NativeSelect } from '@web/components/ui/native-select';
import { Textarea } from '@web/components/ui/textarea';
import { schemaResolver } from '@web/lib/schema-resolver';
import { serverMessage } from '@web/lib/server-message';
import { toast } from '@web/lib/use-toast';
import { useId, useState } from 'react';
import { type FieldErrors, useForm, useWatch } from 'react-hook-form';
import { useCreateProject } from '../../api/dashboard';
import { contractorShareDollars } from '../dashboard-model';
import {
  PROJECT_FORM_EMPTY,
  PROJECT_REQUIRED_FIELDS,
  type ProjectFormOutput,
  type ProjectFormValues,
  projectFormSchema,
} from '../forms/form-schemas';
import { showServerFieldErrors, useFailure } from '../forms/use-failure';

const FIELDS = Object.keys(PROJECT_FORM_EMPTY) as (keyof ProjectFormValues)[];

/**
 * The Create New Project dialog (spec 2 §3 new-project form, §5, §8, §9): title, homeownerEmail
 * and address are required ('Please fill in all required fields.', nothing sent); the form is
 * checked with POST /api/projects's own schema, each problem on its field; the contractor's 88 %
 * share of the budget is shown live as a rounded dollar figure.
 */
export function CreateProjectDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const id = useId();
  const failure = useFailure();
  const [created, setCreated] = useState<string | null>(null);
  const create = useCreateProject();
  const form = useForm<ProjectFormValues, unknown, ProjectFormOutput>({
    resolver: schemaResolver(projectFormSchema),
    defaultValues: PROJECT_FORM_EMPTY,
  });
  const { errors } = form.formState;
  const share = contractorShareDollars(useWatch({ control: form.control, name: 'estimatedCost' }));
  const year = new Date().getFullYear();

  const fail = (message: string) => {
    setCreated(null);
    failure.show(message);
  };

  const onInvalid = (invalid: FieldErrors<ProjectFormValues>) => {
    const values = form.getValues();
    const missing = PROJECT_REQUIRED_FIELDS.some((f) => values[f].trim() === '');
    fail(
      missing ? projectMessages.createRequired : (FIELDS.map((f) => invalid[f]?.message).find(Boolean) ?? ''),
    );
  };

  const onSubmit = form.handleSubmit((input) => {
    if (create.isPending) return;
    failure.clear();
    setCreated(null);
    create.mutate(input, {
      onSuccess: (project) => {
        const pending = project.homeownerConfirmed
          ? ''
          : ` ${homeownerPendingMessages.created(project.homeownerEmail ?? input.homeownerEmail)}`;
        toast({ title: 'Success', description: `${projectMessages.created}${pending}` });
        setCreated(`${projectMessages.created} ${project.title} is waiting for a contractor.${pending}`);
        form.reset(PROJECT_FORM_EMPTY);
      },
      onError: (error) => {
        showServerFieldErrors(form.setError, error, FIELDS);
        fail(serverMessage(error) ?? 'Failed to create project.');
      },
    });
  }, onInvalid);

  const field = (name: keyof ProjectFormValues) => ({
    id: `${id}-${name}`,
    error: errors[name]?.message,
    required: (PROJECT_REQUIRED_FIELDS as readonly string[]).includes(name),
  });

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) {
          failure.clear();
          setCreated(null);
        }
        onOpenChange(next);
      }}
    >
      <DialogContent className="max-h-[90vh] max-w-2xl grid-cols-[minmax(0,1fr)] overflow-y-auto">
        <DialogHeader>
          <DialogTitle>Create New Project</DialogTitle>
          <DialogDescription>
            Fields marked * are required. The homeowner gets an account by e-mail if they have none.
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="grid gap-4">
          {failure.message ? <FormError id={`${id}-failure`} message={failure.message} /> : null}
          <p
            role="status"
            className={created ? 'rounded-md bg-emerald-50 p-3 text-sm text-emerald-900' : 'sr-only'}
          >
            {created}
          </p>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label="SWRX Job ID" {...field('title')}>
              <Input {...form.register('title')} placeholder={`SWRX-${year}-7KQ4M`} autoComplete="off" />
            </Field>
            <Field label="Priority" {...field('priority')}>
              <NativeSelect {...form.register('priority')}>
                {priorityOptions.map((p) => (
                  <option key={p} value={p}>
                    {p[0]?.toUpperCase() + p.slice(1)}
                  </option>
                ))}
              </NativeSelect>
            </Field>
            <Field label="Description" className="sm:col-span-2" {...field('description')}>
              <Textarea {...form.register('description')} rows={3} />
            </Field>
            <Field label="Homeowner Email" {...field('homeownerEmail')}>
              <Input {...form.register('homeownerEmail')} type="email" autoComplete="off" />
            </Field>
            <Field label="Homeowner Name" {...field('homeownerName')}>
              <Input {...form.register('homeownerName')} autoComplete="off" />
            </Field>
            <Field label="Homeowner Phone" {...field('homeownerPhone')}>
              <Input {...form.register('homeownerPhone')} type="tel" autoComplete="off" />
            </Field>
            <Field label="Address" {...field('address')}>
              <Input {...form.register('address')} autoComplete="off" />
            </Field>
            <Field label="City" {...field('city')}>
              <Input {...form.register('city')} autoComplete="off" />
            </Field>
            <div className="grid grid-cols-2 gap-4">
              <Field label="State" {...field('state')}>
                <Input {...form.register('state')} autoComplete="off" placeholder="TX" />
              </Field>
              <Field label="ZIP Code" {...field('zipCode')}>
                <Input {...form.register('zipCode')} inputMode="numeric" autoComplete="off" />
              </Field>
            </div>
            <Field label="Roof Area (sq ft)" {...field('roofArea')}>
              <Input {...form.register('roofArea')} type="number" min={0} step={1} inputMode="numeric" />
            </Field>
            <Field label="Material Preference" {...field('materialPreference')}>
              <NativeSelect {...form.register('materialPreference')}>
                <option value="">Not chosen</option>
                {ROOF_SURFACE_MATERIALS.map((m) => (
                  <option key={m} value={m}>
                    {m}
                  </option>
                ))}
              </NativeSelect>
            </Field>
            <Field label="Approved Budget ($)" {...field('estimatedCost')}>
              {(control) => (
                <Input
                  {...control}
                  {...form.register('estimatedCost')}
                  inputMode="decimal"
                  placeholder="14500"
                  // the live share beside the field describes it too
                  aria-describedby={[control['aria-describedby'], `${id}-share`].filter(Boolean).join(' ')}
                />
              )}
            </Field>
            <p
              id={`${id}-share`}
              aria-live="polite"
              className="self-end text-sm text-muted-foreground sm:pb-2.5"
            >
              Contractor share (88%):{' '}
              <span className="font-semibold text-foreground" data-testid="contractor-share">
                {share === null ? '—' : formatWholeDollars(share)}
              </span>
            </p>
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={create.isPending}>
              {create.isPending ? 'Creating...' : 'Create Project'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
