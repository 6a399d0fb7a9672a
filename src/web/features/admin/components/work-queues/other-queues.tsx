import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { Paperclip } from 'lucide-react';
import { contactMessagesQuery, outboxAttachmentUrl, outboxQuery } from '../../api/work-queues';
import { formatWhen, Pill } from '../dashboard/badges';
import { QueueItem, QueueList, useQueueSearch } from './queue-state';

/** The admin's message queues: contact messages and the outbox. */
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
  const search = useQueueSearch('Search contact messages', 'e-mail or name');
  const query = useInfiniteQuery({ ...contactMessagesQuery(search.q), placeholderData: keepPreviousData });
  return (
    <div className="grid gap-3">
      {search.box}
      <QueueList
        query={query}
        items={(page) => page.items}
        empty={search.q ? 'No contact messages match your search.' : 'No contact messages yet.'}
        label="Contact messages"
      >
        {(m) => {
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
              <p className="[overflow-wrap:anywhere] whitespace-pre-wrap">{m.message}</p>
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
        }}
      </QueueList>
    </div>
  );
}

function formatSize(bytes: number): string {
  return bytes < 1024 * 1024
    ? `${Math.max(1, Math.round(bytes / 1024))} KB`
    : `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

export function Outbox() {
  const query = useInfiniteQuery(outboxQuery());
  return (
    <QueueList
      query={query}
      items={(page) => page.items}
      empty="No mail has been sent yet."
      label="Mail outbox"
    >
      {(m) => (
        <QueueItem key={m.id} label={m.subject}>
          <div className="flex flex-wrap items-center gap-2">
            <h3 className="font-semibold [overflow-wrap:anywhere]">{m.subject}</h3>
            <DeliveryPill status={m.status} />
          </div>
          <p className="[overflow-wrap:anywhere]">
            To {m.to}
            {m.cc ? `, cc ${m.cc}` : ''} · {formatWhen(m.createdAt)}
            {m.attempts > 1 ? ` · ${m.attempts} attempts` : ''}
          </p>
          {m.lastError ? <p className="text-destructive">Last error: {m.lastError}</p> : null}
          <details>
            <summary className="cursor-pointer text-primary">Show the text</summary>
            <pre className="mt-2 max-h-64 overflow-auto font-sans text-sm [overflow-wrap:anywhere] whitespace-pre-wrap">
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
      )}
    </QueueList>
  );
}
