import { formatCents } from '@domain/payments/money';
import type { Project } from '@domain/projects/schemas';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { DollarSign, MapPin, Ruler } from 'lucide-react';
import type * as React from 'react';
import { cityLine, formatDay, formatRoofArea } from './format';

/**
 * The three summary cards (spec 2 §2): Location, Project Budget and Project Details. A contractor
 * sees their own payment (88 % of the approved budget), never the homeowner's budget (spec 2 §6).
 */
export function SummaryCards({ project, forContractor }: { project: Project; forContractor: boolean }) {
  const place = cityLine(project.city, project.state, project.zipCode);
  return (
    <div className="grid gap-4 md:grid-cols-3">
      <SummaryCard icon={<MapPin aria-hidden="true" />} title="Location">
        <p className="font-medium [overflow-wrap:anywhere]">{project.address}</p>
        {place ? <p className="text-muted-foreground">{place}</p> : null}
      </SummaryCard>
      <SummaryCard icon={<DollarSign aria-hidden="true" />} title="Project Budget">
        <p className="text-sm text-muted-foreground">{forContractor ? 'Your Payment' : 'Approved Budget'}</p>
        <p className="text-2xl font-bold">
          {formatCents(forContractor ? project.contractorPaymentAmount : project.estimatedCost, 'TBD')}
        </p>
      </SummaryCard>
      <SummaryCard icon={<Ruler aria-hidden="true" />} title="Project Details">
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
          <dt className="text-muted-foreground">Roof area</dt>
          <dd className="font-medium">{formatRoofArea(project.roofArea, 'Not specified')}</dd>
          <dt className="text-muted-foreground">Material</dt>
          <dd className="font-medium [overflow-wrap:anywhere]">
            {project.materialPreference || 'Not specified'}
          </dd>
          <dt className="text-muted-foreground">Start date</dt>
          <dd className="font-medium">{formatDay(project.startDate, 'Not scheduled')}</dd>
        </dl>
      </SummaryCard>
    </div>
  );
}

function SummaryCard({
  icon,
  title,
  children,
}: {
  icon: React.ReactNode;
  title: string;
  children: React.ReactNode;
}) {
  return (
    <Card>
      <CardHeader className="flex-row items-center gap-2 p-4 pb-2 sm:p-6 sm:pb-3 [&_svg]:size-5 [&_svg]:text-primary">
        {icon}
        <CardTitle className="text-base">{title}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-1 p-4 pt-0 sm:p-6 sm:pt-0">{children}</CardContent>
    </Card>
  );
}
