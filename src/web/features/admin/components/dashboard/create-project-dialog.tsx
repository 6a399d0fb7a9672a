import { ROOF_SURFACE_MATERIALS } from '@domain/estimates/types';
import { formatWholeDollars } from '@domain/payments/money';
import type { ProjectCreateInput } from '@domain/projects/schemas';
import { priorityOptions, projectMessages } from '@domain/projects/workflow';
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
import { Label } from '@web/components/ui/label';
import { NativeSelect } from '@web/components/ui/native-select';
import { Textarea } from '@web/components/ui/textarea';
import { serverMessage } from '@web/lib/server-message';
import { toast } from '@web/lib/use-toast';
import type * as React from 'react';
import { useId, useState } from 'react';
import { useCreateProject } from '../../api/dashboard';
import { contractorShareDollars, dollarsInputToCents } from '../dashboard-model';

const empty = {
  title: '',
  description: '',
  homeownerEmail: '',
  homeownerName: '',
  homeownerPhone: '',
  address: '',
  city: '',
  state: '',
  zipCode: '',
  roofArea: '',
  materialPreference: '',
  priority: 'normal',
  estimatedCost: '',
};
type Values = typeof empty;
/** Fields to start from, e.g. an install request turned into a project. */

function Field({
  id,
  label,
  required,
  className,
  children,
}: {
  id: string;
  label: string;
  required?: boolean;
  className?: string;
  children: React.ReactNode;
}) {
  return (
    <div className={`grid gap-1.5 ${className ?? ''}`}>
      <Label htmlFor={id}>
        {label}
        {required ? (
          <span aria-hidden="true" className="text-destructive">
            {' '}
            *
          </span>
        ) : null}
      </Label>
      {children}
    </div>
  );
}

/**
 * The Create New Project dialog (spec 2 §3 new-project form, §5, §8, §9): title, homeownerEmail
 * and address are required ('Please fill in all required fields.', nothing sent); the
 * contractor's 88 % share of the budget is shown live as a rounded dollar figure.
 */
export function CreateProjectDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const id = useId();
  const [values, setValues] = useState<Values>(empty);
  const [failure, setFailure] = useState<string | null>(null);
  const [created, setCreated] = useState<string | null>(null);
  const create = useCreateProject();
  const year = new Date().getFullYear();
  const share = contractorShareDollars(values.estimatedCost);

  const bind = (name: keyof Values) => ({
    id: `${id}-${name}`,
    name,
    value: values[name],
    onChange: (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) =>
      setValues((v) => ({ ...v, [name]: e.target.value })),
  });

  const fail = (message: string) => {
    setCreated(null);
    setFailure(message);
    toast({ variant: 'destructive', title: 'Error', description: message });
  };

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (create.isPending) return;
    if (!values.title.trim() || !values.homeownerEmail.trim() || !values.address.trim()) {
      fail(projectMessages.createRequired);
      return;
    }
    const roofArea = values.roofArea.trim() === '' ? undefined : Number(values.roofArea);
    const estimatedCost =
      values.estimatedCost.trim() === '' ? undefined : dollarsInputToCents(values.estimatedCost);
    if (roofArea !== undefined && (!Number.isInteger(roofArea) || roofArea < 0)) {
      fail('Please enter the roof area in whole square feet');
      return;
    }
    if (estimatedCost === null) {
      fail('Please enter the budget in dollars, for example 14500');
      return;
    }
    const input: ProjectCreateInput = {
      title: values.title,
      description: values.description || undefined,
      homeownerEmail: values.homeownerEmail,
      homeownerName: values.homeownerName || undefined,
      homeownerPhone: values.homeownerPhone || undefined,
      address: values.address,
      city: values.city || undefined,
      state: values.state || undefined,
      zipCode: values.zipCode || undefined,
      roofArea,
      materialPreference: values.materialPreference || undefined,
      priority: values.priority as ProjectCreateInput['priority'],
      estimatedCost,
    };
    setFailure(null);
    setCreated(null);
    create.mutate(input, {
      onSuccess: (project) => {
        toast({ title: 'Success', description: projectMessages.created });
        setCreated(`${projectMessages.created} ${project.title} is waiting for a contractor.`);
        setValues(empty);
      },
      onError: (error) => fail(serverMessage(error) ?? 'Failed to create project.'),
    });
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) {
          setFailure(null);
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
        <form onSubmit={submit} noValidate className="grid gap-4">
          {failure ? <FormError id={`${id}-failure`} message={failure} /> : null}
          <p
            role="status"
            className={created ? 'rounded-md bg-emerald-50 p-3 text-sm text-emerald-900' : 'sr-only'}
          >
            {created}
          </p>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field id={`${id}-title`} label="SWRX Job ID" required>
              <Input
                {...bind('title')}
                placeholder={`SWRX-${year}-7KQ4M`}
                autoComplete="off"
                aria-required="true"
              />
            </Field>
            <Field id={`${id}-priority`} label="Priority">
              <NativeSelect {...bind('priority')}>
                {priorityOptions.map((p) => (
                  <option key={p} value={p}>
                    {p[0]?.toUpperCase() + p.slice(1)}
                  </option>
                ))}
              </NativeSelect>
            </Field>
            <Field id={`${id}-description`} label="Description" className="sm:col-span-2">
              <Textarea {...bind('description')} rows={3} />
            </Field>
            <Field id={`${id}-homeownerEmail`} label="Homeowner Email" required>
              <Input {...bind('homeownerEmail')} type="email" autoComplete="off" aria-required="true" />
            </Field>
            <Field id={`${id}-homeownerName`} label="Homeowner Name">
              <Input {...bind('homeownerName')} autoComplete="off" />
            </Field>
            <Field id={`${id}-homeownerPhone`} label="Homeowner Phone">
              <Input {...bind('homeownerPhone')} type="tel" autoComplete="off" />
            </Field>
            <Field id={`${id}-address`} label="Address" required>
              <Input {...bind('address')} autoComplete="off" aria-required="true" />
            </Field>
            <Field id={`${id}-city`} label="City">
              <Input {...bind('city')} autoComplete="off" />
            </Field>
            <div className="grid grid-cols-2 gap-4">
              <Field id={`${id}-state`} label="State">
                <Input {...bind('state')} autoComplete="off" placeholder="TX" />
              </Field>
              <Field id={`${id}-zipCode`} label="ZIP Code">
                <Input {...bind('zipCode')} inputMode="numeric" autoComplete="off" />
              </Field>
            </div>
            <Field id={`${id}-roofArea`} label="Roof Area (sq ft)">
              <Input {...bind('roofArea')} type="number" min={0} step={1} inputMode="numeric" />
            </Field>
            <Field id={`${id}-materialPreference`} label="Material Preference">
              <NativeSelect {...bind('materialPreference')}>
                <option value="">Not chosen</option>
                {ROOF_SURFACE_MATERIALS.map((m) => (
                  <option key={m} value={m}>
                    {m}
                  </option>
                ))}
              </NativeSelect>
            </Field>
            <Field id={`${id}-estimatedCost`} label="Approved Budget ($)">
              <Input
                {...bind('estimatedCost')}
                inputMode="decimal"
                placeholder="14500"
                aria-describedby={`${id}-share`}
              />
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
