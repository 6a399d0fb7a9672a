import { Slot } from '@radix-ui/react-slot';
import { Label } from '@web/components/ui/label';
import { cn } from '@web/lib/utils';
import type * as React from 'react';
import { useId } from 'react';
import {
  type Control,
  Controller,
  type ControllerRenderProps,
  type FieldPath,
  type FieldValues,
} from 'react-hook-form';

/**
 * The one way a form shows a field: its label bound to the control, the required mark, a
 * description, and the error message, which the control points at (aria-describedby) and is marked
 * by (aria-invalid). `Field` takes the error it is given (react-hook-form's `errors.x?.message`
 * for a registered input, a hand-kept message elsewhere); `FormField` is a Field bound to a
 * react-hook-form field through its Controller; `FieldGroup` is the same for a set of radios or
 * checkboxes under a legend.
 */

/** What the control of a Field carries: the label's target, and what describes and marks it. */
export interface FieldControlProps {
  id: string;
  'aria-invalid'?: true;
  'aria-describedby'?: string;
  'aria-required'?: true;
}

interface FieldState {
  error?: string;
  /** The field shows a description. */
  description?: boolean;
  required?: boolean;
}

/** The ids of a field's description and error message, from the control's id. */
export const fieldDescriptionId = (id: string) => `${id}-description`;
export const fieldErrorId = (id: string) => `${id}-error`;

/** The aria attributes of a control with this id in this state. */
export function fieldControlProps(
  id: string,
  { error, description, required }: FieldState,
): FieldControlProps {
  const describedBy = [description ? fieldDescriptionId(id) : '', error ? fieldErrorId(id) : '']
    .filter(Boolean)
    .join(' ');
  return {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy || undefined,
    'aria-required': required ? true : undefined,
  };
}

/** The spec's 'marked with *': seen, not read out (the control carries aria-required). */
export function RequiredMark() {
  return (
    <span aria-hidden="true" className="ml-0.5 text-destructive">
      *
    </span>
  );
}

function FieldDescription({ id, children }: { id: string; children: React.ReactNode }) {
  return (
    <p id={fieldDescriptionId(id)} className="text-xs text-muted-foreground">
      {children}
    </p>
  );
}

/** Not an alert: the form's own alert (FormError) or notice says that something is wrong. */
function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={fieldErrorId(id)} className="text-sm font-medium text-destructive">
      {message}
    </p>
  );
}

export interface FieldProps {
  /** The control's id; generated when not given. The description and error ids derive from it. */
  id?: string;
  label: React.ReactNode;
  /** Marks the label with * and the control with aria-required. */
  required?: boolean;
  description?: React.ReactNode;
  error?: string;
  className?: string;
  /**
   * The control: one element, which gets the id and aria attributes; or, when the control sits
   * inside other elements (an adornment, a button beside it), a function that places them.
   */
  children: React.ReactElement | ((control: FieldControlProps) => React.ReactNode);
}

/** A labelled form control with its description and error message. */
export function Field({ id: givenId, label, required, description, error, className, children }: FieldProps) {
  const generatedId = useId();
  const id = givenId ?? generatedId;
  const control = fieldControlProps(id, { error, description: Boolean(description), required });
  return (
    <div className={cn('grid content-start gap-2', className)}>
      {/* the required mark sits after the label element: the label's text stays the field's name */}
      <div className="flex items-baseline">
        <Label htmlFor={id} className={cn(error && 'text-destructive')}>
          {label}
        </Label>
        {required ? <RequiredMark /> : null}
      </div>
      {typeof children === 'function' ? children(control) : <Slot {...control}>{children}</Slot>}
      {description ? <FieldDescription id={id}>{description}</FieldDescription> : null}
      <FieldError id={id} message={error} />
    </div>
  );
}

interface FormFieldProps<T extends FieldValues, N extends FieldPath<T>, O>
  extends Omit<FieldProps, 'children' | 'error'> {
  /** The form's control (`form.control`), whatever its resolver turns the values into (O). */
  control: Control<T, unknown, O>;
  name: N;
  /** The control, given react-hook-form's value, onChange, onBlur and ref (it gets the aria attributes too). */
  render: (field: ControllerRenderProps<T, N>) => React.ReactElement;
}

/** A Field bound to a react-hook-form field: its value through the Controller, its error from the form. */
export function FormField<T extends FieldValues, N extends FieldPath<T>, O = T>({
  control,
  name,
  render,
  ...field
}: FormFieldProps<T, N, O>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field: props, fieldState }) => (
        <Field {...field} error={fieldState.error?.message}>
          {render(props)}
        </Field>
      )}
    />
  );
}

export interface FieldGroupProps
  extends Omit<React.ComponentProps<'fieldset'>, 'children' | 'role' | 'aria-describedby' | 'aria-invalid'> {
  /** The group's id; generated when not given. */
  id?: string;
  legend: React.ReactNode;
  required?: boolean;
  description?: React.ReactNode;
  error?: string;
  /** 'radiogroup' for a set of radio buttons; a plain group otherwise. */
  role?: 'radiogroup';
  className?: string;
  legendClassName?: string;
  children: React.ReactNode;
}

/** Radio buttons or checkboxes under one legend, with the group's description and error message. */
export function FieldGroup({
  id: givenId,
  legend,
  required,
  description,
  error,
  role,
  className,
  legendClassName,
  children,
  ...fieldset
}: FieldGroupProps) {
  const generatedId = useId();
  const id = givenId ?? generatedId;
  const { 'aria-describedby': describedBy } = fieldControlProps(id, {
    error,
    description: Boolean(description),
  });
  return (
    <fieldset
      {...fieldset}
      id={id}
      {...(role === 'radiogroup' ? { role, 'aria-required': required ? true : undefined } : {})}
      aria-labelledby={`${id}-legend`}
      aria-describedby={describedBy}
      aria-invalid={error ? true : undefined}
      className={cn('grid min-w-0 content-start gap-2', className)}
    >
      <legend
        id={`${id}-legend`}
        className={cn('mb-1 flex items-baseline text-sm font-medium', legendClassName)}
      >
        <span className={cn(error && 'text-destructive')}>{legend}</span>
        {required ? <RequiredMark /> : null}
      </legend>
      {description ? <FieldDescription id={id}>{description}</FieldDescription> : null}
      {children}
      <FieldError id={id} message={error} />
    </fieldset>
  );
}
