import * as TooltipPrimitive from '@radix-ui/react-tooltip';
import { cn } from '@web/lib/utils';
import type * as React from 'react';
import { createContext, useContext } from 'react';

/** Tooltip timings of the product: open after 700 ms, skip the delay within 300 ms of the last one. */
export const TOOLTIP_DELAY_MS = 700;
export const TOOLTIP_SKIP_DELAY_MS = 300;

const GroupedContext = createContext(false);

/**
 * Groups tooltips, so that moving from one to the next skips the delay. Optional: a Tooltip outside
 * any provider brings its own. Keeping it out of the app shell keeps the positioning code (Radix
 * Popper, Floating UI) out of every page's first load; it comes with the pages that show tooltips.
 */
export function TooltipProvider({ children }: { children: React.ReactNode }) {
  return (
    <GroupedContext value={true}>
      <TooltipPrimitive.Provider delayDuration={TOOLTIP_DELAY_MS} skipDelayDuration={TOOLTIP_SKIP_DELAY_MS}>
        {children}
      </TooltipPrimitive.Provider>
    </GroupedContext>
  );
}

export function Tooltip(props: React.ComponentProps<typeof TooltipPrimitive.Root>) {
  const grouped = useContext(GroupedContext);
  const root = <TooltipPrimitive.Root {...props} />;
  return grouped ? (
    root
  ) : (
    <TooltipPrimitive.Provider delayDuration={TOOLTIP_DELAY_MS} skipDelayDuration={TOOLTIP_SKIP_DELAY_MS}>
      {root}
    </TooltipPrimitive.Provider>
  );
}

export const TooltipTrigger = TooltipPrimitive.Trigger;

export function TooltipContent({
  className,
  sideOffset = 4,
  ...props
}: React.ComponentProps<typeof TooltipPrimitive.Content>) {
  return (
    <TooltipPrimitive.Portal>
      <TooltipPrimitive.Content
        sideOffset={sideOffset}
        className={cn(
          'z-50 overflow-hidden rounded-md bg-primary px-3 py-1.5 text-xs text-primary-foreground shadow-md',
          className,
        )}
        {...props}
      />
    </TooltipPrimitive.Portal>
  );
}
