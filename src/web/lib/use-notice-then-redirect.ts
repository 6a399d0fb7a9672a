import { useEffect, useRef } from 'react';
import { carryToast, type Toast, toast } from './use-toast';

/**
 * While `active`, shows `notice` once (if any) and then, after `delayMs`, calls `go` (e.g. navigate
 * to the sign-in page). Leaving the page before then cancels the redirect. With `carry`, the
 * notice is shown again on the page `go` opens by a full-page navigation (carryToast).
 */
export function useNoticeThenRedirect(
  active: boolean,
  notice: Toast | null,
  delayMs: number,
  go: () => void,
  carry = false,
): void {
  const shown = useRef(false);
  const latest = useRef({ notice, go });
  latest.current = { notice, go };

  useEffect(() => {
    if (!active) {
      shown.current = false;
      return;
    }
    if (!shown.current) {
      shown.current = true;
      if (latest.current.notice) toast(latest.current.notice);
    }
    const timer = setTimeout(() => {
      if (carry && latest.current.notice) carryToast(latest.current.notice);
      latest.current.go();
    }, delayMs);
    return () => clearTimeout(timer);
  }, [active, delayMs, carry]);
}
