import type { QuoteDataInput } from '@domain/quotes/schemas';
import { fieldAria } from '@web/components/field';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { NativeSelect } from '@web/components/ui/native-select';
import { cn } from '@web/lib/utils';
import type * as React from 'react';
import { type FieldPath, useFormContext } from 'react-hook-form';

export type QuoteFieldName = FieldPath<QuoteDataInput>;

/** The visible required mark; the control itself carries aria-required. */
function RequiredMark() {
  return (
    <span aria-hidden="true" className="ml-0.5 text-destructive">
      *
    </span>
  );
}

function useFieldError(name: QuoteFieldName): string | undefined {
  const { formState, getFieldState } = useFormContext<QuoteDataInput>();
  return getFieldState(name, formState).error?.message;
}

const idOf = (name: string) => `quote-${name}`;

interface BaseProps {
  name: QuoteFieldName;
  label: string;
  required?: boolean;
  className?: string;
  hint?: string;
}

function FieldShell({
  name,
  label,
  required,
  className,
  hint,
  error,
  children,
}: BaseProps & { error?: string; children: React.ReactNode }) {
  const id = idOf(name);
  return (
    <div className={cn('grid content-start gap-2', className)}>
      <div className="flex items-baseline">
        <Label htmlFor={id} className={cn(error && 'text-destructive')}>
          {label}
        </Label>
        {required ? <RequiredMark /> : null}
      </div>
      {children}
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="text-sm font-medium text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export function TextField({
  type = 'text',
  autoComplete,
  inputMode,
  placeholder,
  maxLength = 100,
  ...props
}: BaseProps & {
  type?: string;
  autoComplete?: string;
  inputMode?: React.HTMLAttributes<HTMLInputElement>['inputMode'];
  placeholder?: string;
  maxLength?: number;
}) {
  const { register } = useFormContext<QuoteDataInput>();
  const error = useFieldError(props.name);
  return (
    <FieldShell {...props} error={error}>
      <Input
        {...fieldAria(idOf(props.name), error, Boolean(props.hint))}
        {...register(props.name)}
        type={type}
        autoComplete={autoComplete}
        inputMode={inputMode}
        placeholder={placeholder}
        maxLength={maxLength}
        aria-required={props.required || undefined}
      />
    </FieldShell>
  );
}

export function SelectField({
  options,
  placeholder = 'Select...',
  ...props
}: BaseProps & { options: readonly string[]; placeholder?: string }) {
  const { register } = useFormContext<QuoteDataInput>();
  const error = useFieldError(props.name);
  return (
    <FieldShell {...props} error={error}>
      <NativeSelect
        {...fieldAria(idOf(props.name), error, Boolean(props.hint))}
        {...register(props.name)}
        aria-required={props.required || undefined}
      >
        <option value="" disabled>
          {placeholder}
        </option>
        {options.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </NativeSelect>
    </FieldShell>
  );
}

/** A Yes/No choice as two radio buttons in a labelled group. */
export function YesNoField({ name, label, required, className }: BaseProps) {
  const { register } = useFormContext<QuoteDataInput>();
  const error = useFieldError(name);
  const id = idOf(name);
  return (
    <div
      role="radiogroup"
      aria-labelledby={`${id}-legend`}
      className={cn('grid content-start gap-2', className)}
      aria-describedby={error ? `${id}-error` : undefined}
      aria-required={required || undefined}
      aria-invalid={error ? true : undefined}
    >
      <p id={`${id}-legend`} className={cn('text-sm font-medium leading-none', error && 'text-destructive')}>
        {label}
        {required ? <RequiredMark /> : null}
      </p>
      <div className="flex gap-3">
        {(['Yes', 'No'] as const).map((option, index) => (
          <label
            key={option}
            className="flex min-h-10 cursor-pointer items-center gap-2 rounded-md border border-input bg-card px-4 text-sm has-checked:border-primary has-checked:bg-primary/5 has-focus-visible:outline-2 has-focus-visible:outline-ring"
          >
            <input
              type="radio"
              value={option}
              id={index === 0 ? id : undefined}
              className="size-4 accent-primary"
              {...register(name)}
            />
            {option}
          </label>
        ))}
      </div>
      {error ? (
        <p id={`${id}-error`} className="text-sm font-medium text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** The element that gets the focus for a field with an error. */
export function focusField(name: string): void {
  const el =
    document.getElementById(idOf(name)) ?? document.querySelector<HTMLElement>(`[data-field="${name}"]`);
  el?.focus();
  el?.scrollIntoView({ block: 'center', behavior: 'smooth' });
}
