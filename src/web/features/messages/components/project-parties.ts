import type { Project } from '@domain/projects/schemas';

/** The project's other party for the viewer: the assigned contractor's user, or the homeowner. */
export function recipientOf(project: Project, viewerId: string): string | null {
  if (project.homeownerId === viewerId) return project.contractor?.userId ?? null;
  if (project.contractor?.userId === viewerId) return project.homeownerId;
  return null;
}

/** The other party's name as the viewer sees it: the contractor's company, or the homeowner. */
export function otherPartyName(project: Project, viewerId: string): string {
  if (project.homeownerId === viewerId)
    return project.contractor?.companyName ?? 'No contractor assigned yet';
  const h = project.homeowner;
  const name = [h?.firstName, h?.lastName].filter(Boolean).join(' ');
  return name || h?.email || 'Homeowner';
}
