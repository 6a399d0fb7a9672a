import { yesNoOptions } from '@domain/quotes/options';
import type { QuoteDataInput } from '@domain/quotes/quote-form';
import { Field, FieldGroup } from '@web/components/field';
import { Input } from '@web/components/ui/input';
import { NativeSelect } from '@web/components/ui/native-select';
import { cn } from '@web/lib/utils';
import type * as React from 'react';
import { type FieldPath, type RegisterOptions, useFormContext, useFormState } from 'react-hook-form';

export type QuoteFieldName = FieldPath<QuoteDataInput>;

/** The form's message for one field (only this field's state is subscribed to). */
export function useQuoteFieldError(name: string): string | undefined {
  const { getFieldState } = useFormContext<QuoteDataInput>();
  const formState = useFormState<QuoteDataInput>({ name: name as QuoteFieldName });
  return getFieldState(name as QuoteFieldName, formState).error?.message;
}

export const quoteFieldId = (name: string) => `quote-${name}`;

interface BaseProps {
  name: QuoteFieldName;
  label: string;
  required?: boolean;
  className?: string;
  description?: string;
}

/** A text input of the quote form: the shared Field (label, hint, error) around a registered Input. */
export function TextField({
  type = 'text',
  autoComplete,
  inputMode,
  placeholder,
  maxLength = 100,
  readOnly,
  ...props
}: BaseProps & {
  type?: string;
  autoComplete?: string;
  inputMode?: React.HTMLAttributes<HTMLInputElement>['inputMode'];
  placeholder?: string;
  maxLength?: number;
  readOnly?: boolean;
}) {
  const { register } = useFormContext<QuoteDataInput>();
  const error = useQuoteFieldError(props.name);
  const id = quoteFieldId(props.name);
  return (
    <Field
      id={id}
      label={props.label}
      required={props.required}
      error={error}
      description={props.description}
      className={props.className}
    >
      <Input
        {...register(props.name)}
        type={type}
        autoComplete={autoComplete}
        inputMode={inputMode}
        placeholder={placeholder}
        maxLength={maxLength}
        readOnly={readOnly}
        className={cn(readOnly && 'bg-muted text-muted-foreground')}
      />
    </Field>
  );
}

export function SelectField({
  options,
  placeholder = 'Select...',
  emptySelectable = false,
  registerOptions,
  ...props
}: BaseProps & {
  options: readonly string[];
  placeholder?: string;
  /** The empty first option may be chosen again (an optional field). */
  emptySelectable?: boolean;
  registerOptions?: RegisterOptions<QuoteDataInput, QuoteFieldName>;
}) {
  const { register, formState } = useFormContext<QuoteDataInput>();
  const error = useQuoteFieldError(props.name);
  const id = quoteFieldId(props.name);
  // the HTML selects the default too (the placeholder when empty), not the first state the
  // browser would pick before the scripts run
  const initial = formState.defaultValues?.[props.name];
  return (
    <Field
      id={id}
      label={props.label}
      required={props.required}
      error={error}
      description={props.description}
      className={props.className}
    >
      <NativeSelect
        defaultValue={typeof initial === 'string' ? initial : ''}
        {...register(props.name, registerOptions)}
      >
        <option value="" disabled={!emptySelectable}>
          {placeholder}
        </option>
        {options.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </NativeSelect>
    </Field>
  );
}

/**
 * A choice as radio buttons in a labelled group (Yes/No unless other options are given), with an
 * optional description under the legend; arrow keys move between the options, as in any radio group.
 */
export function RadioField({
  name,
  label,
  required,
  className,
  description,
  options = yesNoOptions,
}: BaseProps & { options?: readonly string[] }) {
  const { register } = useFormContext<QuoteDataInput>();
  const error = useQuoteFieldError(name);
  const id = quoteFieldId(name);
  return (
    <FieldGroup
      id={`${id}-group`}
      role="radiogroup"
      legend={label}
      required={required}
      description={description}
      error={error}
      className={className}
    >
      <div className="flex flex-wrap gap-3">
        {options.map((option, index) => (
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
    </FieldGroup>
  );
}

/** The element that gets the focus for a field with an error. */
export function focusField(name: string): void {
  const el =
    document.getElementById(quoteFieldId(name)) ??
    document.querySelector<HTMLElement>(`[data-field="${name}"]`);
  el?.focus();
  el?.scrollIntoView({ block: 'center', behavior: 'smooth' });
}
