import { describe, expect, it } from 'vitest';
import { sampleProject } from '../../../../../../tests/helpers/sample-project';
import {
  dayInputValue,
  dayToIso,
  stepFormDefaults,
  stepFormSchema,
  stepPatch,
  visibleStepFields,
} from './step-form';

const noon = (day: string) => dayToIso(day);

describe('update dialogs: prefill', () => {
  it('opens with the project values: dates as local days, empty text for missing notes', () => {
    const contacted = new Date(2026, 2, 7, 9, 30).toISOString();
    const v = stepFormDefaults(
      sampleProject({
        homeownerContactCompleted: true,
        homeownerContactDate: contacted,
        permitStatus: 'applied',
        materialStatus: 'ordered',
        selectedMaterial: 'METAL',
      }),
    );
    expect(v.homeownerContactCompleted).toBe(true);
    expect(v.homeownerContactDate).toBe('2026-03-07');
    expect(v.homeownerContactNotes).toBe('');
    expect(v.permitStatus).toBe('applied');
    expect(v.materialStatus).toBe('ordered');
    expect(v.selectedMaterial).toBe('METAL');
    expect(v.installCompletedDate).toBe('');
    expect(stepFormSchema.safeParse(v).success).toBe(true);
  });

  it('turns a chosen day into local noon and back to the same day', () => {
    expect(dayInputValue(noon('2026-05-14'))).toBe('2026-05-14');
    expect(new Date(noon('2026-05-14')).getHours()).toBe(12);
    expect(dayInputValue(null)).toBe('');
    expect(dayInputValue('not a date')).toBe('');
  });

  it('refuses a date that is not a day', () => {
    const v = stepFormDefaults(sampleProject());
    const parsed = stepFormSchema.safeParse({ ...v, crewScheduledDate: '14/05/2026' });
    expect(parsed.success).toBe(false);
  });
});

describe('update dialogs: conditional fields (spec 2 §5)', () => {
  const base = stepFormDefaults(sampleProject());

  it('shows the selected material only when material selection is completed', () => {
    expect(visibleStepFields('material_selection', base)).not.toContain('selectedMaterial');
    expect(visibleStepFields('material_selection', { ...base, materialSelectionCompleted: true })).toContain(
      'selectedMaterial',
    );
  });

  it('shows each boolean step date only when its checkbox is set', () => {
    const checked = {
      ...base,
      homeownerContactCompleted: true,
      homeownerSignatureConfirmed: true,
      crewScheduled: true,
      installCompleted: true,
    };
    for (const [step, date] of [
      ['homeowner_contact', 'homeownerContactDate'],
      ['material_selection', 'homeownerSignatureDate'],
      ['crew_scheduled', 'crewScheduledDate'],
      ['install_completed', 'installCompletedDate'],
    ] as const) {
      expect(visibleStepFields(step, base)).not.toContain(date);
      expect(visibleStepFields(step, checked)).toContain(date);
    }
  });

  it('offers a permit date only for applied and issued', () => {
    expect(visibleStepFields('permit_status', base)).toEqual(['permitStatus', 'permitNotes']);
    expect(visibleStepFields('permit_status', { ...base, permitStatus: 'not_required' })).toEqual([
      'permitStatus',
      'permitNotes',
    ]);
    expect(visibleStepFields('permit_status', { ...base, permitStatus: 'applied' })).toContain(
      'permitApplicationDate',
    );
    expect(visibleStepFields('permit_status', { ...base, permitStatus: 'issued' })).toContain(
      'permitIssuedDate',
    );
  });

  it('offers a material date only for ordered and delivered', () => {
    expect(visibleStepFields('material_order', base)).toEqual(['materialStatus', 'materialNotes']);
    expect(visibleStepFields('material_order', { ...base, materialStatus: 'ordered' })).toEqual([
      'materialStatus',
      'materialOrderedDate',
      'materialDeliveryDate',
      'materialNotes',
    ]);
    expect(visibleStepFields('material_order', { ...base, materialStatus: 'delivered' })).toEqual([
      'materialStatus',
      'materialDeliveredDate',
      'materialNotes',
    ]);
  });
});

