import { cn } from '@web/lib/utils';
import type * as React from 'react';

/**
 * One radio button of a group shown as a card: its title and a line that explains it. The
 * input is registered as usual (`{...form.register('field')}` and `value`); `selected` only
 * styles the card.
 */
export function ChoiceCard({
  title,
  detail,
  selected,
  selectedClassName = 'border-primary bg-primary/5',
  ...input
}: Omit<React.ComponentProps<'input'>, 'type' | 'title' | 'className'> & {
  title: React.ReactNode;
  detail: React.ReactNode;
  selected: boolean;
  selectedClassName?: string;
}) {
  return (
    <label
      className={cn(
        'flex cursor-pointer items-start gap-3 rounded-lg border p-3 text-sm transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring',
        selected ? selectedClassName : 'hover:bg-secondary',
      )}
    >
      <input type="radio" {...input} className="mt-0.5 size-4 accent-primary" />
      <span>
        <span className="block font-semibold">{title}</span>
        <span className="text-muted-foreground">{detail}</span>
      </span>
    </label>
  );
}
