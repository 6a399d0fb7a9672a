import { formatCentsWhole } from '@domain/payments/money';
import type { AdminDiscountCode } from '@domain/payments/schemas';
import { useInfiniteQuery } from '@tanstack/react-query';
import { FormField } from '@web/components/field';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { NativeSelect } from '@web/components/ui/native-select';
import { errorMessage } from '@web/lib/error-message';
import { schemaResolver } from '@web/lib/schema-resolver';
import { serverMessage } from '@web/lib/server-message';
import { toast } from '@web/lib/use-toast';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { discountCodesQuery, useCreateDiscountCode, useDisableDiscountCode } from '../../api/work-queues';
import { formatWhen, Pill } from '../dashboard/badges';
import { DISCOUNT_FORM_EMPTY, type DiscountFormValues, discountFormSchema } from '../forms/form-schemas';
import { showServerFieldErrors } from '../forms/use-failure';
import { QueueList, QueueRow } from './queue-state';

type DiscountInput = Parameters<ReturnType<typeof useCreateDiscountCode>['mutate']>[0];

function discountText(c: AdminDiscountCode): string {
  if (c.type === 'free') return 'Free';
  if (c.type === 'percent') return `${c.value}% off`;
  return `${formatCentsWhole(c.value)} off`;
}

/** The new code's form, checked with the endpoint's own schema (the amount typed in dollars). */
function CreateDiscountCode() {
  const create = useCreateDiscountCode();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<DiscountFormValues, unknown, DiscountInput>({
    resolver: schemaResolver(discountFormSchema),
    defaultValues: DISCOUNT_FORM_EMPTY,
  });
  const type = useWatch({ control: form.control, name: 'type' });

  const onSubmit = form.handleSubmit((input) => {
    setError(null);
    create.mutate(input, {
      onSuccess: (c) => {
        toast({ title: 'Discount code created', description: `${c.code}: ${discountText(c)}` });
        form.reset({ ...DISCOUNT_FORM_EMPTY, type: form.getValues('type') });
      },
      onError: (e) => {
        showServerFieldErrors(form.setError, e, ['code', 'type', 'value', 'maxUses', 'expiresAt']);
        setError(serverMessage(e) ?? errorMessage(e));
      },
    });
  });

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="grid gap-3 rounded-lg border bg-card p-4"
      aria-label="Create a discount code"
    >
      <h3 className="font-semibold">Create a discount code</h3>
      <div className="grid items-start gap-3 sm:grid-cols-5">
        <FormField
          control={form.control}
          name="code"
          label="Code"
          render={(field) => <Input {...field} autoComplete="off" />}
        />
        <FormField
          control={form.control}
          name="type"
          label="Type"
          render={(field) => (
            <NativeSelect {...field}>
              <option value="percent">Percent</option>
              <option value="amount">Amount ($)</option>
              <option value="free">Free</option>
            </NativeSelect>
          )}
        />
        <FormField
          control={form.control}
          name="value"
          label={type === 'amount' ? 'Amount ($)' : 'Percent'}
          render={(field) => (
            <Input
              {...field}
              inputMode="decimal"
              value={type === 'free' ? '' : field.value}
              disabled={type === 'free'}
            />
          )}
        />
        <FormField
          control={form.control}
          name="maxUses"
          label="Usage limit"
          render={(field) => <Input {...field} inputMode="numeric" placeholder="No limit" />}
        />
        <FormField
          control={form.control}
          name="expiresAt"
          label="Expires"
          render={(field) => <Input {...field} type="date" />}
        />
      </div>
      {error ? (
        <p role="alert" className="text-destructive">
          {error}
        </p>
      ) : null}
      <Button type="submit" size="sm" className="justify-self-start" disabled={create.isPending}>
        {create.isPending ? 'Creating...' : 'Create code'}
      </Button>
    </form>
  );
}

function DisableButton({ code }: { code: AdminDiscountCode }) {
  const disable = useDisableDiscountCode();
  return (
    <Button
      size="sm"
      variant="outline"
      className="self-start sm:self-auto"
      disabled={disable.isPending}
      aria-label={`Disable ${code.code}`}
      onClick={() =>
        disable.mutate(code.id, {
          onSuccess: () => toast({ title: 'Discount code disabled', description: code.code }),
          onError: (e) => toast({ variant: 'destructive', title: 'Error', description: errorMessage(e) }),
        })
      }
    >
      Disable
    </Button>
  );
}

export function DiscountCodes() {
  const query = useInfiniteQuery(discountCodesQuery());
  return (
    <div className="grid gap-4">
      <CreateDiscountCode />
      <QueueList
        query={query}
        items={(page) => page.items}
        empty="No discount codes yet."
        label="Discount codes"
        className="grid gap-2"
      >
        {(c) => (
          <QueueRow key={c.id} label={c.code}>
            <div className="grid gap-0.5">
              <p className="flex flex-wrap items-center gap-2">
                <span className="font-mono font-semibold">{c.code}</span>
                {c.isActive ? <Pill tone="green">Active</Pill> : <Pill tone="gray">Disabled</Pill>}
              </p>
              <p className="text-muted-foreground">
                {discountText(c)} · used {c.usedCount}
                {c.maxUses !== null ? ` of ${c.maxUses}` : ''} times
                {c.expiresAt ? ` · expires ${formatWhen(c.expiresAt)}` : ''}
              </p>
            </div>
            {c.isActive ? <DisableButton code={c} /> : null}
          </QueueRow>
        )}
      </QueueList>
    </div>
  );
}
