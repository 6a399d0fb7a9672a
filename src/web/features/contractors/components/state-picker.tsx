import { FieldGroup } from '@web/components/field';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { Search, X } from 'lucide-react';
import type * as React from 'react';
import { useId, useState } from 'react';
import { filterRegions, sortStates } from '../lib/state-regions';

/**
 * The working-states multi-select: a filter, the chosen states (each removable), and a
 * scrollable list of checkboxes grouped by region. Every control is a native checkbox or button,
 * so Tab, Space and a screen reader work as everywhere else.
 */
export function StatePicker({
  id,
  value,
  onChange,
  onBlur,
  error,
  focusRef,
}: {
  id: string;
  value: string[];
  onChange: (next: string[]) => void;
  onBlur?: () => void;
  error?: string;
  /** Where the form puts the focus when the field is invalid (the filter box). */
  focusRef?: React.Ref<HTMLInputElement>;
}) {
  const [filter, setFilter] = useState('');
  const uid = useId();
  const regions = filterRegions(filter);
  const chosen = sortStates(value);
  const toggle = (state: string, on: boolean) =>
    onChange(on ? sortStates([...value, state]) : value.filter((s) => s !== state));

  return (
    <FieldGroup
      id={id}
      legend="Working States"
      required
      description={`Choose every state where you take jobs. ${chosen.length} selected.`}
      error={error}
      className="gap-3"
      legendClassName="mb-2"
    >
      {chosen.length > 0 ? (
        <ul aria-label="Selected states" className="flex flex-wrap gap-1.5">
          {chosen.map((s) => (
            <li key={s}>
              <button
                type="button"
                onClick={() => toggle(s, false)}
                className="inline-flex items-center gap-1 rounded-full border border-primary/30 bg-primary/10 px-2.5 py-1 text-xs font-medium text-primary hover:bg-primary/20 focus-visible:outline-2 focus-visible:outline-ring"
                aria-label={`Remove ${s}`}
              >
                {s}
                <X aria-hidden="true" className="size-3" />
              </button>
            </li>
          ))}
          <li>
            <Button type="button" variant="ghost" size="sm" onClick={() => onChange([])} className="h-7">
              Clear all
            </Button>
          </li>
        </ul>
      ) : null}

      <div className="relative">
        <label htmlFor={`${uid}-filter`} className="sr-only">
          Filter states
        </label>
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
        />
        <Input
          ref={focusRef}
          id={`${uid}-filter`}
          type="search"
          value={filter}
          onChange={(e) => setFilter(e.target.value)}
          placeholder="Filter states"
          autoComplete="off"
          className="pl-9"
        />
      </div>

      <div className="max-h-72 overflow-y-auto rounded-md border p-3" data-testid="state-list">
        {regions.length === 0 ? (
          <p className="text-sm text-muted-foreground">No state matches "{filter}".</p>
        ) : (
          <div className="grid gap-4">
            {regions.map((region) => (
              <fieldset key={region.name}>
                <legend className="mb-2 text-xs font-semibold tracking-wider text-muted-foreground uppercase">
                  {region.name}
                </legend>
                <div className="grid grid-cols-1 gap-x-4 gap-y-1 min-[420px]:grid-cols-2 md:grid-cols-3">
                  {region.states.map((state) => {
                    const checkboxId = `${uid}-${state.replace(/\s+/g, '-')}`;
                    return (
                      <div key={state} className="flex items-center gap-2 py-1">
                        <input
                          id={checkboxId}
                          type="checkbox"
                          checked={value.includes(state)}
                          onChange={(e) => toggle(state, e.target.checked)}
                          onBlur={onBlur}
                          className="size-4 shrink-0 accent-primary"
                        />
                        <label htmlFor={checkboxId} className="cursor-pointer text-sm">
                          {state}
                        </label>
                      </div>
                    );
                  })}
                </div>
              </fieldset>
            ))}
          </div>
        )}
      </div>
    </FieldGroup>
  );
}
