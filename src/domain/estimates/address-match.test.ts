import { describe, expect, it } from 'vitest';
import { compareAddresses, streetParts } from './address-match';

const form = (streetAddress: string, zipCode = '75201') => ({ streetAddress, zipCode });

describe('streetParts: the normalised street line', () => {
  it.each([
    ['1420 Maple Ridge Drive', '1420', 'maple ridge dr'],
    ['1420 maple ridge dr.', '1420', 'maple ridge dr'],
    ['1420 MAPLE RIDGE DR, Apt 4', '1420', 'maple ridge dr'],
    ['12 North Main Street #4', '12', 'n main st'],
    ['100 First Street', '100', '1 st'],
    ['100 1st St.', '100', '1 st'],
    ['Rural Route 2', null, 'rural rte 2'],
  ])('%s', (line, number, name) => {
    expect(streetParts(line)).toEqual({ number, name: name.split(' ') });
  });
});

describe('compareAddresses: is the file of this property (issue 24 #2)', () => {
  it('the audit case: an EagleView file for 200 Sample Rd, Fictiona, for 1420 Maple Ridge Dr, Dallas', () => {
    const check = compareAddresses('200 Sample Rd, Fictiona, TX 75000', form('1420 Maple Ridge Dr'));
    expect(check).toEqual({
      kind: 'mismatch',
      fileAddress: '200 Sample Rd, Fictiona, TX 75000',
      differs: ['street number', 'street name', 'ZIP code'],
      message:
        'The file is for "200 Sample Rd, Fictiona, TX 75000", but this order is for "1420 Maple Ridge Dr, 75201" (the street number, street name and ZIP code differ).',
    });
  });

  it.each([
    ['1420 Maple Ridge Drive, Dallas, TX 75201-1234', '1420 maple ridge dr.'],
    ['1420 N. Maple Ridge Dr, Dallas, TX 75201', '1420 Maple Ridge'],
    ['100 First Street, Dallas, TX 75201', '100 1st St'],
    ['1420 MAPLE RIDGE DR DALLAS TX 75201', '1420 Maple Ridge Dr, Apt 4'],
    ['1420 Maple Ridge Dr', '1420 Maple Ridge Drive'], // no ZIP in the file: not compared
  ])('%s is %s', (file, street) => {
    expect(compareAddresses(file, form(street))).toEqual({ kind: 'match' });
  });

  it('names each part that differs', () => {
    expect(
      compareAddresses('1422 Maple Ridge Dr, Dallas, TX 75201', form('1420 Maple Ridge Dr')),
    ).toMatchObject({
      differs: ['street number'],
      message: expect.stringContaining('(the street number differs)'),
    });
    expect(
      compareAddresses('1420 Maple Ridge Dr, Dallas, TX 75201', form('1420 Maple Ridge Dr', '75202')),
    ).toMatchObject({
      differs: ['ZIP code'],
    });
    expect(
      compareAddresses('1420 Oak Ridge Dr, Dallas, TX 75201', form('1420 Maple Ridge Dr')),
    ).toMatchObject({
      differs: ['street name'],
    });
  });

  it('a file without an address says so', () => {
    for (const none of [undefined, null, '', '  ', ', ,'])
      expect(compareAddresses(none, form('1420 Maple Ridge Dr'))).toMatchObject({
        kind: 'missing',
        message: expect.stringContaining('does not give the property address'),
      });
  });

  it('hostile text stays bounded', () => {
    const long = `${'9'.repeat(5000)} ${'a '.repeat(10_000)}`;
    const check = compareAddresses(long, form('1 Main St'));
    expect(check.kind).toBe('mismatch');
    if (check.kind === 'mismatch') expect(check.message.length).toBeLessThan(400);
  });
});
