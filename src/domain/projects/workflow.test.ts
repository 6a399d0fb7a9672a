import { describe, expect, it } from 'vitest';
import { generatedJobIdPattern, JOB_ID_ALPHABET, projectTitle, randomJobIdSuffix } from './job-id';
import { statusText } from './status-badges';
import {
  applyWorkflowPatch,
  contractorShareCents,
  initialWorkflow,
  projectProgressPercent,
  type WorkflowPatch,
  type WorkflowState,
  withDeviceDates,
} from './workflow';
import {
  dashboardProgressPercent,
  dashboardStepsDone,
  trackerProgressPercent,
  trackerStageStates,
  trackerStageUpdate,
} from './workflow-steps';

const NOW = new Date('2026-05-14T15:30:00.000Z');
const CHOSEN = '2026-05-10';
const CHOSEN_DATE = new Date('2026-05-10T00:00:00.000Z');
const EARLIER = new Date('2026-04-01T09:00:00.000Z');

/** A started project with nothing done. */
function fresh(over: Partial<WorkflowState> = {}): WorkflowState {
  return {
    status: 'in_progress',
    ...initialWorkflow,
    startDate: EARLIER,
    completionDate: null,
    ...over,
  };
}

const BOOLEAN_STEPS = [
  ['homeownerContactCompleted', 'homeownerContactDate'],
  ['materialSelectionCompleted', 'materialSelectionDate'],
  ['homeownerSignatureConfirmed', 'homeownerSignatureDate'],
  ['crewScheduled', 'crewScheduledDate'],
  ['installCompleted', 'installCompletedDate'],
] as const;

