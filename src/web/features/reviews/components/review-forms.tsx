import {
  REVIEW_COMMENT_MAX,
  REVIEW_HIDE_REASON_MAX,
  REVIEW_REPLY_MAX,
  type Review,
  replyReviewSchema,
  reviewMessages,
  writeReviewSchema,
} from '@domain/reviews/schemas';
import { Button } from '@web/components/ui/button';
import { Label } from '@web/components/ui/label';
import { Textarea } from '@web/components/ui/textarea';
import { errorMessage } from '@web/lib/error-message';
import { type FormEvent, useId, useState } from 'react';
import { useHideReview, useReplyToReview, useWriteReview } from '../api/reviews';
import { StarPicker } from './stars';

function FormError({ id, text }: { id: string; text: string | null }) {
  return text ? (
    <p id={id} role="alert" className="text-sm text-destructive">
      {text}
    </p>
  ) : null;
}

/** The homeowner writes the review, or changes it within the window. */
export function WriteReviewForm({ projectId, review }: { projectId: string; review: Review | null }) {
  const write = useWriteReview(projectId);
  const [stars, setStars] = useState(review?.rating ?? 0);
  const [comment, setComment] = useState(review?.comment ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const ids = { comment: useId(), error: useId() };

  function submit(e: FormEvent) {
    e.preventDefault();
    setSaved(false);
    const parsed = writeReviewSchema.safeParse({ rating: stars, comment });
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? reviewMessages.starsRequired);
      return;
    }
    setProblem(null);
    write.mutate(parsed.data, {
      onSuccess: () => setSaved(true),
      onError: (err) => setProblem(errorMessage(err)),
    });
  }

  return (
    <form
      className="grid gap-3"
      onSubmit={submit}
      noValidate
      aria-describedby={problem ? ids.error : undefined}
    >
      <StarPicker value={stars} onChange={setStars} disabled={write.isPending} />
      <div className="grid gap-1">
        <Label htmlFor={ids.comment}>Your review</Label>
        <Textarea
          id={ids.comment}
          value={comment}
          maxLength={REVIEW_COMMENT_MAX}
          onChange={(e) => setComment(e.target.value)}
          placeholder="How was the work, the crew and the clean-up?"
          disabled={write.isPending}
        />
      </div>
      <FormError id={ids.error} text={problem} />
      {saved ? (
        <p role="status" className="text-sm text-green-700">
          {reviewMessages.saved}
        </p>
      ) : null}
      <Button type="submit" disabled={write.isPending} className="justify-self-start">
        {write.isPending ? 'Saving...' : review ? 'Update Review' : 'Submit Review'}
      </Button>
    </form>
  );
}

/** The contractor's one reply. */
export function ReplyForm({ projectId }: { projectId: string }) {
  const reply = useReplyToReview(projectId);
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const ids = { text: useId(), error: useId() };
  function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = replyReviewSchema.safeParse({ reply: text });
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? reviewMessages.replyRequired);
      return;
    }
    setProblem(null);
    reply.mutate(parsed.data, { onError: (err) => setProblem(errorMessage(err)) });
  }
  return (
    <form className="grid gap-2" onSubmit={submit} noValidate>
      <Label htmlFor={ids.text}>Your public reply (one only)</Label>
      <Textarea
        id={ids.text}
        value={text}
        maxLength={REVIEW_REPLY_MAX}
        onChange={(e) => setText(e.target.value)}
        disabled={reply.isPending}
      />
      <FormError id={ids.error} text={problem} />
      <Button type="submit" disabled={reply.isPending} className="justify-self-start">
        {reply.isPending ? 'Posting...' : 'Post Reply'}
      </Button>
    </form>
  );
}

/** An admin hides the review, giving the rule it breaks. */
export function HideReviewForm({ reviewId }: { reviewId: string }) {
  const hide = useHideReview();
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const ids = { reason: useId(), error: useId() };
  function submit(e: FormEvent) {
    e.preventDefault();
    if (reason.trim() === '') {
      setProblem(reviewMessages.reasonRequired);
      return;
    }
    setProblem(null);
    hide.mutate({ reviewId, reason }, { onError: (err) => setProblem(errorMessage(err)) });
  }
  return (
    <form className="grid gap-2 border-t pt-3" onSubmit={submit} noValidate>
      <Label htmlFor={ids.reason}>Reason for hiding (kept and logged)</Label>
      <Textarea
        id={ids.reason}
        value={reason}
        maxLength={REVIEW_HIDE_REASON_MAX}
        onChange={(e) => setReason(e.target.value)}
        disabled={hide.isPending}
        className="min-h-16"
      />
      <FormError id={ids.error} text={problem} />
      <Button type="submit" variant="destructive" disabled={hide.isPending} className="justify-self-start">
        {hide.isPending ? 'Hiding...' : 'Hide Review'}
      </Button>
    </form>
  );
}
