import { cn } from '@web/lib/utils';
import { Check } from 'lucide-react';

/**
 * The step indicator of a wizard: done steps are ticked and may be opened again, the current one
 * is marked for screen readers (aria-current="step"), later ones wait.
 */
export function WizardSteps({
  steps,
  current,
  saved,
  onSelect,
  label,
}: {
  steps: readonly string[];
  /** 1-based. */
  current: number;
  /** How many steps are saved: those and the next may be opened. */
  saved: number;
  onSelect: (step: number) => void;
  label: string;
}) {
  return (
    <nav aria-label={label}>
      <ol className="grid gap-2 sm:flex sm:items-center sm:gap-3">
        {steps.map((name, i) => {
          const n = i + 1;
          const done = n <= saved;
          const isCurrent = n === current;
          const reachable = n <= saved + 1 && !isCurrent;
          const content = (
            <>
              <span
                aria-hidden="true"
                className={cn(
                  'flex size-7 shrink-0 items-center justify-center rounded-full border text-xs font-bold',
                  isCurrent && 'border-primary bg-primary text-primary-foreground',
                  !isCurrent && done && 'border-primary bg-primary/10 text-primary',
                  !isCurrent && !done && 'border-muted-foreground/40 text-muted-foreground',
                )}
              >
                {done && !isCurrent ? <Check className="size-4" /> : n}
              </span>
              <span className={cn('text-sm', isCurrent ? 'font-semibold' : 'text-muted-foreground')}>
                <span className="sr-only">Step {n}: </span>
                {name}
                {done && !isCurrent ? <span className="sr-only"> (done)</span> : null}
              </span>
            </>
          );
          return (
            <li key={name} className="flex items-center gap-3 sm:flex-1">
              {reachable ? (
                <button
                  type="button"
                  onClick={() => onSelect(n)}
                  className="flex items-center gap-2 rounded-md text-left hover:underline focus-visible:outline-2 focus-visible:outline-ring"
                >
                  {content}
                </button>
              ) : (
                <span className="flex items-center gap-2" aria-current={isCurrent ? 'step' : undefined}>
                  {content}
                </span>
              )}
              {n < steps.length ? (
                <span aria-hidden="true" className="hidden h-px flex-1 bg-border sm:block" />
              ) : null}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
