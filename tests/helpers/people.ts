import type { FastifyInstance } from 'fastify';
import type { StoredInsurance } from '../../src/domain/contractors/credentials';
import { contractorProfiles } from '../../src/server/platform/db/schema';
import type { Platform } from '../../src/server/platform/platform';
import { createUserWithSession } from './auth';
import { generalLiabilityFor } from './contractors';

/** Someone with a live session, for the integration tests that call the API as them. */
export interface Person {
  id: string;
  email: string;
  cookie: string;
}
export interface ContractorPerson extends Person {
  profileId: string;
}

export async function testPerson(
  platform: Platform,
  email: string,
  userType: 'homeowner' | 'admin' | 'contractor' = 'homeowner',
  firstName?: string,
): Promise<Person> {
  const { user, cookie } = await createUserWithSession(platform, { email, userType, firstName });
  return { id: user.id, email, cookie };
}

/**
 * A contractor account with a verified, available, insured profile in Texas (Dallas) by default:
 * one the admins can assign.
 */
export async function testContractor(
  platform: Platform,
  email: string,
  over: {
    firstName?: string;
    companyName?: string;
    businessZip?: string | null;
    verificationStatus?: 'verified' | 'pending_verification';
    isAvailable?: boolean;
    insurance?: StoredInsurance | null;
  } = {},
): Promise<ContractorPerson> {
  const p = await testPerson(platform, email, 'contractor', over.firstName);
  const [profile] = await platform.db
    .insert(contractorProfiles)
    .values({
      userId: p.id,
      companyName: over.companyName ?? `${email.split('@')[0]} Roofing`,
      contactName: over.firstName ?? 'Casey User',
      contactEmail: email,
      contactPhone: '(214) 555-0101',
      businessAddress: '1 Main St, Dallas, TX 75201',
      businessZip: over.businessZip ?? null,
      workingStates: ['Texas'],
      verificationStatus: over.verificationStatus ?? 'verified',
      isAvailable: over.isAvailable ?? true,
      insuranceData: over.insurance === undefined ? generalLiabilityFor(365) : over.insurance,
    })
    .returning({ id: contractorProfiles.id });
  return { ...p, profileId: profile?.id as string };
}

/** `call(method, url, who, payload)`: one request through the app as `who` (no cookie: signed out). */
export function callerOf(app: () => FastifyInstance) {
  return (
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    who?: { cookie: string },
    payload?: unknown,
  ) =>
    app().inject({
      method,
      url,
      headers: who ? { cookie: who.cookie } : {},
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
}
