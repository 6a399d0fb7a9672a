import { useEffect, useState } from 'react';

/** The time now, re-read every `ms` (relative times and countdowns move on without a reload). */
export function useNow(ms: number): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), ms);
    return () => window.clearInterval(timer);
  }, [ms]);
  return now;
}
