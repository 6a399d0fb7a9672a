import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { sampleProject } from '../../../../../../tests/helpers/sample-project';
import type { PublicUser } from '../../../../../domain/auth/schemas';
import type { Project } from '../../../../../domain/projects/schemas';
import { trackerStages } from '../../../../../domain/projects/workflow-steps';
import { authKeys } from '../../../../lib/use-auth';
import { ProgressTracker, type TrackerViewer } from './progress-tracker';

const contractorUser = { id: 'user-contractor', userType: 'contractor' } as PublicUser;
const otherContractor = { id: 'user-someone-else', userType: 'contractor' } as PublicUser;
const homeownerUser = { id: 'user-homeowner', userType: 'homeowner' } as PublicUser;

function project(overrides: Partial<Project> = {}): Project {
  return sampleProject({
    contractorId: 'profile-1',
    homeownerId: homeownerUser.id,
    contractor: {
      id: 'profile-1',
      userId: contractorUser.id,
      companyName: 'Lone Star Roofing Co.',
      contactEmail: 'office@lonestar.test',
      contactPhone: '(214) 555-0199',
      rating: 4.8,
      reviewCount: 12,
      totalProjects: 37,
      user: { firstName: 'Sam', lastName: 'Ortiz' },
      licensedUntil: null,
      insuredUntil: '2027-06-30',
    },
    ...overrides,
  });
}

function render(p: Project, viewer: TrackerViewer, user: PublicUser, showPercent?: boolean): string {
  const client = new QueryClient();
  client.setQueryData(authKeys.user(), user);
  const html = renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <ProgressTracker project={p} viewer={viewer} showPercent={showPercent} />
    </QueryClientProvider>,
  );
  return html;
}

const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, ' ');
const buttons = (html: string) =>
  [...html.matchAll(/<button[^>]*>([\s\S]*?)<\/button>/g)].map((m) => text(m[1] ?? '').trim());

describe('the project progress tracker', () => {
  it('shows the homeowner six read-only stages in their own words', () => {
    const html = render(project({ homeownerContactCompleted: true }), 'homeowner', homeownerUser);
    const shown = text(html);
    expect(buttons(html)).toEqual([]);
    expect(shown).toContain('17% complete');
    const labels = Object.values(trackerStages).map((s) => shown.indexOf(s.label));
    expect(labels.every((at) => at >= 0)).toBe(true);
    expect(labels).toEqual([...labels].sort((a, b) => a - b));
    for (const s of Object.values(trackerStages)) {
      expect(shown).toContain(s.homeowner);
      expect(shown).not.toContain(s.contractor);
    }
  });

  it('labels its figure for what it counts, and leaves the percentage out beside another one (issue 23 #5)', () => {
    const p = project({ homeownerContactCompleted: true, permitStatus: 'not_required' });
    expect(text(render(p, 'contractor', contractorUser))).toContain('2 of 6 steps done · 33% complete');
    const beside = text(render(p, 'homeowner', homeownerUser, false));
    expect(beside).toContain('2 of 6 steps done');
    expect(beside).not.toContain('%');
    // the first step not done is the one both sides see as next
    expect(beside).toMatch(/Material Selection Next/);
  });

  it('shows the crew date on the installation stage until it is installed', () => {
    const p = project({ crewScheduled: true, crewScheduledDate: '2026-12-03T18:00:00.000Z' });
    expect(text(render(p, 'homeowner', homeownerUser))).toContain('Crew scheduled for Thu, Dec 3, 2026');
    // with the arrival window the contractor gave
    const windowed = project({
      crewScheduled: true,
      crewScheduledDate: '2026-12-03T18:00:00.000Z',
      crewArrivalStart: '08:00',
      crewArrivalEnd: '10:00',
    });
    expect(text(render(windowed, 'homeowner', homeownerUser))).toContain(
      'Crew scheduled for Thu, Dec 3, 2026, arrival 8-10 am',
    );
  });

  it('offers the assigned contractor only Accept Project while the project is matched', () => {
    const html = render(project({ status: 'matched' }), 'contractor', contractorUser);
    expect(buttons(html)).toEqual(['Accept Project']);
    expect(text(html)).toContain('Accept it to start its workflow.');
  });

  it('offers the assigned contractor the choices of each stage not yet completed', () => {
    const html = render(
      project({ homeownerContactCompleted: true, permitStatus: 'applied', materialStatus: 'ordered' }),
      'contractor',
      contractorUser,
    );
    expect(buttons(html)).toEqual([
      'Mark Complete', // material selection
      'Mark Complete', // contract signature
      'Permit Issued',
      'Not Required',
      'Mark Delivered', // already ordered: only delivered is left
      'Mark Complete', // installation
      'Upload Installation Photos',
    ]);
    expect(text(html)).toContain(trackerStages.permits.contractor);
    expect(text(html).match(/In Progress/g)).toHaveLength(2);
  });

  it('is read-only for a contractor who is not the one assigned, and for an admin', () => {
    expect(buttons(render(project(), 'contractor', otherContractor))).toEqual([]);
    expect(buttons(render(project(), 'admin', { id: 'a', userType: 'admin' } as PublicUser))).toEqual([]);
  });

  it('says Project completed! at 100 % and offers only more photos', () => {
    const html = render(
      project({
        status: 'completed',
        homeownerContactCompleted: true,
        materialSelectionCompleted: true,
        homeownerSignatureConfirmed: true,
        permitStatus: 'not_required',
        materialStatus: 'delivered',
        installCompleted: true,
      }),
      'contractor',
      contractorUser,
    );
    expect(text(html)).toContain('100% complete');
    expect(text(html)).toContain('Project completed!');
    expect(buttons(html)).toEqual(['Upload Installation Photos']);
  });

  it('tells everyone a cancelled project can no longer change', () => {
    const html = render(project({ status: 'cancelled' }), 'contractor', contractorUser);
    expect(buttons(html)).toEqual([]);
    expect(text(html)).toContain('This project is cancelled: its workflow can no longer change.');
  });
});
