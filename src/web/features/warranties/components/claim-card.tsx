import { type ClaimStatus, claimStatusLabels } from '@domain/warranties/rules';
import {
  CLAIM_TEXT_MAX,
  type Claim,
  type ClaimMessageInput,
  claimMessageSchema,
  RESOLUTION_NOTE_MAX,
} from '@domain/warranties/schemas';
import { Field, FormField } from '@web/components/field';
import { Alert } from '@web/components/ui/alert';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { Textarea } from '@web/components/ui/textarea';
import { errorMessage } from '@web/lib/error-message';
import { schemaResolver } from '@web/lib/schema-resolver';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useChangeClaimStatus, useWriteInClaim } from '../api/warranties';
import { longDate, messageTime, visitDay } from './format';

const statusVariant: Record<ClaimStatus, 'warning' | 'secondary' | 'success'> = {
  open: 'warning',
  scheduled: 'secondary',
  resolved: 'success',
};

function ThreadForm({ claimId }: { claimId: string }) {
  const write = useWriteInClaim(claimId);
  const form = useForm<ClaimMessageInput, unknown, ClaimMessageInput>({
    resolver: schemaResolver(claimMessageSchema),
    defaultValues: { body: '' },
  });
  const onSubmit = form.handleSubmit((values) =>
    write.mutate(values, { onSuccess: () => form.reset({ body: '' }) }),
  );
  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-2" aria-label="Write in this claim">
      <FormField
        control={form.control}
        name="body"
        label="Your message"
        render={(field) => <Textarea rows={2} maxLength={CLAIM_TEXT_MAX} {...field} />}
      />
      {write.isError ? <Alert variant="destructive">{errorMessage(write.error)}</Alert> : null}
      <Button type="submit" disabled={write.isPending} className="min-h-11 justify-self-start sm:min-h-9">
        {write.isPending ? 'Sending...' : 'Send Message'}
      </Button>
    </form>
  );
}

/** The contractor's and admins' controls: schedule a visit (a date), resolve (a note), reopen. */
function StatusControls({ claim }: { claim: Claim }) {
  const change = useChangeClaimStatus(claim.id);
  const [mode, setMode] = useState<'schedule' | 'resolve' | null>(null);
  const [day, setDay] = useState(claim.scheduledFor ?? '');
  const [note, setNote] = useState('');
  const [missing, setMissing] = useState<string | undefined>();
  const done = () => {
    setMode(null);
    setMissing(undefined);
  };
  if (mode === 'schedule' || mode === 'resolve') {
    const scheduling = mode === 'schedule';
    return (
      <form
        noValidate
        className="grid gap-2"
        aria-label={scheduling ? 'Schedule a visit' : 'Resolve the claim'}
        onSubmit={(e) => {
          e.preventDefault();
          if (scheduling && !day) return setMissing('Please choose the date of the visit.');
          if (!scheduling && !note.trim()) return setMissing('Please say how the claim was resolved.');
          change.mutate(
            scheduling
              ? { status: 'scheduled', scheduledFor: day }
              : { status: 'resolved', resolutionNote: note.trim() },
            { onSuccess: done },
          );
        }}
      >
        {scheduling ? (
          <Field label="Visit date" required error={missing}>
            <Input type="date" value={day} onChange={(e) => setDay(e.target.value)} className="sm:w-48" />
          </Field>
        ) : (
          <Field label="How was it resolved?" required error={missing}>
            <Textarea
              rows={2}
              maxLength={RESOLUTION_NOTE_MAX}
              value={note}
              onChange={(e) => setNote(e.target.value)}
            />
          </Field>
        )}
        {change.isError ? <Alert variant="destructive">{errorMessage(change.error)}</Alert> : null}
        <div className="flex flex-col gap-2 sm:flex-row">
          <Button type="submit" disabled={change.isPending} className="min-h-11 sm:min-h-9">
            {change.isPending ? 'Saving...' : scheduling ? 'Save Visit Date' : 'Mark Resolved'}
          </Button>
          <Button type="button" variant="outline" onClick={done} className="min-h-11 sm:min-h-9">
            Cancel
          </Button>
        </div>
      </form>
    );
  }
  return (
    <div className="flex flex-col gap-2 sm:flex-row">
      {claim.status !== 'resolved' ? (
        <>
          <Button variant="outline" onClick={() => setMode('schedule')} className="min-h-11 sm:min-h-9">
            {claim.status === 'scheduled' ? 'Change Visit Date' : 'Schedule Visit'}
          </Button>
          <Button variant="outline" onClick={() => setMode('resolve')} className="min-h-11 sm:min-h-9">
            Resolve
          </Button>
        </>
      ) : (
        <Button
          variant="outline"
          disabled={change.isPending}
          onClick={() => change.mutate({ status: 'open' })}
          className="min-h-11 sm:min-h-9"
        >
          Reopen
        </Button>
      )}
    </div>
  );
}

/** One claim: its status, what happened, photos, the thread, and what the viewer may do. */
export function ClaimCard({ claim, canManage }: { claim: Claim; canManage: boolean }) {
  return (
    <li className="grid gap-3 rounded-lg border p-4" data-testid="warranty-claim">
      <div className="flex flex-wrap items-center gap-2">
        <Badge variant={statusVariant[claim.status]}>{claimStatusLabels[claim.status]}</Badge>
        <span className="text-sm text-muted-foreground">Opened {longDate(claim.createdAt)}</span>
        {claim.status === 'scheduled' && claim.scheduledFor ? (
          <span className="text-sm font-medium">Visit on {visitDay(claim.scheduledFor)}</span>
        ) : null}
      </div>
      <p className="whitespace-pre-line [overflow-wrap:anywhere]">{claim.description}</p>
      {claim.photos.length > 0 ? (
        <ul className="flex flex-wrap gap-2" aria-label="Photos of the claim">
          {claim.photos.map((p, i) => (
            <li key={p.id}>
              <a
                href={p.url}
                target="_blank"
                rel="noreferrer"
                className="block rounded focus-visible:outline-2"
              >
                <img
                  src={p.thumbnailUrl ?? p.url}
                  alt={`What the homeowner saw, ${i + 1} of ${claim.photos.length}`}
                  className="size-16 rounded object-cover"
                  loading="lazy"
                />
              </a>
            </li>
          ))}
        </ul>
      ) : null}
      {claim.status === 'resolved' && claim.resolutionNote ? (
        <p className="rounded-md bg-emerald-50 p-3 text-sm text-emerald-900 [overflow-wrap:anywhere]">
          Resolved{claim.resolvedAt ? ` on ${longDate(claim.resolvedAt)}` : ''}: {claim.resolutionNote}
        </p>
      ) : null}
      {claim.messages.length > 0 ? (
        <ol className="grid gap-2" aria-label="Claim thread">
          {claim.messages.map((m) => (
            <li key={m.id} className="rounded-md bg-muted p-3 text-sm">
              <p className="font-medium">
                {m.authorName}{' '}
                <span className="font-normal text-muted-foreground">
                  · <time dateTime={m.createdAt}>{messageTime(m.createdAt)}</time>
                </span>
              </p>
              <p className="whitespace-pre-line [overflow-wrap:anywhere]">{m.body}</p>
            </li>
          ))}
        </ol>
      ) : null}
      <ThreadForm claimId={claim.id} />
      {canManage ? <StatusControls claim={claim} /> : null}
    </li>
  );
}
