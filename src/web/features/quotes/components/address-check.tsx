import type { AddressCheck } from '@domain/estimates/address-match';
import type { QuoteDataInput } from '@domain/quotes/quote-form';
import { AlertTriangle, Info } from 'lucide-react';
import { useFormContext } from 'react-hook-form';
import { addressConfirmMessages } from '../lib/address-confirm';

/**
 * The file's address against the order's, under what was read from the file (issue 24 #2): a
 * mismatch asks the visitor to confirm the file is of this property (the order carries it) or to
 * replace the file; a file without an address says so.
 */
export function AddressCheckView({ check, disabled }: { check: AddressCheck | null; disabled?: boolean }) {
  const { register, formState, trigger } = useFormContext<QuoteDataInput>();
  if (!check || check.kind === 'match') return null;
  if (check.kind === 'missing') {
    return (
      <p className="flex items-start gap-1.5 text-sm text-muted-foreground" data-testid="address-missing">
        <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        <span>{check.message}</span>
      </p>
    );
  }
  const field = register('measurementAddressConfirmed', {
    // a confirmation clears the file's error at once once the form was submitted
    onChange: () => (formState.isSubmitted ? trigger() : undefined),
  });
  return (
    <div
      className="grid gap-2 rounded-lg border border-amber-500/60 bg-amber-50 p-4 text-sm dark:bg-amber-950/30"
      data-testid="address-mismatch"
    >
      <p className="flex items-start gap-1.5 font-medium">
        <AlertTriangle aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-amber-600" />
        <span>{check.message}</span>
      </p>
      <label className="flex min-h-10 cursor-pointer items-center gap-2">
        <input type="checkbox" className="size-4 accent-primary" disabled={disabled} {...field} />
        {addressConfirmMessages.confirmLabel}
      </label>
      <p className="text-xs text-muted-foreground">{addressConfirmMessages.replaceHint}</p>
    </div>
  );
}
