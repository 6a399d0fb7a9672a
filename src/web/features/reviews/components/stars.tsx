import { Star } from 'lucide-react';

/** Read-only stars (1-5), with the number for screen readers. */
export function Stars({ value, size = 'size-4' }: { value: number; size?: string }) {
  return (
    <span className="inline-flex items-center gap-0.5" role="img" aria-label={`${value} of 5 stars`}>
      {[1, 2, 3, 4, 5].map((n) => (
        <Star
          key={n}
          aria-hidden="true"
          className={`${size} ${n <= Math.round(value) ? 'fill-amber-400 text-amber-400' : 'text-muted-foreground/40'}`}
        />
      ))}
    </span>
  );
}

/** The 1-5 star picker: a radio group, usable with the keyboard (arrows) and large enough to tap. */
export function StarPicker({
  value,
  onChange,
  disabled,
}: {
  value: number;
  onChange: (stars: number) => void;
  disabled?: boolean;
}) {
  return (
    <fieldset className="grid gap-1" disabled={disabled}>
      <legend className="text-sm font-medium">Your rating</legend>
      <div className="flex gap-1">
        {[1, 2, 3, 4, 5].map((n) => (
          <label key={n} className="cursor-pointer rounded p-1 focus-within:ring-2 focus-within:ring-ring">
            <input
              type="radio"
              name="review-stars"
              value={n}
              checked={value === n}
              onChange={() => onChange(n)}
              className="sr-only"
              aria-label={`${n} ${n === 1 ? 'star' : 'stars'}`}
            />
            <Star
              aria-hidden="true"
              className={`size-8 ${n <= value ? 'fill-amber-400 text-amber-400' : 'text-muted-foreground/50'}`}
            />
          </label>
        ))}
      </div>
    </fieldset>
  );
}
