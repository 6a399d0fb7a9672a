import { CLOSEOUT_NOTE_MAX, CLOSEOUT_PHOTOS_MAX } from '@domain/projects/closeout-schemas';
import { Field } from '@web/components/field';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { Textarea } from '@web/components/ui/textarea';
import { errorMessage } from '@web/lib/error-message';
import { useState } from 'react';

/**
 * A note with optional photos (reporting an issue, resolving, reopening, an admin's note): the
 * note is required; the photos are uploaded when the form is sent.
 */
export function NoteForm({
  label,
  submitLabel,
  pendingLabel,
  withPhotos,
  pending,
  error,
  onSubmit,
  onCancel,
}: {
  label: string;
  submitLabel: string;
  pendingLabel: string;
  withPhotos: boolean;
  pending: boolean;
  error: unknown;
  onSubmit: (note: string, files: File[]) => void;
  onCancel?: () => void;
}) {
  const [note, setNote] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [missing, setMissing] = useState<string | undefined>();
  return (
    <form
      noValidate
      aria-label={submitLabel}
      className="grid gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        if (pending) return;
        if (!note.trim()) return setMissing('Please write a note.');
        if (files.length > CLOSEOUT_PHOTOS_MAX)
          return setMissing(`Please attach at most ${CLOSEOUT_PHOTOS_MAX} photos.`);
        setMissing(undefined);
        onSubmit(note.trim(), files);
      }}
    >
      <Field label={label} required error={missing}>
        <Textarea
          rows={3}
          maxLength={CLOSEOUT_NOTE_MAX}
          value={note}
          onChange={(e) => setNote(e.target.value)}
        />
      </Field>
      {withPhotos ? (
        <Field label="Photos (optional)" description="PNG, JPG or GIF up to 10 MB each.">
          <Input
            type="file"
            multiple
            accept="image/png,image/jpeg,image/gif"
            onChange={(e) => setFiles(Array.from(e.target.files ?? []))}
          />
        </Field>
      ) : null}
      {error ? <Alert variant="destructive">{errorMessage(error)}</Alert> : null}
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button type="submit" disabled={pending} className="min-h-11 sm:min-h-9">
          {pending ? pendingLabel : submitLabel}
        </Button>
        {onCancel ? (
          <Button type="button" variant="outline" onClick={onCancel} className="min-h-11 sm:min-h-9">
            Cancel
          </Button>
        ) : null}
      </div>
    </form>
  );
}