describe('update dialogs: what is sent', () => {
  const project = sampleProject({
    homeownerContactCompleted: true,
    homeownerContactDate: noon('2026-03-07'),
    homeownerContactNotes: 'Walked the roof.',
    permitStatus: 'applied',
    permitApplicationDate: noon('2026-03-09'),
    materialStatus: 'ordered',
    materialOrderedDate: noon('2026-03-10'),
    materialDeliveryDate: noon('2026-03-20'),
  });
  const initial = stepFormDefaults(project);

  it('sends nothing when nothing changed', () => {
    for (const step of [
      'homeowner_contact',
      'material_selection',
      'permit_status',
      'material_order',
      'crew_scheduled',
      'install_completed',
    ] as const) {
      expect(stepPatch(step, initial, initial)).toEqual({});
    }
  });

  it('sends only the changed fields of the step, not other steps', () => {
    const edited = { ...initial, crewScheduled: true, homeownerContactNotes: 'changed elsewhere' };
    expect(stepPatch('crew_scheduled', initial, edited)).toEqual({ crewScheduled: true });
  });

  it('leaves an empty stamped date out, so the server stamps today', () => {
    expect(
      stepPatch('crew_scheduled', initial, { ...initial, crewScheduled: true, crewScheduledDate: '' }),
    ).toEqual({
      crewScheduled: true,
    });
  });

  it('sends a chosen date as local noon', () => {
    expect(
      stepPatch('crew_scheduled', initial, {
        ...initial,
        crewScheduled: true,
        crewScheduledDate: '2026-04-02',
      }),
    ).toEqual({ crewScheduled: true, crewScheduledDate: noon('2026-04-02') });
  });

  it('moves the date of a step already done without resending its checkbox', () => {
    expect(
      stepPatch('homeowner_contact', initial, { ...initial, homeownerContactDate: '2026-03-08' }),
    ).toEqual({
      homeownerContactDate: noon('2026-03-08'),
    });
  });

  it('unchecking sends the flag only (the server clears the date); hidden fields are not sent', () => {
    expect(
      stepPatch('homeowner_contact', initial, {
        ...initial,
        homeownerContactCompleted: false,
        homeownerContactDate: '2026-03-09',
      }),
    ).toEqual({ homeownerContactCompleted: false });
  });

  it('trims text and sends an emptied note as null', () => {
    expect(stepPatch('homeowner_contact', initial, { ...initial, homeownerContactNotes: '   ' })).toEqual({
      homeownerContactNotes: null,
    });
    expect(
      stepPatch('homeowner_contact', initial, { ...initial, homeownerContactNotes: ' Walked the roof. ' }),
    ).toEqual({});
  });

  it('sends the new permit status with the date of that status', () => {
    expect(
      stepPatch('permit_status', initial, {
        ...initial,
        permitStatus: 'issued',
        permitIssuedDate: '2026-03-15',
      }),
    ).toEqual({ permitStatus: 'issued', permitIssuedDate: noon('2026-03-15') });
    expect(stepPatch('permit_status', initial, { ...initial, permitStatus: 'not_required' })).toEqual({
      permitStatus: 'not_required',
    });
  });

  it('clears the expected delivery date when it is emptied (it is not stamped)', () => {
    expect(stepPatch('material_order', initial, { ...initial, materialDeliveryDate: '' })).toEqual({
      materialDeliveryDate: null,
    });
  });

  it('sends the selected material only while material selection is completed', () => {
    expect(
      stepPatch('material_selection', initial, {
        ...initial,
        materialSelectionCompleted: true,
        selectedMaterial: ' METAL ',
      }),
    ).toEqual({ materialSelectionCompleted: true, selectedMaterial: 'METAL' });
    expect(stepPatch('material_selection', initial, { ...initial, selectedMaterial: 'METAL' })).toEqual({});
  });
});
