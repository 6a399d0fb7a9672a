import { onFirstUse } from '@domain/en-us-format';
import { isOwnMessage, MESSAGE_MAX_LENGTH, type Message, messageMessages } from '@domain/messages/schemas';
import type { Project } from '@domain/projects/schemas';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { Spinner } from '@web/components/ui/spinner';
import { Textarea } from '@web/components/ui/textarea';
import { serverMessage } from '@web/lib/server-message';
import { toast } from '@web/lib/use-toast';
import { cn } from '@web/lib/utils';
import { unreachable } from '@web/pwa/sync-outcome';
import { MessageSquare, Search, Send } from 'lucide-react';
import { type KeyboardEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useMarkRead, useProjectMessages, useSendMessage, useUnreadCounts } from '../api/messages';
import { useQueuedMessages } from '../api/queued-messages';
import { AttachPhoto, MessagePhoto, photoProblem, uploadMessagePhoto } from './message-photo';

/** The project's other party for the viewer: the assigned contractor's user, or the homeowner. */
export function recipientOf(project: Project, viewerId: string): string | null {
  if (project.homeownerId === viewerId) return project.contractor?.userId ?? null;
  if (project.contractor?.userId === viewerId) return project.homeownerId;
  return null;
}

function otherPartyName(project: Project, viewerId: string): string {
  if (project.homeownerId === viewerId)
    return project.contractor?.companyName ?? 'No contractor assigned yet';
  const h = project.homeowner;
  const name = [h?.firstName, h?.lastName].filter(Boolean).join(' ');
  return name || h?.email || 'Homeowner';
}

const timeFormat = onFirstUse(
  () =>
    new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' }),
);

function initials(m: Message): string {
  const text = `${m.sender.firstName?.[0] ?? ''}${m.sender.lastName?.[0] ?? ''}`.toUpperCase();
  return text || '?';
}

/**
 * The messaging panel (spec 2 §2): the viewer's projects with a search on the left, the selected
 * project's conversation on the right. Enter sends, Shift+Enter starts a new line; incoming
 * messages are marked read once shown. Live over the real-time channel (the page mounts
 * useProjectLiveUpdates), polled while it is down.
 */
export function MessagingPanel({
  viewerId,
  projects,
  selectedProjectId,
  onSelect,
}: {
  viewerId: string;
  projects: Project[];
  selectedProjectId: string | null;
  onSelect: (projectId: string) => void;
}) {
  const unread = useUnreadCounts();
  const [query, setQuery] = useState('');
  const searchId = useId();
  const selected = projects.find((p) => p.id === selectedProjectId) ?? null;

  const shown = useMemo(() => {
    const q = query.trim().toLowerCase();
    if (!q) return projects;
    return projects.filter((p) =>
      [p.title, p.address, p.city, otherPartyName(p, viewerId)].some((v) => v?.toLowerCase().includes(q)),
    );
  }, [projects, query, viewerId]);

  return (
    <div className="grid overflow-hidden rounded-lg border bg-card md:h-[600px] md:grid-cols-[minmax(220px,300px)_1fr]">
      <nav
        aria-label="Projects"
        className="flex max-h-64 flex-col border-b md:max-h-none md:border-r md:border-b-0"
      >
        <div className="border-b p-3">
          <label htmlFor={searchId} className="sr-only">
            Search projects
          </label>
          <div className="relative">
            <Search aria-hidden="true" className="absolute top-2.5 left-2.5 size-4 text-muted-foreground" />
            <Input
              id={searchId}
              type="search"
              placeholder="Search projects..."
              value={query}
              onChange={(e) => setQuery(e.target.value)}
              className="pl-8"
            />
          </div>
        </div>
        <ul className="flex-1 overflow-y-auto">
          {shown.length === 0 ? (
            <li className="p-4 text-sm text-muted-foreground">
              {projects.length === 0 ? 'No projects yet.' : 'No projects match your search.'}
            </li>
          ) : (
            shown.map((p) => {
              const count = unread.data?.byProject[p.id] ?? 0;
              const active = p.id === selectedProjectId;
              return (
                <li key={p.id}>
                  <button
                    type="button"
                    onClick={() => onSelect(p.id)}
                    aria-current={active ? 'true' : undefined}
                    className={cn(
                      'flex w-full items-start justify-between gap-2 border-b px-3 py-2.5 text-left text-sm hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring',
                      active && 'bg-muted',
                    )}
                  >
                    <span className="min-w-0">
                      <span className="block truncate font-medium">{p.title}</span>
                      <span className="block truncate text-muted-foreground text-xs">
                        {otherPartyName(p, viewerId)}
                      </span>
                    </span>
                    {count > 0 ? (
                      <Badge aria-label={`${count} unread`} className="shrink-0">
                        {count}
                      </Badge>
                    ) : null}
                  </button>
                </li>
              );
            })
          )}
        </ul>
      </nav>
      <section aria-label="Conversation" className="flex h-[480px] min-w-0 flex-col md:h-auto">
        {selected ? (
          <Conversation key={selected.id} project={selected} viewerId={viewerId} />
        ) : (
          <div className="flex flex-1 flex-col items-center justify-center gap-2 p-6 text-center">
            <MessageSquare aria-hidden="true" className="size-10 text-muted-foreground" />
            <h3 className="font-semibold text-lg">Select a Project</h3>
            <p className="text-muted-foreground text-sm">
              Choose a project from the list to view and send messages.
            </p>
          </div>
        )}
      </section>
    </div>
  );
}

