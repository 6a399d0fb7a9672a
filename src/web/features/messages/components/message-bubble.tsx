import { onFirstUse } from '@domain/en-us-format';
import type { Message } from '@domain/messages/schemas';
import { MessagePhoto } from './message-photo';

const timeFormat = onFirstUse(
  () =>
    new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' }),
);

function initials(m: Message): string {
  const text = `${m.sender.firstName?.[0] ?? ''}${m.sender.lastName?.[0] ?? ''}`.toUpperCase();
  return text || '?';
}

/**
 * One message of the conversation: the viewer's own on the right; the other party's on the left
 * with their picture (or initials) and name. A photo sent with it shows above the text.
 */
export function MessageBubble({ message, own }: { message: Message; own: boolean }) {
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
