import { describe, expect, it } from 'vitest';
import { initialPaymentStep, initialProfileStep, profileComplete, savedProfileSteps } from './wizard-steps';

describe('profile wizard resume', () => {
  it.each([
    ['application_submitted', 1, 0],
    ['password_set', 2, 1],
    ['licenses_set', 3, 2],
    ['insurance_set', 3, 3],
    ['something else', 1, 0],
  ] as const)('%s opens at step %i with %i saved', (status, step, saved) => {
    expect(initialProfileStep(status, null)).toBe(step);
    expect(savedProfileSteps(status)).toBe(saved);
    expect(profileComplete(status)).toBe(saved === 3);
  });

  it('opens a step asked for only when it is reachable', () => {
    expect(initialProfileStep('insurance_set', '2')).toBe(2);
    expect(initialProfileStep('insurance_set', '1')).toBe(1);
    expect(initialProfileStep('password_set', '3')).toBe(2);
    expect(initialProfileStep('licenses_set', 'x')).toBe(3);
    expect(initialProfileStep('licenses_set', '0')).toBe(3);
  });
});

describe('payment wizard resume', () => {
  const banking = {
    bankName: 'Chase',
    accountType: 'checking' as const,
    accountHolderName: 'A',
    routingNumberLast4: '0015',
    accountNumberLast4: '1234',
  };
  it('starts with banking until it is saved, then tax unless banking is asked for', () => {
    expect(initialPaymentStep({ banking: null }, '2')).toBe(1);
    expect(initialPaymentStep({ banking }, null)).toBe(2);
    expect(initialPaymentStep({ banking }, '2')).toBe(2);
    expect(initialPaymentStep({ banking }, '1')).toBe(1);
  });
});
