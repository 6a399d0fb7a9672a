import {
  type CreateOrganizationInput,
  createOrganizationSchema,
  type Organization,
  organizationKinds,
} from '@domain/organizations/organizations';
import { useQuery } from '@tanstack/react-query';
import { FormField } from '@web/components/field';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { NativeSelect } from '@web/components/ui/native-select';
import { Spinner } from '@web/components/ui/spinner';
import { errorMessage } from '@web/lib/error-message';
import { schemaResolver } from '@web/lib/schema-resolver';
import { serverMessage } from '@web/lib/server-message';
import { toast } from '@web/lib/use-toast';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { organizationsQuery, useCreateOrganization } from '../api/organizations';
import { ApiKeysSection } from './api-keys-section';
import { WebhooksSection } from './webhooks-section';

const kindLabels: Record<(typeof organizationKinds)[number], string> = {
  insurer: 'Insurer',
  solar: 'Solar company',
  real_estate: 'Real-estate company',
  other: 'Other',
};
const EMPTY: CreateOrganizationInput = { name: '', kind: 'insurer', billingEmail: '' };

function CreateOrganization() {
  const create = useCreateOrganization();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<CreateOrganizationInput, unknown, CreateOrganizationInput>({
    resolver: schemaResolver(createOrganizationSchema),
    defaultValues: EMPTY,
  });
  const onSubmit = form.handleSubmit((input) => {
    setError(null);
    create.mutate(input, {
      onSuccess: (org) => {
        toast({ title: 'Organisation created', description: org.name });
        form.reset(EMPTY);
      },
      onError: (e) => setError(serverMessage(e) ?? errorMessage(e)),
    });
  });
  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="grid gap-3 rounded-lg border bg-card p-4"
      aria-label="Create an organisation"
    >
      <h3 className="font-semibold">Create an organisation</h3>
      <div className="grid items-start gap-3 sm:grid-cols-3">
        <FormField control={form.control} name="name" label="Name" render={(f) => <Input {...f} />} />
        <FormField
          control={form.control}
          name="kind"
          label="Kind"
          render={(f) => (
            <NativeSelect {...f}>
              {organizationKinds.map((k) => (
                <option key={k} value={k}>
                  {kindLabels[k]}
                </option>
              ))}
            </NativeSelect>
          )}
        />
        <FormField
          control={form.control}
          name="billingEmail"
          label="Billing e-mail"
          render={(f) => <Input {...f} type="email" autoComplete="off" />}
        />
      </div>
      {error ? (
        <p role="alert" className="text-destructive">
          {error}
        </p>
      ) : null}
      <Button type="submit" size="sm" className="justify-self-start" disabled={create.isPending}>
        {create.isPending ? 'Creating...' : 'Create organisation'}
      </Button>
    </form>
  );
}

function OrganizationRow({ org }: { org: Organization }) {
  const [open, setOpen] = useState(false);
  return (
    <li className="grid gap-3 rounded-lg border bg-card p-3 text-sm [overflow-wrap:anywhere]">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
        <div className="grid gap-0.5">
          <p className="font-semibold">{org.name}</p>
          <p className="text-muted-foreground">
            {kindLabels[org.kind]} · billing {org.billingEmail}
          </p>
        </div>
        <div className="flex items-center gap-2">
          <Badge variant="secondary">
            {org.activeKeys} active key{org.activeKeys === 1 ? '' : 's'}
          </Badge>
          <Button size="sm" variant="outline" aria-expanded={open} onClick={() => setOpen(!open)}>
            {open ? 'Hide keys' : 'API keys and webhooks'}
          </Button>
        </div>
      </div>
      {open ? <ApiKeysSection org={org} /> : null}
      {open ? <WebhooksSection org={org} /> : null}
    </li>
  );
}

/** The admin dashboard's API organisations (issue 26 #4): organisations, their keys, statements. */
export function OrganizationsPanel() {
  const query = useQuery(organizationsQuery());
  return (
    <div className="grid gap-4">
      <CreateOrganization />
      {query.isPending ? (
        <Spinner label="Loading organisations..." />
      ) : query.isError ? (
        <p role="alert" className="text-destructive">
          {errorMessage(query.error)}
        </p>
      ) : query.data.length === 0 ? (
        <p className="rounded-lg border border-dashed p-6 text-center text-muted-foreground">
          No organisations yet.
        </p>
      ) : (
        <ul aria-label="Organisations" className="grid gap-2">
          {query.data.map((org) => (
            <OrganizationRow key={org.id} org={org} />
          ))}
        </ul>
      )}
    </div>
  );
}
