import { describe, expect, it } from 'vitest';
import { dollarsToCents, installRequestSchema, urgencyText } from './schemas';

describe('dollarsToCents', () => {
  it('reads what people type as dollars', () => {
    expect(dollarsToCents('18500')).toBe(1_850_000);
    expect(dollarsToCents('$18,450.5')).toBe(1_845_050);
    expect(dollarsToCents(' 18,450.05 ')).toBe(1_845_005);
    expect(dollarsToCents('')).toBeNull();
    expect(dollarsToCents('12.345')).toBeNaN();
    expect(dollarsToCents('ten')).toBeNaN();
  });
});

describe('installRequestSchema', () => {
  const base = {
    firstName: 'A',
    lastName: 'B',
    email: 'a@example.com',
    phone: '1',
    address: '1 Main',
    city: 'Dallas',
    state: 'Texas',
    zipCode: '75201',
  };

  it('defaults urgency to standard and drops empty optional fields', () => {
    const parsed = installRequestSchema.parse({ ...base, insuranceCompany: '', preferredStartDate: '' });
    expect(parsed.urgency).toBe('standard');
    expect(parsed.insuranceCompany).toBeUndefined();
    expect(parsed.preferredStartDate).toBeUndefined();
  });

  it('takes states by full name only, District of Columbia included', () => {
    expect(installRequestSchema.safeParse({ ...base, state: 'District of Columbia' }).success).toBe(true);
    expect(installRequestSchema.safeParse({ ...base, state: 'TX' }).success).toBe(false);
    expect(installRequestSchema.safeParse({ ...base, state: 'Puerto Rico' }).success).toBe(false);
  });

  it('names each urgency with its window', () => {
    expect(urgencyText('standard')).toBe('Standard (2-4 weeks)');
    expect(urgencyText('expedited')).toBe('Expedited (1-2 weeks)');
    expect(urgencyText('emergency')).toBe('Emergency (ASAP)');
  });
});
