import { describe, expect, it } from 'vitest';
import { activityText, crewScheduledText, filesAddedText, stepChanges } from './activity';

const admin = { role: 'admin' } as const;
const homeowner = { role: 'homeowner' } as const;
const contractor = { role: 'contractor', contractorId: 'c1' } as const;
const step = (data: unknown, actorName: string | null = 'Marcus') => ({ kind: 'step', actorName, data });

describe('activityText', () => {
  it('says who set a step and to what', () => {
    expect(
      activityText(step({ step: 'permit_status', changes: { permitStatus: 'issued' } }), homeowner),
    ).toBe('Marcus set Permit Status: issued');
    expect(
      activityText(step({ step: 'material_order', changes: { materialStatus: 'not_ordered' } }), admin),
    ).toBe('Marcus set Material Order: not ordered');
    expect(
      activityText(step({ step: 'homeowner_contact', changes: { homeownerContactCompleted: true } }), admin),
    ).toBe('Marcus completed Homeowner Contact');
    expect(activityText(step({ step: 'permit_status', changes: { permitNotes: null } }), admin)).toBe(
      'Marcus updated Permit Status',
    );
    expect(activityText(step({ step: 'permit_status', changes: {} }, null), admin)).toBe(
      'Someone updated Permit Status',
    );
  });

  it('names the crew date, with an arrival window when there is one', () => {
    const changes = { crewScheduled: true, crewScheduledDate: '2026-12-03T12:00:00.000Z' };
    expect(activityText(step({ step: 'crew_scheduled', changes }), homeowner)).toBe(
      'Crew scheduled for Dec 3',
    );
    expect(activityText(step({ step: 'crew_scheduled', changes, arrivalWindow: '8-10 am' }), homeowner)).toBe(
      'Crew scheduled for Dec 3, 8-10 am',
    );
    expect(
      activityText(
        step({
          step: 'crew_scheduled',
          changes: { crewArrivalStart: '09:00' },
          scheduledFor: '2026-12-03T00:00:00.000Z',
          arrivalWindow: '9-10 am',
        }),
        homeowner,
      ),
    ).toBe('Crew scheduled for Dec 3, 9-10 am');
    expect(crewScheduledText(null)).toBe('Crew scheduled');
    expect(activityText(step({ step: 'crew_scheduled', changes: { crewScheduled: false } }), admin)).toBe(
      'Marcus marked Crew Scheduled not done',
    );
  });

  it('tells the milestones plainly', () => {
    expect(activityText({ kind: 'created', actorName: null, data: {} }, homeowner)).toBe('Project created');
    expect(activityText({ kind: 'accepted', actorName: 'M', data: { companyName: 'S' } }, homeowner)).toBe(
      'Work started',
    );
    expect(
      activityText(step({ step: 'install_completed', changes: { installCompleted: true } }), homeowner),
    ).toBe('Installation completed');
  });

  it('keeps a decline reason for admins and another contractor out of a contractor feed', () => {
    const declined = {
      kind: 'declined',
      actorName: 'Bob',
      data: { contractorId: 'c0', companyName: 'Summit Roofing', reason: 'Too far' },
    };
    expect(activityText(declined, admin)).toBe('Summit Roofing declined the match: Too far');
    expect(activityText(declined, homeowner)).toBe('Finding another contractor');
    expect(activityText(declined, contractor)).toBeNull();
    const assigned = (contractorId: string) => ({
      kind: 'assigned',
      actorName: 'Ann',
      data: { contractorId, companyName: 'Summit Roofing' },
    });
    expect(activityText(assigned('c0'), homeowner)).toBe('Summit Roofing was assigned');
    expect(activityText(assigned('c0'), contractor)).toBeNull();
    expect(activityText(assigned('c1'), contractor)).toBe('Summit Roofing was assigned');
  });

  it('counts files and names their step', () => {
    expect(
      filesAddedText({ kind: 'install_photo', count: 4, step: 'install_completed', documentType: null }),
    ).toBe('4 photos added to Install Completed');
    expect(filesAddedText({ kind: 'install_photo', count: 1, step: null, documentType: null })).toBe(
      '1 photo added',
    );
    expect(filesAddedText({ kind: 'image', count: 2, step: null, documentType: null })).toBe(
      '2 images added',
    );
    expect(filesAddedText({ kind: 'document', count: 1, step: null, documentType: 'permit' })).toBe(
      'Permit added',
    );
    expect(filesAddedText({ kind: 'document', count: 3, step: null, documentType: null })).toBe(
      '3 documents added',
    );
  });

  it('renders a row that does not fit its kind plainly, never failing', () => {
    expect(activityText({ kind: 'step', actorName: 'Marcus', data: { step: 'nope' } }, admin)).toBe(
      'Marcus updated the project',
    );
    expect(activityText({ kind: 'unknown', actorName: null, data: null }, admin)).toBe(
      'Someone updated the project',
    );
  });
});

describe('stepChanges', () => {
  it('groups a patch by step with its new values, keeping notes out', () => {
    expect(
      stepChanges({
        permitStatus: 'issued',
        permitNotes: 'call the clerk',
        crewScheduled: true,
        crewScheduledDate: new Date('2026-12-03T12:00:00.000Z'),
      }),
    ).toEqual([
      { step: 'permit_status', changes: { permitStatus: 'issued', permitNotes: null } },
      {
        step: 'crew_scheduled',
        changes: { crewScheduled: true, crewScheduledDate: '2026-12-03T12:00:00.000Z' },
      },
    ]);
  });
});
