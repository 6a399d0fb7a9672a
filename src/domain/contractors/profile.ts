import { z } from 'zod';

/** The signed-in contractor's own profile (spec 2 §3, §7 GET /api/contractor/profile). */

export const verificationStatuses = ['pending', 'pending_verification', 'verified', 'rejected'] as const;
export type VerificationStatus = (typeof verificationStatuses)[number];

/** What a contractor is told about their application, by verification status. */
export const verificationStatusText: Record<VerificationStatus, { title: string; description: string }> = {
  pending: {
    title: 'Application Received',
    description:
      'Your application is in. Complete your profile (password, licences and insurance) so our team can verify it.',
  },
  pending_verification: {
    title: 'Verification in Progress',
    description:
      'Your profile is complete and our team is checking your licences and insurance. We will e-mail you when you are verified; new matches appear here then.',
  },
  verified: { title: 'Verified', description: 'You are a verified contractor and can receive new matches.' },
  rejected: {
    title: 'Application Not Approved',
    description:
      'Our team could not verify your application. Please contact support to find out why and what to send.',
  },
};

export const contractorProfileSchema = z
  .object({
    id: z.string(),
    userId: z.string(),
    companyName: z.string(),
    contactName: z.string(),
    contactEmail: z.string(),
    contactPhone: z.string(),
    businessAddress: z.string(),
    workingStates: z.array(z.string()),
    travelDistance: z.number().int(),
    specialties: z.array(z.string()),
    yearsExperience: z.number().int(),
    /** Computed from the visible reviews (src/domain/reviews/rating.ts); 0 without any. */
    rating: z.number(),
    reviewCount: z.number().int(),
    totalProjects: z.number().int(),
    isAvailable: z.boolean(),
    verificationStatus: z.enum(verificationStatuses),
    profileCompletionStatus: z.string(),
    paymentSetupCompleted: z.boolean(),
    createdAt: z.iso.datetime({ offset: true }),
  })
  .meta({ id: 'ContractorProfile' });
export type ContractorProfile = z.infer<typeof contractorProfileSchema>;

export const contractorProfileMessages = {
  required: 'Contractor Profile Required',
  requiredDescription: 'Please complete your contractor profile to access the dashboard.',
  notFound: 'You have no contractor profile yet.',
} as const;