describe('date stamping on save (spec 2 §4)', () => {
  describe.each(BOOLEAN_STEPS)('%s', (flag, dateKey) => {
    it('checked without a chosen date: stamped now', () => {
      const change = applyWorkflowPatch(fresh(), { [flag]: true } as WorkflowPatch, NOW);
      expect(change[flag]).toBe(true);
      expect(change[dateKey]).toEqual(NOW);
    });

    it('checked with a chosen date: that date', () => {
      const patch = { [flag]: true, [dateKey]: CHOSEN } as WorkflowPatch;
      expect(applyWorkflowPatch(fresh(), patch, NOW)[dateKey]).toEqual(CHOSEN_DATE);
    });

    it('already checked, saved again without a date: keeps its date', () => {
      const current = fresh({ [flag]: true, [dateKey]: EARLIER });
      expect(applyWorkflowPatch(current, { [flag]: true } as WorkflowPatch, NOW)[dateKey]).toEqual(EARLIER);
    });

    it('already checked, saved again with a chosen date: the chosen date', () => {
      const current = fresh({ [flag]: true, [dateKey]: EARLIER.toISOString() });
      const patch = { [flag]: true, [dateKey]: CHOSEN } as WorkflowPatch;
      expect(applyWorkflowPatch(current, patch, NOW)[dateKey]).toEqual(CHOSEN_DATE);
    });

    it('unchecked: its date is cleared, even when one is sent', () => {
      const current = fresh({ [flag]: true, [dateKey]: EARLIER });
      const change = applyWorkflowPatch(current, { [flag]: false, [dateKey]: CHOSEN } as WorkflowPatch, NOW);
      expect(change[flag]).toBe(false);
      expect(change[dateKey]).toBeNull();
    });

    it('a date sent alone moves the date of a done step and is dropped for a step not done', () => {
      const done = fresh({ [flag]: true, [dateKey]: EARLIER });
      expect(applyWorkflowPatch(done, { [dateKey]: CHOSEN } as WorkflowPatch, NOW)[dateKey]).toEqual(
        CHOSEN_DATE,
      );
      expect(applyWorkflowPatch(fresh(), { [dateKey]: CHOSEN } as WorkflowPatch, NOW)).not.toHaveProperty(
        dateKey,
      );
    });
  });

  it.each([
    ['permitStatus', 'applied', 'permitApplicationDate'],
    ['permitStatus', 'issued', 'permitIssuedDate'],
    ['materialStatus', 'ordered', 'materialOrderedDate'],
    ['materialStatus', 'delivered', 'materialDeliveredDate'],
  ] as const)(
    '%s %s stamps %s: now, or the chosen date, or the date it already had',
    (key, value, dateKey) => {
      expect(applyWorkflowPatch(fresh(), { [key]: value } as WorkflowPatch, NOW)[dateKey]).toEqual(NOW);
      expect(
        applyWorkflowPatch(fresh(), { [key]: value, [dateKey]: CHOSEN } as WorkflowPatch, NOW)[dateKey],
      ).toEqual(CHOSEN_DATE);
      const already = fresh({ [key]: value, [dateKey]: EARLIER });
      expect(applyWorkflowPatch(already, { [key]: value } as WorkflowPatch, NOW)[dateKey]).toEqual(EARLIER);
    },
  );

  it('a status that offers no date stamps none', () => {
    for (const patch of [
      { permitStatus: 'not_required' },
      { permitStatus: 'application_needed' },
      { materialStatus: 'not_ordered' },
    ] as WorkflowPatch[]) {
      const change = applyWorkflowPatch(fresh(), patch, NOW);
      expect(Object.keys(change)).toEqual(Object.keys(patch));
    }
  });

  it('an earlier status date is kept when the status moves on (applied, then issued)', () => {
    const applied = fresh({ permitStatus: 'applied', permitApplicationDate: EARLIER });
    const change = applyWorkflowPatch(applied, { permitStatus: 'issued' }, NOW);
    expect(change).toEqual({ permitStatus: 'issued', permitIssuedDate: NOW });
  });

  it('the expected delivery date and the notes pass through as sent', () => {
    const patch: WorkflowPatch = {
      materialStatus: 'ordered',
      materialDeliveryDate: '2026-05-20',
      materialNotes: 'GAF Timberline HDZ, Charcoal',
    };
    expect(applyWorkflowPatch(fresh(), patch, NOW)).toEqual({
      materialStatus: 'ordered',
      materialOrderedDate: NOW,
      materialDeliveryDate: new Date('2026-05-20T00:00:00.000Z'),
      materialNotes: 'GAF Timberline HDZ, Charcoal',
    });
  });

  it('install completed completes the project with the install date as completion date', () => {
    expect(applyWorkflowPatch(fresh(), { installCompleted: true }, NOW)).toMatchObject({
      status: 'completed',
      installCompletedDate: NOW,
      completionDate: NOW,
    });
    expect(
      applyWorkflowPatch(fresh(), { installCompleted: true, installCompletedDate: CHOSEN }, NOW),
    ).toMatchObject({ status: 'completed', completionDate: CHOSEN_DATE });
  });

  it('install completed again on a completed project keeps it completed and its dates', () => {
    const done = fresh({
      status: 'completed',
      installCompleted: true,
      installCompletedDate: EARLIER,
      completionDate: EARLIER,
    });
    const change = applyWorkflowPatch(done, { installCompleted: true, installNotes: 'Final walk done' }, NOW);
    expect(change).not.toHaveProperty('status');
    expect(change).toMatchObject({ installCompletedDate: EARLIER, completionDate: EARLIER });
  });

  it('install unmarked returns a completed project to in_progress and clears the completion date', () => {
    const done = fresh({
      status: 'completed',
      installCompleted: true,
      installCompletedDate: EARLIER,
      completionDate: EARLIER,
    });
    expect(applyWorkflowPatch(done, { installCompleted: false }, NOW)).toEqual({
      installCompleted: false,
      installCompletedDate: null,
      status: 'in_progress',
      completionDate: null,
    });
  });

  it('a change that does not touch installation leaves status and completion alone', () => {
    const change = applyWorkflowPatch(fresh(), { crewScheduled: true, crewScheduledNotes: 'Crew of 6' }, NOW);
    expect(change).toEqual({ crewScheduled: true, crewScheduledDate: NOW, crewScheduledNotes: 'Crew of 6' });
  });
});

