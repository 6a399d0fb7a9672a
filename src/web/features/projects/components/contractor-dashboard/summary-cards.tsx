import { formatCentsShort } from '@domain/payments/money';
import { Card } from '@web/components/ui/card';
import { Bell, Briefcase, DollarSign, type LucideIcon, Star } from 'lucide-react';
import { type DashboardSummary, ratingText, revenueCaption } from './dashboard-summary';

function SummaryCard({
  title,
  value,
  caption,
  icon: Icon,
}: {
  title: string;
  value: string;
  caption: string;
  icon: LucideIcon;
}) {
  return (
    <Card className="flex items-start justify-between gap-3 p-5">
      <div className="grid min-w-0 gap-1">
        <h3 className="text-sm font-medium text-muted-foreground">{title}</h3>
        <p className="text-2xl font-bold tracking-tight tabular-nums">{value}</p>
        <p className="text-xs text-muted-foreground">{caption}</p>
      </div>
      <span className="rounded-lg bg-primary/10 p-2 text-primary">
        <Icon aria-hidden="true" className="size-5" />
      </span>
    </Card>
  );
}

/** The four summary cards of spec 2 §2, from `contractorDashboardSummary`. */
export function SummaryCards({ summary }: { summary: DashboardSummary }) {
  return (
    <section aria-labelledby="contractor-summary" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      <h2 id="contractor-summary" className="sr-only">
        Summary
      </h2>
      <SummaryCard
        title="Total Projects"
        value={String(summary.totalProjects)}
        caption={`${summary.activeCount} active, ${summary.completedCount} completed`}
        icon={Briefcase}
      />
      <SummaryCard
        title="Revenue"
        value={formatCentsShort(summary.revenueCents)}
        caption={revenueCaption(summary.completedCount)}
        icon={DollarSign}
      />
      <SummaryCard
        title="Rating"
        value={ratingText(summary.rating)}
        caption={
          summary.reviewCount > 0
            ? `Based on ${summary.reviewCount} customer review${summary.reviewCount === 1 ? '' : 's'}`
            : 'No customer reviews yet'
        }
        icon={Star}
      />
      <SummaryCard
        title="New Matches"
        value={String(summary.newMatches)}
        caption="Waiting for response"
        icon={Bell}
      />
    </section>
  );
}
