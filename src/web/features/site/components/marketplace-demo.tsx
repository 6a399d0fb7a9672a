import { cn } from '@web/lib/utils';
import { Check, Hammer, MessageSquare, Package, Star, Truck } from 'lucide-react';
import type * as React from 'react';

/** The demo project statuses of spec 1 §2 (landing page marketplace demo). */
type DemoStatus = 'In Progress' | 'Contractor Assigned' | 'Materials Ordered';

const statusStyle: Record<DemoStatus, string> = {
  'In Progress': 'bg-sky-100 text-sky-900',
  'Contractor Assigned': 'bg-violet-100 text-violet-900',
  'Materials Ordered': 'bg-amber-100 text-amber-950',
};

function StatusBadge({ status }: { status: DemoStatus }) {
  return (
    <span
      className={cn(
        'inline-flex shrink-0 items-center rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap',
        statusStyle[status],
      )}
    >
      {status}
    </span>
  );
}

function DemoWindow({
  caption,
  note,
  children,
}: {
  caption: string;
  note: string;
  children: React.ReactNode;
}) {
  return (
    <figure className="flex min-w-0 flex-col">
      <div className="flex-1 overflow-hidden rounded-xl border bg-card shadow-md">
        <div className="flex items-center gap-1.5 border-b bg-secondary px-3 py-2" aria-hidden="true">
          <span className="size-2.5 rounded-full bg-rose-300" />
          <span className="size-2.5 rounded-full bg-amber-300" />
          <span className="size-2.5 rounded-full bg-emerald-300" />
        </div>
        <div className="p-4 text-sm">{children}</div>
      </div>
      <figcaption className="mt-3">
        <span className="font-semibold">{caption}</span>
        <span className="block text-sm text-muted-foreground">{note}</span>
      </figcaption>
    </figure>
  );
}

function CustomerDashboardDemo() {
  const projects: Array<{ title: string; place: string; status: DemoStatus; cost: string }> = [
    { title: 'Full roof replacement', place: 'Plano, TX', status: 'In Progress', cost: '$15,700' },
    { title: 'Storm damage repair', place: 'Frisco, TX', status: 'Contractor Assigned', cost: '$4,850' },
  ];
  return (
    <DemoWindow caption="Customer dashboard" note="Every project, its status and its cost in one place.">
      <p className="font-semibold">Welcome back, Maria</p>
      <div className="mt-3 grid grid-cols-3 gap-2 text-center">
        {[
          ['2', 'Projects'],
          ['2', 'Active'],
          ['$20,550', 'Total value'],
        ].map(([value, label]) => (
          <div key={label} className="rounded-lg bg-secondary px-1 py-2">
            <p className="font-bold text-primary">{value}</p>
            <p className="text-xs text-muted-foreground">{label}</p>
          </div>
        ))}
      </div>
      <ul className="mt-3 grid gap-2">
        {projects.map((p) => (
          <li key={p.title} className="rounded-lg border p-3">
            <div className="flex flex-wrap items-start justify-between gap-2">
              <p className="font-medium">{p.title}</p>
              <StatusBadge status={p.status} />
            </div>
            <p className="mt-1 text-xs text-muted-foreground">
              {p.place} · Estimated {p.cost}
            </p>
          </li>
        ))}
      </ul>
    </DemoWindow>
  );
}

function TrackingDashboardDemo() {
  const steps: Array<{ label: string; state: 'done' | 'current' | 'next' }> = [
    { label: 'Contract signed', state: 'done' },
    { label: 'Materials Ordered', state: 'current' },
    { label: 'Tear-off and decking', state: 'next' },
    { label: 'Shingles installed', state: 'next' },
    { label: 'Final inspection', state: 'next' },
  ];
  return (
    <DemoWindow caption="Tracking dashboard" note="Live progress, step by step, as the crew works.">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="font-semibold">1420 Maple Ridge Dr</p>
        <StatusBadge status="Materials Ordered" />
      </div>
      <div className="mt-3">
        <div className="flex justify-between text-xs text-muted-foreground">
          <span>Progress</span>
          <span>35%</span>
        </div>
        <div className="mt-1 h-2 rounded-full bg-secondary" aria-hidden="true">
          <div className="h-2 w-[35%] rounded-full bg-accent" />
        </div>
      </div>
      <ol className="mt-3 grid gap-2">
        {steps.map((step) => (
          <li key={step.label} className="flex items-center gap-2">
            <span
              className={cn(
                'inline-flex size-5 shrink-0 items-center justify-center rounded-full border text-[10px]',
                step.state === 'done' && 'border-success bg-success text-white',
                step.state === 'current' && 'border-accent bg-accent/20',
                step.state === 'next' && 'border-input',
              )}
            >
              {step.state === 'done' ? <Check aria-hidden="true" className="size-3" /> : null}
              {step.state === 'current' ? <Truck aria-hidden="true" className="size-3" /> : null}
            </span>
            <span className={cn(step.state === 'next' && 'text-muted-foreground')}>
              {step.label}
              {step.state === 'done' ? <span className="sr-only"> (done)</span> : null}
              {step.state === 'current' ? <span className="sr-only"> (current step)</span> : null}
            </span>
          </li>
        ))}
      </ol>
      <p className="mt-3 flex items-center gap-2 rounded-lg bg-secondary px-3 py-2 text-xs">
        <MessageSquare aria-hidden="true" className="size-4 shrink-0 text-primary" />
        Shingles arrive Thursday morning.
      </p>
    </DemoWindow>
  );
}

function ContractorDashboardDemo() {
  const jobs: Array<{ title: string; place: string; status: DemoStatus; icon: typeof Hammer }> = [
    { title: 'Roof replacement', place: 'Plano, TX', status: 'In Progress', icon: Hammer },
    { title: 'Storm damage repair', place: 'Frisco, TX', status: 'Contractor Assigned', icon: Star },
    { title: 'Reroof before solar', place: 'Allen, TX', status: 'Materials Ordered', icon: Package },
  ];
  return (
    <DemoWindow caption="Contractor dashboard" note="Matched jobs, checklists and customer messages.">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="font-semibold">Lone Star Roofing Co.</p>
        <span className="inline-flex items-center gap-1 text-xs text-muted-foreground">
          <Star aria-hidden="true" className="size-3.5 fill-accent text-accent" />
          4.9 rating
        </span>
      </div>
      <ul className="mt-3 grid gap-2">
        {jobs.map(({ title, place, status, icon: Icon }) => (
          <li key={title} className="flex flex-wrap items-center gap-x-3 gap-y-2 rounded-lg border p-3">
            <Icon aria-hidden="true" className="size-4 shrink-0 text-primary" />
            <div className="min-w-0 flex-1 basis-36">
              <p className="truncate font-medium">{title}</p>
              <p className="text-xs text-muted-foreground">{place}</p>
            </div>
            <StatusBadge status={status} />
          </li>
        ))}
      </ul>
    </DemoWindow>
  );
}

/** Three sample screens of the marketplace, drawn in HTML (sample data, not live projects). */
export function MarketplaceDemo() {
  return (
    <div className="grid gap-8 md:grid-cols-2 xl:grid-cols-3">
      <CustomerDashboardDemo />
      <TrackingDashboardDemo />
      <ContractorDashboardDemo />
    </div>
  );
}
