import { randomBytes } from 'node:crypto';
import { quotes } from '../../src/server/platform/db/schema';
import type { Platform } from '../../src/server/platform/platform';

const ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';

function code(n: number): string {
  return Array.from(randomBytes(n), (b) => ALPHABET[b % ALPHABET.length]).join('');
}

/** Inserts a quote as the quote flow leaves it (submitted unless told otherwise). */
export async function insertQuote(platform: Platform, values: Partial<typeof quotes.$inferInsert> = {}) {
  const [row] = await platform.db
    .insert(quotes)
    .values({
      reference: `RL-${code(8)}`,
      confirmationCode: code(6),
      status: 'submitted',
      requesterFirstName: 'Riley',
      requesterLastName: 'Adjuster',
      requesterEmail: 'riley@claims.example',
      insuranceInvolved: 'Yes',
      carrierName: 'Allstate',
      claimNumber: 'AS-99812',
      adjusterFirstName: 'Riley',
      adjusterLastName: 'Adjuster',
      homeownerFirstName: 'Quinn',
      homeownerLastName: 'Parker',
      homeownerEmail: 'quinn.parker@example.com',
      homeownerPhone: '(972) 555-0110',
      streetAddress: '815 Elm St',
      streetAddress2: 'Unit B',
      city: 'Plano',
      state: 'Texas',
      zipCode: '75074',
      roofSurfaceMaterial: '30 YEAR LAMINATE SHINGLE',
      plywoodNeeded: 'No',
      buildingHeight: '2-Story',
      roofLayers: '1 Layer',
      measurementFileSource: "I don't have a sketch file available",
      paymentStatus: 'succeeded',
      submittedAt: new Date(),
      ...values,
    })
    .returning();
  if (!row) throw new Error('quote insert failed');
  return row;
}