describe('progress formulas (spec 2 §4, §9)', () => {
  it('homeowner project view: pending 10, in_progress 50, completed 100, otherwise 0', () => {
    expect(projectProgressPercent('pending')).toBe(10);
    expect(projectProgressPercent('in_progress')).toBe(50);
    expect(projectProgressPercent('completed')).toBe(100);
    expect(projectProgressPercent('matched')).toBe(0);
    expect(projectProgressPercent('cancelled')).toBe(0);
    expect(projectProgressPercent('something else')).toBe(0);
  });

  it('contractor dashboard: six equal steps, permit done when issued or not required, material when delivered', () => {
    expect(dashboardProgressPercent(fresh())).toBe(0);
    expect(dashboardProgressPercent(fresh({ homeownerContactCompleted: true }))).toBe(17);
    expect(
      dashboardProgressPercent(fresh({ homeownerContactCompleted: true, materialSelectionCompleted: true })),
    ).toBe(33);
    // applied and ordered are not done
    expect(dashboardProgressPercent(fresh({ permitStatus: 'applied', materialStatus: 'ordered' }))).toBe(0);
    expect(dashboardProgressPercent(fresh({ permitStatus: 'not_required' }))).toBe(17);
    const all = fresh({
      homeownerContactCompleted: true,
      materialSelectionCompleted: true,
      permitStatus: 'issued',
      materialStatus: 'delivered',
      crewScheduled: true,
      installCompleted: true,
    });
    expect(dashboardStepsDone(all)).toEqual({
      homeowner_contact: true,
      material_selection: true,
      permit_status: true,
      material_order: true,
      crew_scheduled: true,
      install_completed: true,
    });
    expect(dashboardProgressPercent(all)).toBe(100);
    expect(dashboardProgressPercent({ ...all, crewScheduled: false })).toBe(83);
  });

  it('tracker: completed stages out of six (the signature counts, the crew does not)', () => {
    expect(trackerProgressPercent(fresh())).toBe(0);
    expect(trackerProgressPercent(fresh({ homeownerSignatureConfirmed: true }))).toBe(17);
    expect(trackerProgressPercent(fresh({ crewScheduled: true }))).toBe(0);
    const all = fresh({
      homeownerContactCompleted: true,
      materialSelectionCompleted: true,
      homeownerSignatureConfirmed: true,
      permitStatus: 'not_required',
      materialStatus: 'delivered',
      installCompleted: true,
    });
    expect(trackerProgressPercent(all)).toBe(100);
    expect(trackerProgressPercent({ ...all, materialStatus: 'ordered' })).toBe(83);
  });
});

describe('tracker stage states (spec 2 §4)', () => {
  it('completed by their flag or status; permits applied and material ordered are in progress; the rest pending', () => {
    expect(trackerStageStates(fresh())).toEqual({
      homeowner_contact: 'pending',
      material_selection: 'pending',
      contract_signature: 'pending',
      permits: 'pending',
      material_delivery: 'pending',
      installation: 'pending',
    });
    expect(
      trackerStageStates(
        fresh({
          homeownerContactCompleted: true,
          materialSelectionCompleted: true,
          permitStatus: 'applied',
          materialStatus: 'ordered',
        }),
      ),
    ).toEqual({
      homeowner_contact: 'completed',
      material_selection: 'completed',
      contract_signature: 'pending',
      permits: 'in_progress',
      material_delivery: 'in_progress',
      installation: 'pending',
    });
    const states = trackerStageStates(
      fresh({
        homeownerSignatureConfirmed: true,
        permitStatus: 'issued',
        materialStatus: 'delivered',
        installCompleted: true,
      }),
    );
    expect(states).toMatchObject({
      contract_signature: 'completed',
      permits: 'completed',
      material_delivery: 'completed',
      installation: 'completed',
    });
    expect(trackerStageStates(fresh({ permitStatus: 'not_required' })).permits).toBe('completed');
  });

  it("a stage's update sets the fields the tracker offers", () => {
    expect(trackerStageUpdate('homeowner_contact')).toEqual({ homeownerContactCompleted: true });
    expect(trackerStageUpdate('material_selection')).toEqual({ materialSelectionCompleted: true });
    expect(trackerStageUpdate('contract_signature')).toEqual({ homeownerSignatureConfirmed: true });
    expect(trackerStageUpdate('permits')).toEqual({ permitStatus: 'issued' });
    expect(trackerStageUpdate('permits', 'not_required')).toEqual({ permitStatus: 'not_required' });
    expect(trackerStageUpdate('material_delivery')).toEqual({ materialStatus: 'delivered' });
    expect(trackerStageUpdate('material_delivery', 'ordered')).toEqual({ materialStatus: 'ordered' });
    expect(trackerStageUpdate('installation')).toEqual({ installCompleted: true });
  });
});

