import { describe, expect, it } from 'vitest';
import { activityText } from './activity';
import {
  acceptWorkRefusal,
  adminNoteRefusal,
  type CloseoutState,
  closeoutAfterWorkflow,
  closeoutMessages,
  closeoutStage,
  closeoutStageLabel,
  inspectionItemKeys,
  punchAgeText,
  reopenRefusal,
  reportIssueRefusal,
  resolveRefusal,
  submitInspectionRefusal,
  workAccepted,
} from './closeout';
import { inspectionSubmitSchema, punchNoteWithPhotosSchema } from './closeout-schemas';

const at = '2026-11-20T12:00:00.000Z';
const state = (over: Partial<CloseoutState> = {}): CloseoutState => ({
  status: 'completed',
  inspectionSubmittedAt: null,
  workAcceptedAt: null,
  openPunchItems: 0,
  ...over,
});

describe('closeout stage', () => {
  it('follows the job from completion to acceptance', () => {
    expect(closeoutStage(state({ status: 'in_progress' }))).toBe('not_ready');
    expect(closeoutStage(state())).toBe('inspection_due');
    expect(closeoutStage(state({ inspectionSubmittedAt: at }))).toBe('awaiting_acceptance');
    expect(closeoutStage(state({ inspectionSubmittedAt: at, openPunchItems: 2 }))).toBe('punch_list_open');
    expect(closeoutStage(state({ inspectionSubmittedAt: at, workAcceptedAt: at }))).toBe('accepted');
  });

  it('says the work is accepted only with an acceptance date', () => {
    expect(workAccepted({ workAcceptedAt: null })).toBe(false);
    expect(workAccepted({ workAcceptedAt: at })).toBe(true);
  });

  it('labels a completed job awaiting acceptance for everyone, in their words', () => {
    expect(closeoutStageLabel('awaiting_acceptance', 'homeowner')).toBe('Awaiting your acceptance');
    expect(closeoutStageLabel('awaiting_acceptance', 'admin')).toBe('Awaiting acceptance');
    expect(closeoutStageLabel('inspection_due', 'contractor')).toBe('Final inspection due');
    expect(closeoutStageLabel('inspection_due', 'homeowner')).toBe('Awaiting final inspection');
    expect(closeoutStageLabel('not_ready', 'homeowner')).toBeNull();
  });
});

