import { Field } from '@web/components/field';
import { FormError } from '@web/components/form-error';
import { Button } from '@web/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@web/components/ui/dialog';
import { Textarea } from '@web/components/ui/textarea';
import { serverMessage } from '@web/lib/server-message';
import { toast } from '@web/lib/use-toast';
import { cn } from '@web/lib/utils';
import type * as React from 'react';
import { useEffect } from 'react';
import type { DefaultValues, FieldValues, UseFormRegisterReturn, UseFormReset } from 'react-hook-form';
import { useFailure } from '../forms/use-failure';

/**
 * What the two review dialogs of the Verification panel share (a contractor's application, a
 * change of bank details): the dialog around the item under review, the notes sent with the
 * decision, the failure said inside the dialog, the buttons, and what a decision does once sent.
 */

export function DecisionDialog<T>({
  item,
  title,
  description,
  className,
  onClose,
  children,
}: {
  item: T | null;
  title: string;
  description: (item: T) => React.ReactNode;
  className?: string;
  onClose: () => void;
  children: (item: T) => React.ReactNode;
}) {
  return (
    <Dialog open={item !== null} onOpenChange={(open) => (open ? null : onClose())}>
      <DialogContent className={cn('max-w-2xl grid-cols-[minmax(0,1fr)]', className)}>
        {item !== null ? (
          <>
            <DialogHeader>
              <DialogTitle>{title}</DialogTitle>
              <DialogDescription>{description(item)}</DialogDescription>
            </DialogHeader>
            {children(item)}
          </>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

/** The notes the contractor receives with the decision. */
export function DecisionNotes({
  registration,
  error,
  description,
}: {
  registration: UseFormRegisterReturn;
  error: string | undefined;
  description: string;
}) {
  return (
    <Field label="Notes (optional)" description={description} error={error}>
      <Textarea {...registration} rows={3} />
    </Field>
  );
}

/** The failure of the last decision, then Cancel and the decision's own buttons. */
export function DecisionFooter({
  failure,
  onCancel,
  className,
  children,
}: {
  failure: string | null;
  onCancel: () => void;
  className?: string;
  children: React.ReactNode;
}) {
  return (
    <>
      {failure ? <FormError message={failure} /> : null}
      <DialogFooter className={className}>
        <Button type="button" variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        {children}
      </DialogFooter>
    </>
  );
}

/**
 * A decision's form state: a new item under review starts from `empty`, with no failure. `settle`
 * gives the mutation's callbacks: on success the notice and the dialog closes; on failure the
 * server's message (or the fallback) inside the dialog and in a notice.
 */
export function useDecision<V extends FieldValues>(
  item: unknown,
  reset: UseFormReset<V>,
  empty: DefaultValues<V>,
  onClose: () => void,
) {
  const { message, clear, show } = useFailure();
  useEffect(() => {
    if (!item) return;
    reset(empty);
    clear();
  }, [item, reset, empty, clear]);
  const settle = (success: string, fallback: string) => ({
    onSuccess: () => {
      toast({ title: 'Success', description: success });
      onClose();
    },
    onError: (error: unknown) => show(serverMessage(error) ?? fallback),
  });
  return { failure: message, clearFailure: clear, settle };
}
