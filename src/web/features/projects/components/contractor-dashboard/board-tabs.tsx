import { Card } from '@web/components/ui/card';
import { Bell, Briefcase, CheckCircle2, type LucideIcon } from 'lucide-react';

/** A tab: thumb-size, its label wrapping inside its third of a phone's width. */
export const TAB =
  'min-h-11 flex-wrap whitespace-normal text-center leading-tight sm:min-h-0 sm:whitespace-nowrap';

export type TabKey = 'active' | 'matched' | 'completed';

const emptyTexts: Record<TabKey, { title: string; text: string; icon: LucideIcon }> = {
  active: {
    title: 'No active projects',
    text: 'Projects you accept appear here with their six-step workflow.',
    icon: Briefcase,
  },
  matched: {
    title: 'No new matches',
    text: "When our team matches you with a homeowner's project, it appears here for you to accept.",
    icon: Bell,
  },
  completed: {
    title: 'No completed projects yet',
    text: 'A project moves here when you mark its installation complete.',
    icon: CheckCircle2,
  },
};

export function EmptyTab({ tab }: { tab: TabKey }) {
  const { title, text, icon: Icon } = emptyTexts[tab];
  return (
    <Card className="flex flex-col items-center gap-2 border-dashed px-6 py-12 text-center">
      <Icon aria-hidden="true" className="size-8 text-muted-foreground" />
      <h3 className="font-semibold">{title}</h3>
      <p className="max-w-md text-sm text-muted-foreground">{text}</p>
    </Card>
  );
}

/** A tab's count. */
export function TabCount({ n }: { n: number }) {
  return (
    <span className="rounded-full bg-muted-foreground/15 px-2 py-0.5 text-xs font-semibold tabular-nums">
      {n}
    </span>
  );
}
