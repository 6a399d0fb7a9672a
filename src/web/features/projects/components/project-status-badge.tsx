import {
  type CloseoutState,
  type CloseoutViewer,
  closeoutStage,
  closeoutStageLabel,
} from '@domain/projects/closeout';
import type { BadgeTone } from '@domain/projects/status-badges';
import { homeownerStatusLabels, statusText, statusTone } from '@domain/projects/status-badges';
import type { ProjectStatus } from '@domain/projects/workflow';
import { cn } from '@web/lib/utils';

const toneClasses: Record<BadgeTone, string> = {
  yellow: 'border-transparent bg-amber-100 text-amber-900',
  primary: 'border-transparent bg-primary text-primary-foreground',
  purple: 'border-transparent bg-purple-100 text-purple-900',
  green: 'border-transparent bg-emerald-100 text-emerald-900',
  red: 'border-transparent bg-red-100 text-red-900',
  gray: 'border-transparent bg-muted text-muted-foreground',
};

/** A coloured pill; the tone comes from the domain's rules (status, priority, permit, material). */
export function ToneBadge({
  tone,
  children,
  className,
}: {
  tone: BadgeTone;
  children: React.ReactNode;
  className?: string;
}) {
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 rounded-full border px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap capitalize',
        toneClasses[tone],
        className,
      )}
    >
      {children}
    </span>
  );
}

/** The status badge of spec 2 §4: 'in progress' for contractors and admins, the homeowner's words for homeowners. */
export function ProjectStatusBadge({
  status,
  forHomeowner = false,
}: {
  status: string;
  forHomeowner?: boolean;
}) {
  const text = forHomeowner
    ? (homeownerStatusLabels[status as ProjectStatus] ?? statusText(status))
    : statusText(status);
  // the homeowner's labels are the spec's words as written ('Work in Progress'), not title-cased
  return (
    <ToneBadge tone={statusTone(status)} className={forHomeowner ? 'normal-case' : undefined}>
      {text}
    </ToneBadge>
  );
}

/**
 * Beside the status badge of a completed job (issue 25 #2): where its end stands, for everyone
 * ("Awaiting acceptance", "Punch list open"); nothing once the work is accepted. The status and its label stay the spec's.
 */
export function CloseoutStageBadge({ project, viewer }: { project: CloseoutState; viewer: CloseoutViewer }) {
  const stage = closeoutStage(project);
  // accepted work is simply completed: the badge speaks only while something is awaited
  const label = stage === 'accepted' ? null : closeoutStageLabel(stage, viewer);
  if (!label) return null;
  const tone: BadgeTone = stage === 'punch_list_open' ? 'red' : 'yellow';
  return (
    <ToneBadge tone={tone} className="normal-case">
      {label}
    </ToneBadge>
  );
}
