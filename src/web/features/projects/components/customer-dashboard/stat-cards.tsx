import { formatCents } from '@domain/payments/money';
import { Card } from '@web/components/ui/card';
import { CheckCircle2, DollarSign, FolderKanban, Hammer } from 'lucide-react';
import type * as React from 'react';
import type { HomeownerStats } from './dashboard-model';

function StatCard({
  label,
  value,
  icon: Icon,
  testId,
}: {
  label: string;
  value: string;
  icon: React.ComponentType<{ className?: string; 'aria-hidden'?: boolean }>;
  testId: string;
}) {
  return (
    <li>
      <Card className="flex h-full items-center gap-3 p-3 sm:p-5">
        <span className="hidden size-10 shrink-0 items-center justify-center rounded-lg bg-primary/10 text-primary sm:flex">
          <Icon aria-hidden className="size-5" />
        </span>
        <div className="min-w-0">
          <p className="text-sm text-muted-foreground">{label}</p>
          <p className="truncate text-xl font-bold tabular-nums sm:text-2xl" data-testid={testId}>
            {value}
          </p>
        </div>
      </Card>
    </li>
  );
}

/** Total Projects, Active Projects, Completed, Total Value (spec 1 §2). */
export function StatCards({ stats }: { stats: HomeownerStats }) {
  return (
    <ul className="grid grid-cols-2 gap-3 lg:grid-cols-4" aria-label="Your projects in numbers">
      <StatCard label="Total Projects" value={String(stats.total)} icon={FolderKanban} testId="stat-total" />
      <StatCard label="Active Projects" value={String(stats.active)} icon={Hammer} testId="stat-active" />
      <StatCard
        label="Completed"
        value={String(stats.completed)}
        icon={CheckCircle2}
        testId="stat-completed"
      />
      <StatCard
        label="Total Value"
        value={formatCents(stats.totalValueCents)}
        icon={DollarSign}
        testId="stat-value"
      />
    </ul>
  );
}
