import { cn } from '@web/lib/utils';

/** The roof-line logo mark (the same drawing as the favicon). */
export function BrandMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" className={cn('size-8 shrink-0', className)}>
      <rect width="32" height="32" rx="7" fill="#16253d" />
      <path
        d="M5 19.5 16 9l11 10.5"
        fill="none"
        stroke="#f0a04b"
        strokeWidth="3.2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <path d="M9.5 18.5V25h13v-6.5" fill="none" stroke="#fff" strokeWidth="2.6" strokeLinejoin="round" />
    </svg>
  );
}
