import { formatCentsWhole } from '@domain/payments/money';
import type { AdminDiscountCode } from '@domain/payments/schemas';
import { useQuery } from '@tanstack/react-query';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { NativeSelect } from '@web/components/ui/native-select';
import { errorMessage } from '@web/lib/error-message';
import { serverMessage } from '@web/lib/server-message';
import { toast } from '@web/lib/use-toast';
import { useId, useState } from 'react';
import { discountCodesQuery, useCreateDiscountCode, useDisableDiscountCode } from '../../api/work-queues';
import { Empty, formatWhen, Pill } from '../dashboard/badges';
import { QueueState } from './queue-state';

function discountText(c: AdminDiscountCode): string {
  if (c.type === 'free') return 'Free';
  if (c.type === 'percent') return `${c.value}% off`;
  return `${formatCentsWhole(c.value)} off`;
}

function CreateDiscountCode() {
  const id = useId();
  const create = useCreateDiscountCode();
  const [code, setCode] = useState('');
  const [type, setType] = useState<'amount' | 'percent' | 'free'>('percent');
  const [value, setValue] = useState('');
  const [maxUses, setMaxUses] = useState('');
  const [expires, setExpires] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    setError(null);
    // amount is typed in dollars, sent in cents
    const number = Number(value);
    const sent = type === 'free' ? 0 : type === 'amount' ? Math.round(number * 100) : number;
    create.mutate(
      {
        code,
        type,
        value: sent,
        maxUses: maxUses.trim() === '' ? null : Number(maxUses),
        expiresAt: expires ? new Date(`${expires}T23:59:59`).toISOString() : null,
      },
      {
        onSuccess: (c) => {
          toast({ title: 'Discount code created', description: `${c.code}: ${discountText(c)}` });
          setCode('');
          setValue('');
          setMaxUses('');
          setExpires('');
        },
        onError: (e) => setError(serverMessage(e) ?? errorMessage(e)),
      },
    );
  };

  return (
    <form
      onSubmit={submit}
      className="grid gap-3 rounded-lg border bg-card p-4"
      aria-label="Create a discount code"
    >
      <h3 className="font-semibold">Create a discount code</h3>
      <div className="grid gap-3 sm:grid-cols-5">
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-code`}>Code</Label>
          <Input
            id={`${id}-code`}
            value={code}
            onChange={(e) => setCode(e.target.value)}
            required
            autoComplete="off"
          />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-type`}>Type</Label>
          <NativeSelect
            id={`${id}-type`}
            value={type}
            onChange={(e) => setType(e.target.value as typeof type)}
          >
            <option value="percent">Percent</option>
            <option value="amount">Amount ($)</option>
            <option value="free">Free</option>
          </NativeSelect>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-value`}>{type === 'amount' ? 'Amount ($)' : 'Percent'}</Label>
          <Input
            id={`${id}-value`}
            inputMode="decimal"
            value={type === 'free' ? '' : value}
            disabled={type === 'free'}
            onChange={(e) => setValue(e.target.value)}
          />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-max`}>Usage limit</Label>
          <Input
            id={`${id}-max`}
            inputMode="numeric"
            placeholder="No limit"
            value={maxUses}
            onChange={(e) => setMaxUses(e.target.value)}
          />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-expires`}>Expires</Label>
          <Input
            id={`${id}-expires`}
            type="date"
            value={expires}
            onChange={(e) => setExpires(e.target.value)}
          />
        </div>
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
  const query = useQuery(discountCodesQuery());
  return (
    <div className="grid gap-4">
      <CreateDiscountCode />
      <QueueState query={query}>
        {(codes) =>
          codes.length === 0 ? (
            <Empty>No discount codes yet.</Empty>
          ) : (
            <ul className="grid gap-2" aria-label="Discount codes">
              {codes.map((c) => (
                <li
                  key={c.id}
                  aria-label={c.code}
                  className="flex min-w-0 flex-col gap-2 rounded-lg border bg-card p-3 text-sm [overflow-wrap:anywhere] sm:flex-row sm:items-center sm:justify-between"
                >
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
                </li>
              ))}
            </ul>
          )
        }
      </QueueState>
    </div>
  );
}