function Conversation({ project, viewerId }: { project: Project; viewerId: string }) {
  const { query, messages } = useProjectMessages(project.id);
  const loading = query.isPending;
  const error = query.isError && !messages;
  const [draft, setDraft] = useState('');
  const [photo, setPhoto] = useState<File | null>(null);
  const [uploading, setUploading] = useState(false);
  const send = useSendMessage(viewerId);
  const offline = useQueuedMessages(project, viewerId);
  const markRead = useMarkRead();
  const requested = useRef(new Set<string>());
  const endRef = useRef<HTMLDivElement>(null);
  const inputId = useId();
  const list = useMemo(() => messages ?? [], [messages]);

  // incoming unread messages are marked read once displayed (spec 2 §4)
  useEffect(() => {
    for (const m of list) {
      if (m.receiverId !== viewerId || m.isRead || requested.current.has(m.id)) continue;
      requested.current.add(m.id);
      markRead.mutate(m.id);
    }
  }, [list, viewerId, markRead]);

  // to the newest message when one arrives (not when earlier ones are loaded above)
  const lastId = list.at(-1)?.id;
  useEffect(() => {
    if (lastId) endRef.current?.scrollIntoView({ block: 'end' });
  }, [lastId]);

  const blank = draft.trim() === '' && photo === null;
  const busy = send.isPending || uploading;
  const fail = (err: Error) =>
    toast({ variant: 'destructive', title: 'Error', description: serverMessage(err) ?? err.message });
  async function submit() {
    if (blank || busy) return;
    const receiverId = recipientOf(project, viewerId);
    if (!receiverId) {
      toast({ variant: 'destructive', title: 'Error', description: messageMessages.noRecipient });
      return;
    }
    // a contractor offline: the text waits on the device and goes when the connection returns
    const keep = async () => {
      await offline.queue(receiverId, draft.trim());
      setDraft('');
      toast({ title: 'Saved on this device', description: 'Your message is sent when you are back online.' });
    };
    if (offline.canQueue && !photo && !navigator.onLine) return keep();
    let attachmentFileId: string | undefined;
    if (photo) {
      const problem = photoProblem(photo);
      if (problem) return toast({ variant: 'destructive', title: 'Error', description: problem });
      setUploading(true);
      try {
        attachmentFileId = await uploadMessagePhoto(project, viewerId, photo);
      } catch (err) {
        return fail(err as Error);
      } finally {
        setUploading(false);
      }
    }
    send.mutate(
      { projectId: project.id, receiverId, content: draft.trim(), attachmentFileId },
      {
        onSuccess: () => {
          setDraft('');
          setPhoto(null);
          toast({ title: messageMessages.sent });
        },
        onError: (err) =>
          offline.canQueue && !attachmentFileId && unreachable(err) ? void keep() : fail(err),
      },
    );
  }

  function onKeyDown(e: KeyboardEvent<HTMLTextAreaElement>) {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      void submit();
    }
  }

  return (
    <>
      <header className="border-b px-4 py-3">
        <h3 className="truncate font-semibold">{project.title}</h3>
        <p className="truncate text-muted-foreground text-xs">With {otherPartyName(project, viewerId)}</p>
      </header>
      <div
        role="log"
        aria-live="polite"
        aria-label={`Messages of ${project.title}`}
        className="flex-1 space-y-3 overflow-y-auto p-4"
      >
        {loading ? (
          <p className="flex items-center gap-2 text-muted-foreground text-sm">
            <Spinner /> Loading messages...
          </p>
        ) : error ? (
          <p className="text-destructive text-sm">
            We couldn't load the messages. They will appear when the connection returns.
          </p>
        ) : list.length === 0 ? (
          <div className="flex h-full flex-col items-center justify-center gap-1 text-center">
            <p className="font-medium">No messages yet</p>
            <p className="text-muted-foreground text-sm">Start a conversation below</p>
          </div>
        ) : (
          <>
            {query.hasNextPage ? (
              <div className="flex justify-center">
                <Button
                  variant="outline"
                  size="sm"
                  onClick={() => void query.fetchNextPage()}
                  disabled={query.isFetchingNextPage}
                >
                  {query.isFetchingNextPage ? 'Loading earlier messages...' : 'Load earlier messages'}
                </Button>
              </div>
            ) : null}
            {list.map((m) => (
              <Bubble key={m.id} message={m} own={isOwnMessage(m, viewerId)} />
            ))}
          </>
        )}
        {offline.waiting.map((item) => (
          <div
            key={item.id}
            className="ml-auto max-w-[80%] rounded-lg border border-dashed px-3 py-2 text-sm"
          >
            <p className="whitespace-pre-wrap break-words">{String(item.request?.body.content ?? '')}</p>
            <p className="mt-1 text-muted-foreground text-xs">Waiting to send</p>
          </div>
        ))}
        <div ref={endRef} />
      </div>
      <form
        className="flex items-end gap-2 border-t p-3"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <AttachPhoto photo={photo} onChange={setPhoto} disabled={busy} />
        <label htmlFor={inputId} className="sr-only">
          Message
        </label>
        <Textarea
          id={inputId}
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          onKeyDown={onKeyDown}
          placeholder="Type your message..."
          maxLength={MESSAGE_MAX_LENGTH}
          rows={2}
          className="min-h-11 resize-none"
        />
        <Button type="submit" disabled={blank || busy} aria-label="Send message">
          {busy ? <Spinner /> : <Send aria-hidden="true" />}
          <span className="sr-only sm:not-sr-only">Send</span>
        </Button>
      </form>
    </>
  );
}

