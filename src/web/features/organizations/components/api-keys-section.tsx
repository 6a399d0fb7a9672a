import {
  type ApiKey,
  apiKeyScopes,
  type CreatedApiKey,
  createApiKeySchema,
  type Organization,
  organizationMessages,
} from '@domain/organizations/organizations';
import { useQuery } from '@tanstack/react-query';
import { FieldGroup, FormField } from '@web/components/field';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Checkbox } from '@web/components/ui/checkbox';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { errorMessage } from '@web/lib/error-message';
import { schemaResolver } from '@web/lib/schema-resolver';
import { serverMessage } from '@web/lib/server-message';
import { toast } from '@web/lib/use-toast';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { apiKeysQuery, statementUrl, useCreateApiKey, useRevokeApiKey } from '../api/organizations';

/** The key form: the endpoint's schema, with the limit typed as text. */
const keyFormSchema = createApiKeySchema.extend({
  rateLimitPerMinute: z.coerce
    .number({ error: organizationMessages.rateLimit })
    .int({ error: organizationMessages.rateLimit })
    .min(1, { error: organizationMessages.rateLimit })
    .max(10_000, { error: organizationMessages.rateLimit }),
});
type KeyFormValues = { name: string; scopes: string[]; rateLimitPerMinute: string };
const EMPTY: KeyFormValues = { name: '', scopes: [...apiKeyScopes], rateLimitPerMinute: '60' };
const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString('en-US') : 'never');

/** The whole key, once: copied by the admin, never shown again. */
function ShownOnce({ created, onDone }: { created: CreatedApiKey; onDone: () => void }) {
  return (
    <div role="status" className="grid gap-2 rounded-md border border-amber-300 bg-amber-50 p-3">
      <p className="font-medium">Copy the key “{created.name}” now: it is not shown again.</p>
      <code
        className="rounded bg-white p-2 font-mono text-xs [overflow-wrap:anywhere]"
        data-testid="new-api-key"
      >
        {created.key}
      </code>
      <div className="flex gap-2">
        <Button
          size="sm"
          onClick={() =>
            navigator.clipboard
              .writeText(created.key)
              .then(() => toast({ title: 'Key copied' }))
              .catch(() =>
                toast({ variant: 'destructive', title: 'Could not copy: select the key and copy it' }),
              )
          }
        >
          Copy key
        </Button>
        <Button size="sm" variant="outline" onClick={onDone}>
          Done
        </Button>
      </div>
    </div>
  );
}

function CreateKey({ org, onCreated }: { org: Organization; onCreated: (k: CreatedApiKey) => void }) {
  const create = useCreateApiKey(org.id);
  const [error, setError] = useState<string | null>(null);
  const form = useForm<KeyFormValues, unknown, z.output<typeof keyFormSchema>>({
    resolver: schemaResolver(keyFormSchema),
    defaultValues: EMPTY,
  });
  const onSubmit = form.handleSubmit((input) => {
    setError(null);
    create.mutate(input, {
      onSuccess: (k) => {
        form.reset(EMPTY);
        onCreated(k);
      },
      onError: (e) => setError(serverMessage(e) ?? errorMessage(e)),
    });
  });
  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="grid gap-3"
      aria-label={`Create an API key for ${org.name}`}
    >
      <div className="grid items-start gap-3 sm:grid-cols-3">
        <FormField control={form.control} name="name" label="Key name" render={(f) => <Input {...f} />} />
        <Controller
          control={form.control}
          name="scopes"
          render={({ field, fieldState }) => (
            <FieldGroup legend="Scopes" error={fieldState.error?.message}>
              {apiKeyScopes.map((scope) => (
                <div key={scope} className="flex items-center gap-2">
                  <Checkbox
                    id={`scope-${scope}`}
                    checked={field.value.includes(scope)}
                    onCheckedChange={(on) =>
                      field.onChange(on ? [...field.value, scope] : field.value.filter((s) => s !== scope))
                    }
                  />
                  <Label htmlFor={`scope-${scope}`} className="font-mono text-xs">
                    {scope}
                  </Label>
                </div>
              ))}
            </FieldGroup>
          )}
        />
        <FormField
          control={form.control}
          name="rateLimitPerMinute"
          label="Calls per minute"
          render={(f) => <Input {...f} inputMode="numeric" />}
        />
      </div>
      {error ? (
        <p role="alert" className="text-destructive">
          {error}
        </p>
      ) : null}
      <Button type="submit" size="sm" className="justify-self-start" disabled={create.isPending}>
        {create.isPending ? 'Creating...' : 'Create key'}
      </Button>
    </form>
  );
}

function KeyRow({ org, apiKey }: { org: Organization; apiKey: ApiKey }) {
  const revoke = useRevokeApiKey(org.id);
  return (
    <li className="flex flex-col gap-2 rounded-md border p-2 sm:flex-row sm:items-center sm:justify-between">
      <div className="grid gap-0.5">
        <p>
          <span className="font-medium">{apiKey.name}</span>{' '}
          <code className="font-mono text-xs">{apiKey.prefix}…</code>
        </p>
        <p className="text-muted-foreground">
          {apiKey.scopes.join(', ')} · {apiKey.rateLimitPerMinute}/min · last used {when(apiKey.lastUsedAt)}
        </p>
      </div>
      {apiKey.revokedAt ? (
        <Badge variant="outline">Revoked {when(apiKey.revokedAt)}</Badge>
      ) : (
        <Button
          size="sm"
          variant="outline"
          aria-label={`Revoke ${apiKey.name}`}
          disabled={revoke.isPending}
          onClick={() =>
            revoke.mutate(apiKey.id, {
              onSuccess: () => toast({ title: 'Key revoked', description: apiKey.prefix }),
              onError: (e) => toast({ variant: 'destructive', title: 'Error', description: errorMessage(e) }),
            })
          }
        >
          Revoke
        </Button>
      )}
    </li>
  );
}

/** An organisation's keys: create (shown once, with a copy button), revoke, last use; its statement. */
export function ApiKeysSection({ org }: { org: Organization }) {
  const keys = useQuery(apiKeysQuery(org.id));
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const month = new Date().toISOString().slice(0, 7);
  return (
    <div className="grid gap-3 border-t pt-3">
      {created ? <ShownOnce created={created} onDone={() => setCreated(null)} /> : null}
      <CreateKey org={org} onCreated={setCreated} />
      {keys.data && keys.data.length > 0 ? (
        <ul aria-label={`API keys of ${org.name}`} className="grid gap-2">
          {keys.data.map((k) => (
            <KeyRow key={k.id} org={org} apiKey={k} />
          ))}
        </ul>
      ) : keys.isError ? (
        <p role="alert">{errorMessage(keys.error)}</p>
      ) : (
        <p className="text-muted-foreground">No keys yet.</p>
      )}
      <p className="text-muted-foreground">
        Statement {month}:{' '}
        <a className="text-primary hover:underline" href={statementUrl(org.id, month, 'pdf')}>
          PDF
        </a>{' '}
        ·{' '}
        <a className="text-primary hover:underline" href={statementUrl(org.id, month, 'csv')}>
          CSV
        </a>
      </p>
    </div>
  );
}
