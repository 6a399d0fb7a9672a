import {
  CLAIM_PHOTOS_MAX,
  CLAIM_TEXT_MAX,
  type OpenClaim,
  openClaimSchema,
  warrantyMessages,
} from '@domain/warranties/schemas';
import { Field, FormField } from '@web/components/field';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@web/components/ui/dialog';
import { Input } from '@web/components/ui/input';
import { Textarea } from '@web/components/ui/textarea';
import { errorMessage } from '@web/lib/error-message';
import { schemaResolver } from '@web/lib/schema-resolver';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useOpenClaim } from '../api/warranties';

interface ClaimValues {
  description: string;
}

/**
 * "Open a warranty claim" (issue 25 #7): what happened, and photos (uploaded as the project's
 * images, checked by content on the server). Sent to the contractor and our team.
 */
export function OpenClaimDialog({
  projectId,
  open,
  onOpenChange,
  onOpened,
}: {
  projectId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onOpened: () => void;
}) {
  const send = useOpenClaim(projectId);
  const form = useForm<ClaimValues, unknown, Omit<OpenClaim, 'photoIds'>>({
    resolver: schemaResolver(openClaimSchema.omit({ photoIds: true })),
    defaultValues: { description: '' },
  });
  const [files, setFiles] = useState<File[]>([]);
  const [tooMany, setTooMany] = useState<string | undefined>();

  function close(next: boolean) {
    if (send.isPending) return;
    if (!next) {
      form.reset();
      setFiles([]);
      setTooMany(undefined);
      send.reset();
    }
    onOpenChange(next);
  }

  const onSubmit = form.handleSubmit((values) => {
    if (files.length > CLAIM_PHOTOS_MAX) return setTooMany(warrantyMessages.tooManyPhotos);
    send.mutate(
      { description: values.description, files },
      {
        onSuccess: () => {
          close(false);
          onOpened();
        },
      },
    );
  });

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent className="max-h-[90dvh] overflow-y-auto sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>Open a warranty claim</DialogTitle>
          <DialogDescription>
            Tell us what happened and add photos: your contractor and our team are told at once and answer in
            the claim's thread.
          </DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={onSubmit} className="grid gap-4" aria-label="Open a warranty claim">
          <FormField
            control={form.control}
            name="description"
            label="What happened?"
            required
            render={(field) => (
              <Textarea
                rows={5}
                maxLength={CLAIM_TEXT_MAX}
                placeholder="Where is the problem, since when, and what you see (a stain, a loose shingle...)"
                {...field}
              />
            )}
          />
          <Field
            label="Photos (optional)"
            description={`PNG, JPG or GIF up to 10 MB each, at most ${CLAIM_PHOTOS_MAX}.`}
            error={tooMany}
          >
            <Input
              type="file"
              multiple
              accept="image/png,image/jpeg,image/gif"
              onChange={(e) => {
                setTooMany(undefined);
                setFiles(Array.from(e.target.files ?? []));
              }}
            />
          </Field>
          {send.isError ? <Alert variant="destructive">{errorMessage(send.error)}</Alert> : null}
          <DialogFooter className="gap-2">
            <Button
              type="button"
              variant="outline"
              onClick={() => close(false)}
              className="min-h-11 sm:min-h-9"
            >
              Cancel
            </Button>
            <Button type="submit" disabled={send.isPending} className="min-h-11 sm:min-h-9">
              {send.isPending ? 'Sending...' : 'Send Claim'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
