import { describe, expect, it } from 'vitest';
import { sampleProject } from '../../../tests/helpers/sample-project';
import { datesInOrder, jobSteps, jobStepsSummary, jobTimeline } from './job-steps';
import { trackerProgressPercent, trackerStageKeys } from './workflow-steps';

const DAY = 86_400_000;
const at = (days: number) => new Date(Date.UTC(2026, 2, 1) + days * DAY).toISOString();

/** The demo job both sides looked at: contact, selection, signature, permit done; material ordered. */
const halfway = sampleProject({
  homeownerContactCompleted: true,
  homeownerContactDate: at(5),
  materialSelectionCompleted: true,
  materialSelectionDate: at(7),
  selectedMaterial: 'GAF Timberline HDZ',
  homeownerSignatureConfirmed: true,
  homeownerSignatureDate: at(8),
  permitStatus: 'issued',
  permitApplicationDate: at(9),
  permitIssuedDate: at(12),
  materialStatus: 'ordered',
  materialOrderedDate: at(13),
});

describe('jobSteps: one list of steps for both sides (issue 23 #5)', () => {
  it('lists the six steps in order, with done, current and next and their dates', () => {
    const steps = jobSteps(halfway);
    expect(steps.map((s) => s.key)).toEqual([...trackerStageKeys]);
    expect(steps.map((s) => s.state)).toEqual(['done', 'done', 'done', 'done', 'current', 'next']);
    expect(steps[0]).toMatchObject({ label: 'Homeowner Contact', dateLabel: 'Completed', date: at(5) });
    expect(steps[1]).toMatchObject({ detail: 'GAF Timberline HDZ', date: at(7) });
    expect(steps[3]).toMatchObject({
      label: 'Permits & Approvals',
      dateLabel: 'Permit issued',
      date: at(12),
    });
    expect(steps[4]).toMatchObject({ dateLabel: 'Ordered', date: at(13) });
    expect(steps[5]).toMatchObject({ dateLabel: null, date: null, scheduledDate: null });
  });

  it('counts the same steps as the tracker percentage and names the next step', () => {
    const summary = jobStepsSummary(halfway);
    expect(summary).toMatchObject({ done: 4, total: 6, text: '4 of 6 steps done' });
    expect(summary.next?.label).toBe('Material Delivery');
    expect(Math.round((summary.done / summary.total) * 100)).toBe(trackerProgressPercent(halfway));
  });

  it('makes the first open step current once work started, and nothing current before', () => {
    expect(jobSteps(sampleProject()).map((s) => s.state)).toEqual([
      'current',
      'next',
      'next',
      'next',
      'next',
      'next',
    ]);
    for (const status of ['pending', 'matched', 'cancelled'] as const) {
      expect(jobSteps(sampleProject({ status })).every((s) => s.state === 'next')).toBe(true);
    }
  });

  it('marks a step under way as current beside the first open one', () => {
    const steps = jobSteps(sampleProject({ permitStatus: 'applied', permitApplicationDate: at(4) }));
    expect(steps.filter((s) => s.state === 'current').map((s) => s.key)).toEqual([
      'homeowner_contact',
      'permits',
    ]);
    expect(steps[3]).toMatchObject({ dateLabel: 'Applied', date: at(4) });
  });

  it('shows the crew date on the installation step until it is done', () => {
    const scheduled = sampleProject({ crewScheduled: true, crewScheduledDate: at(20) });
    const day = new Date(at(20)).toLocaleDateString('en-US', {
      timeZone: 'UTC',
      weekday: 'short',
      month: 'short',
      day: 'numeric',
      year: 'numeric',
    });
    expect(jobSteps(scheduled)[5]).toMatchObject({
      detail: `Crew scheduled for ${day}`,
      scheduledDate: at(20),
    });
    // with the arrival window the contractor gave
    const windowed = sampleProject({
      crewScheduled: true,
      crewScheduledDate: at(20),
      crewArrivalStart: '08:00',
      crewArrivalEnd: '10:00',
    });
    expect(jobSteps(windowed)[5]?.detail).toBe(`Crew scheduled for ${day}, arrival 8-10 am`);
    const installed = sampleProject({
      crewScheduled: true,
      crewScheduledDate: at(20),
      installCompleted: true,
      installCompletedDate: at(21),
      status: 'completed',
    });
    expect(jobSteps(installed)[5]).toMatchObject({ state: 'done', date: at(21), scheduledDate: null });
  });

  it('says no permit is required without a date', () => {
    expect(jobSteps(sampleProject({ permitStatus: 'not_required' }))[3]).toMatchObject({
      state: 'done',
      detail: 'No permit required',
      date: null,
    });
  });

  it('gives the homeowner and the contractor the same list (it reads only the project)', () => {
    const asContractor = jobSteps(JSON.parse(JSON.stringify(halfway)));
    expect(asContractor).toEqual(jobSteps(halfway));
  });
});

describe('jobTimeline: the milestones in order', () => {
  it('dates Contractor Assigned with the moment of assignment, not the last update', () => {
    const steps = jobTimeline(
      sampleProject({ createdAt: at(0), assignedAt: at(2), startDate: at(3), updatedAt: at(30) }),
    );
    expect(steps.map((s) => [s.key, s.done, s.date])).toEqual([
      ['created', true, at(0)],
      ['assigned', true, at(2)],
      ['started', true, at(3)],
      ['completed', false, null],
    ]);
    expect(datesInOrder(steps.map((s) => s.date))).toBe(true);
  });

  it('keeps the dates in order: a recorded date before the previous one is shown as not recorded', () => {
    const steps = jobTimeline(sampleProject({ createdAt: at(0), assignedAt: at(9), startDate: at(3) }));
    expect(steps.find((s) => s.key === 'started')?.date).toBeNull();
    expect(datesInOrder(steps.map((s) => s.date))).toBe(true);
  });

  it('has no assignment date while no contractor is assigned', () => {
    const steps = jobTimeline(sampleProject({ status: 'pending', contractorId: null, assignedAt: null }));
    expect(steps.map((s) => s.done)).toEqual([true, false, false, false]);
  });

  it('dates a completed job end to end in order', () => {
    const steps = jobTimeline(
      sampleProject({
        status: 'completed',
        createdAt: at(0),
        assignedAt: at(1),
        startDate: at(2),
        completionDate: at(40),
      }),
    );
    expect(steps.every((s) => s.done && s.date)).toBe(true);
    expect(datesInOrder(steps.map((s) => s.date))).toBe(true);
  });
});

describe('datesInOrder', () => {
  it('skips missing dates and refuses a step back in time', () => {
    expect(datesInOrder([at(0), null, at(2), at(2)])).toBe(true);
    expect(datesInOrder([at(3), at(1)])).toBe(false);
  });
});
