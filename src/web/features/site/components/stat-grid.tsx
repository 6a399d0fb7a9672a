import { cn } from '@web/lib/utils';

export interface Stat {
  value: string;
  label: string;
}

/** Big figures with a short label each (a description list, so screen readers pair them). */
export function StatGrid({
  stats,
  tone = 'light',
  className,
}: {
  stats: Stat[];
  tone?: 'dark' | 'light';
  className?: string;
}) {
  const dark = tone === 'dark';
  return (
    <dl className={cn('grid grid-cols-2 gap-3 sm:gap-4', className)}>
      {stats.map((stat) => (
        <div
          key={stat.label}
          className={cn(
            'flex flex-col-reverse justify-end rounded-xl border p-4 sm:p-5',
            dark ? 'border-white/10 bg-white/5' : 'bg-card shadow-sm',
          )}
        >
          <dt className={cn('mt-1 text-sm', dark ? 'text-header-foreground/75' : 'text-muted-foreground')}>
            {stat.label}
          </dt>
          <dd className={cn('text-2xl font-bold sm:text-3xl', dark ? 'text-white' : 'text-primary')}>
            {stat.value}
          </dd>
        </div>
      ))}
    </dl>
  );
}
