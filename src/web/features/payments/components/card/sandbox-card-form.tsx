import { paymentMessages } from '@domain/payments/schemas';
import {
  type CardField,
  cardBrand,
  cardBrandLabels,
  checkCard,
  cvcLength,
  formatCardNumber,
  formatExpiry,
  parseExpiry,
} from '@domain/payments/test-cards';
import { Field } from '@web/components/field';
import { Badge } from '@web/components/ui/badge';
import { Input } from '@web/components/ui/input';
import { errorMessage, parseApiError } from '@web/lib/error-message';
import { FlaskConical } from 'lucide-react';
import { type Ref, useEffect, useImperativeHandle, useState } from 'react';
import { confirmSandboxPayment } from '../../api/confirm-sandbox-payment';
import type { PaymentFormStatus, PaymentHandle } from './payment-types';

interface SandboxCardFormProps {
  ref?: Ref<PaymentHandle>;
  onStatusChange?: (status: PaymentFormStatus) => void;
  disabled?: boolean;
}

type Errors = Partial<Record<CardField, string>>;

/**
 * The test-mode card form (no Stripe keys on the server): Stripe's test cards, checked here
 * first and again by the server, which decides the outcome. Nothing typed here is stored.
 */
export function SandboxCardForm({ ref, onStatusChange, disabled }: SandboxCardFormProps) {
  const [number, setNumber] = useState('');
  const [expiry, setExpiry] = useState('');
  const [cvc, setCvc] = useState('');
  const [errors, setErrors] = useState<Errors>({});

  useEffect(() => {
    onStatusChange?.('ready');
  }, [onStatusChange]);

  const brand = cardBrand(number.replace(/\D/g, ''));

  function cardInput() {
    const exp = parseExpiry(expiry);
    return { number, expMonth: exp?.month ?? Number.NaN, expYear: exp?.year ?? Number.NaN, cvc };
  }

  useImperativeHandle(
    ref,
    (): PaymentHandle => ({
      async prepare() {
        const check = checkCard(cardInput(), new Date());
        if (check.ok) {
          setErrors({});
          return { ok: true };
        }
        setErrors(check.errors);
        const first = (['number', 'expiry', 'cvc'] as const).find((f) => check.errors[f]);
        if (first) document.getElementById(`sandbox-card-${first}`)?.focus();
        return { ok: false, message: Object.values(check.errors)[0] ?? null };
      },
      async confirm({ clientSecret, paymentIntentId }) {
        try {
          await confirmSandboxPayment({ paymentIntentId, clientSecret, card: cardInput() });
          return { status: 'succeeded' };
        } catch (error) {
          const parsed = parseApiError(error);
          const next: Errors = {};
          for (const [key, messages] of Object.entries(parsed.fieldErrors ?? {})) {
            const field = key.replace(/^card\./, '') as CardField;
            if (messages[0]) next[field] = messages[0];
          }
          setErrors(next);
          return { status: 'failed', message: errorMessage(error, paymentMessages.failedFallback) };
        }
      },
    }),
  );

  const clearError = (field: CardField) => setErrors((e) => ({ ...e, [field]: undefined }));

  return (
    <div className="grid gap-4" data-testid="sandbox-card-form">
      <div className="flex items-start gap-3 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
        <FlaskConical aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        <div className="grid gap-1">
          <p className="flex flex-wrap items-center gap-2 font-semibold">
            <Badge variant="warning">TEST MODE</Badge> No real card is charged.
          </p>
          <p>
            Use <span className="font-mono">4242 4242 4242 4242</span> with any future date and any CVC.{' '}
            <span className="font-mono">4000 0000 0000 0002</span> is declined.
          </p>
        </div>
      </div>
      <Field id="sandbox-card-number" label="Card number" error={errors.number}>
        {(control) => (
          <div className="relative">
            <Input
              {...control}
              inputMode="numeric"
              autoComplete="cc-number"
              placeholder="1234 1234 1234 1234"
              value={number}
              disabled={disabled}
              maxLength={23}
              onChange={(e) => {
                setNumber(formatCardNumber(e.target.value));
                clearError('number');
              }}
              className="pr-28"
            />
            {brand !== 'unknown' ? (
              <span className="pointer-events-none absolute top-1/2 right-3 -translate-y-1/2 text-xs font-semibold text-muted-foreground">
                {cardBrandLabels[brand]}
              </span>
            ) : null}
          </div>
        )}
      </Field>
      <div className="grid grid-cols-2 gap-4">
        <Field id="sandbox-card-expiry" label="Expiration (MM / YY)" error={errors.expiry}>
          <Input
            inputMode="numeric"
            autoComplete="cc-exp"
            placeholder="MM / YY"
            value={expiry}
            disabled={disabled}
            maxLength={7}
            onChange={(e) => {
              setExpiry(formatExpiry(e.target.value));
              clearError('expiry');
            }}
          />
        </Field>
        <Field id="sandbox-card-cvc" label="CVC" error={errors.cvc}>
          <Input
            inputMode="numeric"
            autoComplete="cc-csc"
            placeholder={brand === 'amex' ? '1234' : '123'}
            value={cvc}
            disabled={disabled}
            maxLength={cvcLength(brand)}
            onChange={(e) => {
              setCvc(e.target.value.replace(/\D/g, '').slice(0, 4));
              clearError('cvc');
            }}
          />
        </Field>
      </div>
    </div>
  );
}
