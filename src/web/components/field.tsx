import { Label } from '@web/components/ui/label';
import { cn } from '@web/lib/utils';
import type * as React from 'react';

interface FieldProps {
  /** The control's id; the label points at it, the error and hint are `${id}-error` / `${id}-hint`. */
  id: string;
  label: React.ReactNode;
  /** Marks the label with * (the spec's 'marked with *'). */
  required?: boolean;
  error?: string;
  hint?: React.ReactNode;
  className?: string;
  children: React.ReactNode;
}

/** A labelled form control with its hint and error message. */
export function Field({ id, label, required, error, hint, className, children }: FieldProps) {
  return (
    <div className={cn('grid content-start gap-2', className)}>
      {/* the required mark sits after the label element: the label's text stays the field's name */}
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

/** The spec's 'marked with *': seen, not read out (the control carries `required`). */
export function RequiredMark() {
  return (
    <span aria-hidden="true" className="ml-0.5 text-destructive">
      *
    </span>
  );
}

/** aria props of a control shown in a Field. */
export function fieldAria(id: string, error?: string, hint?: boolean) {
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy || undefined,
  } as const;
}
