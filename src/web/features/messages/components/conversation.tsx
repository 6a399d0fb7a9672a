import { isOwnMessage, MESSAGE_MAX_LENGTH, messageMessages } from '@domain/messages/schemas';
import type { Project } from '@domain/projects/schemas';
import { Button } from '@web/components/ui/button';
import { Spinner } from '@web/components/ui/spinner';
import { Textarea } from '@web/components/ui/textarea';
import { serverMessage } from '@web/lib/server-message';
import { toast } from '@web/lib/use-toast';
import { unreachable } from '@web/pwa/sync-outcome';
import { Send } from 'lucide-react';
import { type KeyboardEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useMarkRead, useProjectMessages, useSendMessage } from '../api/messages';
import { useQueuedMessages } from '../api/queued-messages';
import { MessageBubble } from './message-bubble';
import { AttachPhoto, photoProblem, uploadMessagePhoto } from './message-photo';
import { otherPartyName, recipientOf } from './project-parties';

/**
 * The selected project's conversation in the messaging panel: its messages (earlier pages on
 * request, the device's queued ones below), marked read once shown, and the composer with an
 * optional photo. A contractor offline keeps the text on the device until the connection returns.
 */
export function Conversation({ project, viewerId }: { project: Project; viewerId: string }) {
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
              <MessageBubble key={m.id} message={m} own={isOwnMessage(m, viewerId)} />
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