function Bubble({ message, own }: { message: Message; own: boolean }) {
  const name = [message.sender.firstName, message.sender.lastName].filter(Boolean).join(' ') || 'Unknown';
  const time = <time dateTime={message.createdAt}>{timeFormat().format(new Date(message.createdAt))}</time>;
  if (own) {
    return (
      <div className="flex justify-end" data-own="true">
        <div className="max-w-[70%] rounded-lg bg-primary px-3 py-2 text-primary-foreground">
          {message.attachment ? <MessagePhoto attachment={message.attachment} /> : null}
          <p className="whitespace-pre-wrap [overflow-wrap:anywhere] text-sm">{message.content}</p>
          <p className="mt-1 text-right text-primary-foreground/80 text-xs">{time}</p>
        </div>
      </div>
    );
  }
  return (
    <div className="flex items-start gap-2" data-own="false">
      {message.sender.profileImageUrl ? (
        <img
          src={message.sender.profileImageUrl}
          alt=""
          className="size-8 shrink-0 rounded-full object-cover"
        />
      ) : (
        <span
          aria-hidden="true"
          className="flex size-8 shrink-0 items-center justify-center rounded-full bg-muted font-medium text-xs"
        >
          {initials(message)}
        </span>
      )}
      <div className="max-w-[70%] rounded-lg bg-muted px-3 py-2">
        <p className="font-medium text-xs">
          {name} · <span className="text-muted-foreground">{time}</span>
        </p>
        {message.attachment ? <MessagePhoto attachment={message.attachment} /> : null}
        <p className="whitespace-pre-wrap [overflow-wrap:anywhere] text-sm">{message.content}</p>
      </div>
    </div>
  );
}