describe('contractor share, titles and status text', () => {
  it('the contractor gets 88 % of the approved budget, rounded to the cent', () => {
    expect(contractorShareCents(1_845_050)).toBe(1_623_644);
    expect(contractorShareCents(100)).toBe(88);
    expect(contractorShareCents(1)).toBe(1);
    expect(contractorShareCents(0)).toBe(0);
    expect(contractorShareCents(2_500_000)).toBe(2_200_000);
  });

  it('SWRX job ids carry the year and a random suffix of five unambiguous characters, not a count', () => {
    expect(projectTitle(new Date('2026-03-01T00:00:00Z'), '7KQ4M')).toBe('SWRX-2026-7KQ4M');
    const titles = Array.from({ length: 2000 }, () => projectTitle(new Date('2027-12-31T23:59:59Z')));
    for (const title of titles) expect(title).toMatch(generatedJobIdPattern);
    expect(titles.every((t) => t.startsWith('SWRX-2027-'))).toBe(true);
    // random: 2,000 draws of 28.6 million are distinct (a collision is retried by the service anyway)
    expect(new Set(titles).size).toBeGreaterThan(1990);
    // no character that reads as another
    expect(titles.map((t) => t.slice(-5)).join('')).not.toMatch(/[01ILO]/);
  });

  it('draws each suffix character uniformly: bytes that would favour the first characters are drawn again', () => {
    // 248..255 are dropped; 0 and 247 map to the first and the last character
    const bytes = [255, 248, 0, 247, 30, 31, 61, 250, 252, 253];
    expect(randomJobIdSuffix(() => Uint8Array.from(bytes))).toBe(
      [0, 247, 30, 31, 61].map((b) => JOB_ID_ALPHABET[b % 31]).join(''),
    );
    expect(JOB_ID_ALPHABET).toHaveLength(31);
  });

  it('status text replaces the first underscore with a space', () => {
    expect(statusText('in_progress')).toBe('in progress');
    expect(statusText('pending')).toBe('pending');
  });
});

describe('withDeviceDates: a change made offline keeps the time it was made', () => {
  const at = '2026-11-28T09:15:00.000Z';
  it('dates each step it checks and each permit or material status it sets, when the user chose no date', () => {
    expect(
      withDeviceDates(
        {
          homeownerContactCompleted: true,
          permitStatus: 'issued',
          materialStatus: 'ordered',
          installNotes: 'x',
        },
        at,
      ),
    ).toEqual({
      homeownerContactCompleted: true,
      homeownerContactDate: at,
      permitStatus: 'issued',
      permitIssuedDate: at,
      materialStatus: 'ordered',
      materialOrderedDate: at,
      installNotes: 'x',
    });
  });
  it('keeps a date the user chose, and dates nothing unchecked or unset', () => {
    expect(withDeviceDates({ crewScheduled: true, crewScheduledDate: '2026-12-01' }, at)).toEqual({
      crewScheduled: true,
      crewScheduledDate: '2026-12-01',
    });
    expect(withDeviceDates({ installCompleted: false, permitStatus: 'application_needed' }, at)).toEqual({
      installCompleted: false,
      permitStatus: 'application_needed',
    });
  });
});
