import { discountMessages, VIP_CODE } from '@domain/payments/discount';
import type { Discount } from '@domain/payments/schemas';
import { Field } from '@web/components/field';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { useValidateDiscount } from '@web/features/payments';
import { parseApiError } from '@web/lib/error-message';
import { toast } from '@web/lib/use-toast';
import { Tag, X } from 'lucide-react';
import { useId, useState } from 'react';

export interface AppliedDiscount extends Discount {
  free: boolean;
  vip: boolean;
}

interface DiscountCodeBoxProps {
  applied: AppliedDiscount | null;
  onApplied: (discount: AppliedDiscount | null) => void;
  disabled?: boolean;
}

/** The discount code entry: upper-cased as typed, checked by the server, with the spec's notices. */
export function DiscountCodeBox({ applied, onApplied, disabled }: DiscountCodeBoxProps) {
  const id = useId();
  const [code, setCode] = useState('');
  const validate = useValidateDiscount();

  function apply() {
    const value = code.trim().toUpperCase();
    if (value === '') {
      toast({
        title: discountMessages.enterTitle,
        description: discountMessages.enterBody,
        variant: 'destructive',
      });
      return;
    }
    validate.mutate(value, {
      onSuccess: (result) => {
        if (!result.valid || !result.discount) {
          toast({
            title: discountMessages.invalidTitle,
            description: result.message || discountMessages.notFound,
            variant: 'destructive',
          });
          return;
        }
        const vip = result.discount.code === VIP_CODE;
        onApplied({ ...result.discount, free: result.freeSubmission, vip });
        setCode('');
        if (vip) toast({ title: discountMessages.vipApplied });
        else
          toast({
            title: discountMessages.appliedTitle,
            description: result.freeSubmission
              ? 'Your submission will be processed for free.'
              : result.message,
          });
      },
      onError: (error) => {
        const parsed = parseApiError(error);
        if (parsed.status === 400 && parsed.message) {
          toast({
            title: discountMessages.invalidTitle,
            description: parsed.message,
            variant: 'destructive',
          });
          return;
        }
        toast({
          title: discountMessages.errorTitle,
          description: discountMessages.errorBody,
          variant: 'destructive',
        });
      },
    });
  }

  if (applied) {
    return (
      <div className="flex items-center justify-between gap-3 rounded-md border border-success/40 bg-success/5 px-3 py-2 text-sm">
        <span className="flex items-center gap-2">
          <Tag aria-hidden="true" className="size-4 text-success" />
          <span>
            Code <span className="font-semibold">{applied.code}</span> applied
          </span>
        </span>
        <Button
          type="button"
          variant="ghost"
          size="sm"
          onClick={() => onApplied(null)}
          disabled={disabled}
          aria-label={`Remove discount code ${applied.code}`}
        >
          <X aria-hidden="true" /> Remove
        </Button>
      </div>
    );
  }

  return (
    <Field id={`${id}-code`} label="Discount Code">
      {(control) => (
        <div className="flex gap-2">
          <Input
            {...control}
            value={code}
            onChange={(e) => setCode(e.target.value.toUpperCase())}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                apply();
              }
            }}
            placeholder="Enter code"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={40}
            disabled={disabled || validate.isPending}
            className="uppercase"
          />
          <Button type="button" variant="outline" onClick={apply} disabled={disabled || validate.isPending}>
            {validate.isPending ? 'Checking...' : 'Apply'}
          </Button>
        </div>
      )}
    </Field>
  );
}
