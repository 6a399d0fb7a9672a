import { useRef, useState } from 'react';

/**
 * Open state for a dialog opened by a button outside it (no Radix trigger), which gives the focus
 * back to that button when it closes: Radix returns the focus only to its own trigger.
 */
export function useReturningDialog() {
  const buttonRef = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);
  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (!next) requestAnimationFrame(() => buttonRef.current?.focus());
  };
  return { buttonRef, open, show: () => setOpen(true), onOpenChange };
}
