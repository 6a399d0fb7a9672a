import { describe, expect, it } from 'vitest';
import { contractorShareDollars, dollarsInputToCents } from './dashboard-model';

describe('the create form money', () => {
  it('reads dollars as typed', () => {
    expect(dollarsInputToCents('14,500')).toBe(1_450_000);
    expect(dollarsInputToCents('$14500.5')).toBe(1_450_050);
    expect(dollarsInputToCents('')).toBeNull();
    expect(dollarsInputToCents('-3')).toBeNull();
    expect(dollarsInputToCents('abc')).toBeNull();
  });

  it('shows the 88 % contractor share as rounded dollars', () => {
    expect(contractorShareDollars('14500')).toBe(12_760);
    expect(contractorShareDollars('1000.99')).toBe(881);
    expect(contractorShareDollars('')).toBeNull();
  });
});