describe('closeout rules', () => {
  it('lets the inspection be submitted once, on a completed job', () => {
    expect(submitInspectionRefusal(state())).toBeNull();
    expect(submitInspectionRefusal(state({ status: 'in_progress' }))).toBe(closeoutMessages.notCompleted);
    expect(submitInspectionRefusal(state({ inspectionSubmittedAt: at }))).toBe(
      closeoutMessages.alreadySubmitted,
    );
    expect(submitInspectionRefusal(state({ workAcceptedAt: at }))).toBe(closeoutMessages.alreadyAccepted);
  });

  it('accepts the work only after the inspection with no open item', () => {
    expect(acceptWorkRefusal(state())).toBe(closeoutMessages.notSubmitted);
    expect(acceptWorkRefusal(state({ inspectionSubmittedAt: at, openPunchItems: 1 }))).toBe(
      closeoutMessages.punchOpen,
    );
    expect(acceptWorkRefusal(state({ inspectionSubmittedAt: at }))).toBeNull();
    expect(acceptWorkRefusal(state({ inspectionSubmittedAt: at, workAcceptedAt: at }))).toBe(
      closeoutMessages.alreadyAccepted,
    );
  });

  it('takes issues between the inspection and the acceptance', () => {
    expect(reportIssueRefusal(state())).toBe(closeoutMessages.notSubmitted);
    expect(reportIssueRefusal(state({ inspectionSubmittedAt: at }))).toBeNull();
    expect(reportIssueRefusal(state({ inspectionSubmittedAt: at, openPunchItems: 1 }))).toBeNull();
    expect(reportIssueRefusal(state({ inspectionSubmittedAt: at, workAcceptedAt: at }))).toBe(
      closeoutMessages.alreadyAccepted,
    );
  });

  it('resolves open items, reopens resolved ones, and closes the list at acceptance', () => {
    const open = { status: 'open' as const };
    const resolved = { status: 'resolved' as const };
    const running = state({ inspectionSubmittedAt: at, openPunchItems: 1 });
    expect(resolveRefusal(running, open)).toBeNull();
    expect(resolveRefusal(running, resolved)).toBe(closeoutMessages.itemNotOpen);
    expect(reopenRefusal(running, resolved)).toBeNull();
    expect(reopenRefusal(running, open)).toBe(closeoutMessages.itemNotResolved);
    const accepted = state({ inspectionSubmittedAt: at, workAcceptedAt: at });
    expect(resolveRefusal(accepted, open)).toBe(closeoutMessages.alreadyAccepted);
    expect(reopenRefusal(accepted, resolved)).toBe(closeoutMessages.alreadyAccepted);
    expect(adminNoteRefusal(accepted)).toBe(closeoutMessages.alreadyAccepted);
    expect(adminNoteRefusal(running)).toBeNull();
  });

  it('keeps accepted work completed and asks for a new inspection after a reopening', () => {
    expect(closeoutAfterWorkflow({ inspectionSubmittedAt: at, workAcceptedAt: at }, 'in_progress')).toEqual({
      refusal: closeoutMessages.reopenAccepted,
    });
    expect(closeoutAfterWorkflow({ inspectionSubmittedAt: at, workAcceptedAt: null }, 'in_progress')).toEqual(
      {
        clearInspection: true,
      },
    );
    expect(closeoutAfterWorkflow({ inspectionSubmittedAt: at, workAcceptedAt: null }, 'completed')).toEqual({
      clearInspection: false,
    });
  });

  it('tells the feed what happened, the Ridgeline team by its name', () => {
    const text = (data: unknown) =>
      activityText({ kind: 'closeout', actorName: 'Marcus', data }, { role: 'homeowner' });
    expect(text({ event: 'inspection_submitted' })).toBe('Marcus submitted the final inspection');
    expect(text({ event: 'issue_resolved', byAdmin: true })).toBe(
      'The Ridgeline team resolved a punch-list item',
    );
    expect(text({ event: 'work_accepted' })).toBe('Marcus accepted the work');
    expect(text({ event: 'made_up' })).toBe('Marcus updated the project');
  });

  it('tells how long a punch list has waited', () => {
    const now = new Date('2026-11-22T12:00:00.000Z');
    expect(punchAgeText('2026-11-22T11:30:00.000Z', now)).toBe('less than an hour');
    expect(punchAgeText('2026-11-22T07:00:00.000Z', now)).toBe('5 h');
    expect(punchAgeText('2026-11-18T12:00:00.000Z', now)).toBe('4 days');
  });
});

describe('closeout bodies', () => {
  const all = (over: Record<string, unknown> = {}) =>
    inspectionItemKeys.map((key) => ({ key, checked: true, ...(key === 'gutters_clear' ? over : {}) }));

  it('takes every checklist item once, checked or explained', () => {
    expect(inspectionSubmitSchema.safeParse({ items: all() }).success).toBe(true);
    expect(
      inspectionSubmitSchema.safeParse({ items: all({ checked: false, note: 'No gutters on this house' }) })
        .success,
    ).toBe(true);
    const unexplained = inspectionSubmitSchema.safeParse({ items: all({ checked: false }) });
    expect(unexplained.success).toBe(false);
    expect(unexplained.error?.issues[0]?.message).toMatch(/^Gutters clear: check it/);
    expect(inspectionSubmitSchema.safeParse({ items: all().slice(1) }).success).toBe(false);
    expect(inspectionSubmitSchema.safeParse({ items: [...all(), all()[0]] }).success).toBe(false);
    expect(inspectionSubmitSchema.safeParse({ items: all({ key: 'roof_is_fine' }) }).success).toBe(false);
  });

  it('needs a note to report an issue, and at most ten photo ids', () => {
    expect(punchNoteWithPhotosSchema.safeParse({ note: '  ' }).success).toBe(false);
    expect(punchNoteWithPhotosSchema.parse({ note: ' Nail on the drive ' })).toEqual({
      note: 'Nail on the drive',
      photoIds: [],
    });
    const ids = Array.from({ length: 11 }, () => '5b1f8d4e-0a4c-4f55-9a43-3d2c1e0f9a77');
    expect(punchNoteWithPhotosSchema.safeParse({ note: 'x', photoIds: ids }).success).toBe(false);
    expect(punchNoteWithPhotosSchema.safeParse({ note: 'x', photoIds: ['../etc'] }).success).toBe(false);
  });
});
