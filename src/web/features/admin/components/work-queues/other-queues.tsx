import type { AdminDiscountCode } from '@domain/payments/schemas';
import { useQuery } from '@tanstack/react-query';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { NativeSelect } from '@web/components/ui/native-select';
import { errorMessage } from '@web/lib/error-message';
import { serverMessage } from '@web/lib/server-message';
import { toast } from '@web/lib/use-toast';
import { Paperclip } from 'lucide-react';
import { useId, useState } from 'react';
import {
  adminQuotesQuery,
  contactMessagesQuery,
  discountCodesQuery,
  installRequestsQuery,
  outboxAttachmentUrl,
  outboxQuery,
  useCreateDiscountCode,
  useCreateProjectFromRequest,
  useDisableDiscountCode,
} from '../../api/work-queues';
import type { AssignTarget } from '../dashboard/assign-dialog';
import { Empty, formatWhen, Pill, StatusPill } from '../dashboard/badges';
import { formatDollars } from '../dashboard-model';
import { QueueItem, QueueState } from './queue-state';

const deliveryTone = {
  sent: 'green',
  delivered: 'green',
  failed: 'red',
  pending: 'yellow',
  kept: 'gray',
} as const;
function DeliveryPill({ status }: { status: string }) {
  return <Pill tone={deliveryTone[status as keyof typeof deliveryTone] ?? 'gray'}>{status}</Pill>;
}

export function ContactMessages() {
  const query = useQuery(contactMessagesQuery());
  return (
    <QueueState query={query}>
      {(data) =>
        data.items.length === 0 ? (
          <Empty>No contact messages yet.</Empty>
        ) : (
          <ul className="grid gap-3" aria-label="Contact messages">
            {data.items.map((m) => {
              const name = m.name ?? ([m.firstName, m.lastName].filter(Boolean).join(' ') || m.email);
              return (
                <QueueItem key={m.id} label={`Message from ${name}`}>
                  <div className="flex flex-wrap items-center gap-2">
                    <h3 className="font-semibold">{m.subject ?? 'No subject'}</h3>
                    <Pill tone="gray">{m.channel}</Pill>
                    <DeliveryPill status={m.deliveryStatus} />
                  </div>
                  <p>
                    {name} ·{' '}
                    <a className="text-primary hover:underline" href={`mailto:${m.email}`}>
                      {m.email}
                    </a>
                    {m.phone ? ` · ${m.phone}` : ''}
                  </p>
                  <p className="break-words whitespace-pre-wrap">{m.message}</p>
                  <p className="text-muted-foreground">
                    Received {formatWhen(m.createdAt)}
                    {m.projectId ? ' · about a project' : ''}
                    {m.lastError ? ` · last error: ${m.lastError}` : ''}
                  </p>
                  {m.projectId ? (
                    <a className="text-primary hover:underline" href={`/projects/${m.projectId}`}>
                      Open the project
                    </a>
                  ) : null}
                </QueueItem>
              );
            })}
          </ul>
        )
      }
    </QueueState>
  );
}

export function InstallRequests({ onAssign }: { onAssign: (target: AssignTarget) => void }) {
  const query = useQuery(installRequestsQuery());
  const createProject = useCreateProjectFromRequest();
  return (
    <QueueState query={query}>
      {(data) =>
        data.items.length === 0 ? (
          <Empty>No install requests yet.</Empty>
        ) : (
          <ul className="grid gap-3" aria-label="Install requests">
            {data.items.map((r) => (
              <QueueItem key={r.id} label={`Install request from ${r.firstName} ${r.lastName}`}>
                <div className="flex flex-wrap items-center gap-2">
                  <h3 className="font-semibold">
                    {r.firstName} {r.lastName}
                  </h3>
                  <Pill
                    tone={r.urgency === 'emergency' ? 'red' : r.urgency === 'expedited' ? 'yellow' : 'gray'}
                  >
                    {r.urgency}
                  </Pill>
                  {r.projectStatus ? <StatusPill status={r.projectStatus} /> : null}
                </div>
                <p>
                  {r.email} · {r.phone}
                </p>
                <p className="text-muted-foreground">
                  {r.address}, {r.city}, {r.state} {r.zipCode}
                </p>
                <p className="text-muted-foreground">
                  {r.approvedAmount !== null
                    ? `Approved ${formatDollars(r.approvedAmount)}`
                    : 'No approved amount'}
                  {r.insuranceCompany ? ` · ${r.insuranceCompany}` : ''}
                  {r.claimNumber ? ` claim ${r.claimNumber}` : ''}
                  {r.preferredContractorName ? ` · prefers ${r.preferredContractorName}` : ''}
                  {r.preferredStartDate ? ` · start ${r.preferredStartDate}` : ''} · received{' '}
                  {formatWhen(r.createdAt)}
                </p>
                {r.projectDescription ? (
                  <p className="break-words whitespace-pre-wrap">{r.projectDescription}</p>
                ) : null}
                {r.projectId ? (
                  <div className="flex flex-wrap items-center gap-3">
                    <a className="font-medium text-primary hover:underline" href={`/projects/${r.projectId}`}>
                      Project {r.projectTitle ?? ''}
                    </a>
                    {r.projectStatus === 'pending' ? (
                      <Button
                        size="sm"
                        onClick={() =>
                          onAssign({
                            id: r.projectId as string,
                            title: r.projectTitle ?? 'Install request',
                            address: r.address,
                            city: r.city,
                            state: r.state,
                            zipCode: r.zipCode,
                          })
                        }
                        aria-label={`Assign Contractor to ${r.projectTitle ?? 'this request'}`}
                      >
                        Assign Contractor
                      </Button>
                    ) : null}
                  </div>
                ) : (
                  <div className="flex flex-wrap items-center gap-3">
                    <p className="text-muted-foreground">No project yet.</p>
                    <Button
                      size="sm"
                      variant="outline"
                      disabled={createProject.isPending}
                      aria-label={`Create a project from the request of ${r.firstName} ${r.lastName}`}
                      onClick={() =>
                        createProject.mutate(r.id, {
                          onSuccess: (made) =>
                            toast({
                              title: 'Success',
                              description: `Project ${made.reference} created from the request.`,
                            }),
                          onError: (e) =>
                            toast({
                              variant: 'destructive',
                              title: 'Error',
                              description: serverMessage(e) ?? 'Failed to create project.',
                            }),
                        })
                      }
                    >
                      Create project
                    </Button>
                  </div>
                )}
              </QueueItem>
            ))}
          </ul>
        )
      }
    </QueueState>
  );
}

