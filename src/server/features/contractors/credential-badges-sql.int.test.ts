import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dateInDays, generalLiabilityFor, insertContractor } from '../../../../tests/helpers/contractors';
import { createTestContext, type TestContext } from '../../../../tests/helpers/test-context';
import {
  credentialBadges,
  liabilityLapsed,
  type StoredInsurance,
} from '../../../domain/contractors/credentials';
import { contractorLicenses } from '../../platform/db/schema';
import { insuredUntilSql, liabilityLapsedSql, licensedUntilSql } from './credential-badges-sql';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext({ runWorkers: false });
});
afterAll(async () => {
  await ctx?.close();
});

interface Case {
  name: string;
  workingStates: string[];
  licenses: {
    state: string;
    licenseNumber: string | null;
    expirationDate: string | null;
    noLicenseRequired: boolean;
  }[];
  insurance: StoredInsurance | null;
}

const lic = (state: string, days: number | null, number: string | null = 'L-1') => ({
  state,
  licenseNumber: number,
  expirationDate: days === null ? null : dateInDays(days),
  noLicenseRequired: false,
});
const none = (state: string) => ({
  state,
  licenseNumber: null,
  expirationDate: null,
  noLicenseRequired: true,
});

const cases: Case[] = [
  {
    name: 'two current licences: the earlier expiry',
    workingStates: ['Texas', 'Oklahoma'],
    licenses: [lic('Texas', 200), lic('Oklahoma', 90)],
    insurance: generalLiabilityFor(30),
  },
  {
    name: 'one state needs none, the other licensed',
    workingStates: ['Texas', 'Oklahoma'],
    licenses: [none('Texas'), lic('Oklahoma', 120)],
    insurance: generalLiabilityFor(0),
  },
  {
    name: 'no licence needed anywhere: no badge',
    workingStates: ['Texas'],
    licenses: [none('Texas')],
    insurance: generalLiabilityFor(400),
  },
  {
    name: 'a working state without an entry',
    workingStates: ['Texas', 'Louisiana'],
    licenses: [lic('Texas', 200)],
    insurance: null,
  },
  {
    name: 'an expired licence',
    workingStates: ['Texas'],
    licenses: [lic('Texas', -1)],
    insurance: generalLiabilityFor(-1),
  },
  {
    name: 'a licence without a date',
    workingStates: ['Texas'],
    licenses: [lic('Texas', null)],
    insurance: generalLiabilityFor(10),
  },
  {
    name: 'a licence without a number',
    workingStates: ['Texas'],
    licenses: [lic('Texas', 100, '')],
    insurance: generalLiabilityFor(10),
  },
  {
    name: 'a licence for a state not worked is ignored',
    workingStates: ['Texas'],
    licenses: [lic('Texas', 50), lic('Ohio', 5)],
    insurance: generalLiabilityFor(10),
  },
  { name: 'no working states', workingStates: [], licenses: [], insurance: null },
];

describe('the badge SQL agrees with credentialBadges', () => {
  for (const c of cases) {
    it(c.name, async () => {
      const id = await insertContractor(ctx.platform, {
        companyName: c.name,
        businessZip: '75201',
        workingStates: c.workingStates,
        travelDistance: 50,
        insurance: c.insurance,
      });
      if (c.licenses.length > 0) {
        await ctx.platform.db
          .insert(contractorLicenses)
          .values(c.licenses.map((l) => ({ ...l, contractorId: id })));
      }
      const result = await ctx.platform.db.execute(
        sql`select ${licensedUntilSql('c')} as "licensedUntil", ${insuredUntilSql('c')} as "insuredUntil",
          ${liabilityLapsedSql('c')} as "lapsed" from contractor_profiles c where c.id = ${id}`,
      );
      const [row] = (
        result as unknown as {
          rows: { licensedUntil: string | null; insuredUntil: string | null; lapsed: boolean }[];
        }
      ).rows;
      const expected = credentialBadges(c.workingStates, c.licenses, c.insurance);
      expect({ licensedUntil: row?.licensedUntil, insuredUntil: row?.insuredUntil }).toEqual(expected);
      expect(row?.lapsed).toBe(liabilityLapsed(c.insurance));
    });
  }
});
