import { type ReactNode, useEffect, useRef, useState } from 'react';

/**
 * Renders `children` only once its place comes near the screen (or at once where
 * IntersectionObserver is missing): a lazily imported component inside then loads only for
 * people who scroll to it. The placeholder keeps the place's height, so nothing shifts.
 */
export function DeferUntilVisible({
  children,
  placeholderClassName,
  rootMargin = '600px',
}: {
  children: ReactNode;
  placeholderClassName: string;
  rootMargin?: string;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof IntersectionObserver === 'undefined') {
      setVisible(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          setVisible(true);
          observer.disconnect();
        }
      },
      { rootMargin },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [rootMargin]);
  if (visible) return <>{children}</>;
  return <div ref={ref} className={placeholderClassName} aria-busy="true" />;
}