function formatSize(bytes: number): string {
  return bytes < 1024 * 1024
    ? `${Math.max(1, Math.round(bytes / 1024))} KB`
    : `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

export function Outbox() {
  const query = useQuery(outboxQuery());
  return (
    <QueueState query={query}>
      {(mails) =>
        mails.length === 0 ? (
          <Empty>No mail has been sent yet.</Empty>
        ) : (
          <ul className="grid gap-3" aria-label="Mail outbox">
            {mails.map((m) => (
              <QueueItem key={m.id} label={m.subject}>
                <div className="flex flex-wrap items-center gap-2">
                  <h3 className="font-semibold break-words">{m.subject}</h3>
                  <DeliveryPill status={m.status} />
                </div>
                <p className="break-words">
                  To {m.to}
                  {m.cc ? `, cc ${m.cc}` : ''} · {formatWhen(m.createdAt)}
                  {m.attempts > 1 ? ` · ${m.attempts} attempts` : ''}
                </p>
                {m.lastError ? <p className="text-destructive">Last error: {m.lastError}</p> : null}
                <details>
                  <summary className="cursor-pointer text-primary">Show the text</summary>
                  <pre className="mt-2 max-h-64 overflow-auto font-sans text-sm break-words whitespace-pre-wrap">
                    {m.text}
                  </pre>
                </details>
                {m.attachments.length > 0 ? (
                  <ul className="flex flex-wrap gap-3" aria-label="Attachments">
                    {m.attachments.map((a, index) => (
                      // biome-ignore lint/suspicious/noArrayIndexKey: the index is the attachment's address in the API
                      <li key={`${a.filename}-${index}`}>
                        <a
                          className="inline-flex items-center gap-1 text-primary hover:underline"
                          href={outboxAttachmentUrl(m.id, index)}
                          download={a.filename}
                        >
                          <Paperclip aria-hidden="true" className="size-4" />
                          {a.filename} ({formatSize(a.size)})
                        </a>
                      </li>
                    ))}
                  </ul>
                ) : null}
              </QueueItem>
            ))}
          </ul>
        )
      }
    </QueueState>
  );
}

function discountText(c: AdminDiscountCode): string {
  if (c.type === 'free') return 'Free';
  if (c.type === 'percent') return `${c.value}% off`;
  return `${formatDollars(c.value)} off`;
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

const paymentTone = {
  succeeded: 'green',
  free: 'green',
  processing: 'yellow',
  requires_payment: 'yellow',
  failed: 'red',
  none: 'gray',
} as const;

export function Quotes() {
  const query = useQuery(adminQuotesQuery());
  return (
    <QueueState query={query}>
      {(data) =>
        data.items.length === 0 ? (
          <Empty>No quotes yet.</Empty>
        ) : (
          <ul className="grid gap-2" aria-label="Quotes">
            {data.items.map((q) => (
              <li
                key={q.id}
                aria-label={q.reference}
                className="flex min-w-0 flex-col gap-2 rounded-lg border bg-card p-3 text-sm [overflow-wrap:anywhere] sm:flex-row sm:items-center sm:justify-between"
              >
                <div className="grid gap-0.5">
                  <p className="font-semibold">{q.reference}</p>
                  <p>
                    {q.requester.firstName} {q.requester.lastName} · {q.requester.email}
                  </p>
                  <p className="text-muted-foreground">
                    {q.address.city}, {q.address.state} {q.address.zipCode} · {formatWhen(q.createdAt)}
                    {q.discountCode ? ` · code ${q.discountCode} (−${formatDollars(q.discountCents)})` : ''}
                    {q.isVipSubmission ? ' · VIP' : ''}
                  </p>
                </div>
                <div className="flex flex-wrap items-center gap-2">
                  <span className="font-medium tabular-nums">{formatDollars(q.amountCents)}</span>
                  <Pill tone="gray">{q.status.replace('_', ' ')}</Pill>
                  <Pill tone={paymentTone[q.paymentStatus]}>
                    <span className="sr-only">Payment: </span>
                    {q.paymentStatus.replace('_', ' ')}
                  </Pill>
                  <Pill
                    tone={
                      q.reportStatus === 'ready' ? 'green' : q.reportStatus === 'failed' ? 'red' : 'yellow'
                    }
                  >
                    <span className="sr-only">Report: </span>
                    {q.reportStatus.replace('_', ' ')}
                  </Pill>
                </div>
              </li>
            ))}
          </ul>
        )
      }
    </QueueState>
  );
}
