/**
 * What every contractor onboarding schema shares: the working states, the messages (the spec's,
 * word for word, on their field) and the field helpers.
 */
import { z } from 'zod';
import { oneLine } from '../text-safety';
import { US_STATES } from '../us-states';

/** The states a contractor may work in, by full name (spec: "all 50 US states"; DC is kept too). */
export const WORKING_STATE_NAMES: readonly string[] = US_STATES.map((s) => s.name);
export const STATE_CODES: ReadonlySet<string> = new Set(US_STATES.map((s) => s.abbr));

export const DEFAULT_TRAVEL_DISTANCE = 50;
export const MAX_TRAVEL_DISTANCE = 1000;

export const onboardingMessages = {
  companyName: 'Company name must be at least 2 characters',
  contactName: 'Contact name must be at least 2 characters',
  contactEmail: 'Please enter a valid email address',
  contactPhone: 'Phone number is required',
  workingStates: 'Please select at least one state',
  unknownState: 'Please choose states from the list',
  travelDistance: 'Travel distance must be 0 or more',
  travelDistanceTooLarge: `Travel distance must be at most ${MAX_TRAVEL_DISTANCE} miles`,
  businessAddress: 'Business address is required',
  website: 'Please enter a valid website address',
  tooLong: 'This is too long',

  password: 'Password must be at least 8 characters',
  passwordTooLong: 'Password must be at most 200 characters',
  confirmPassword: 'Please confirm your password',
  passwordsDontMatch: "Passwords don't match",

  licensesRequired: 'Please add the licence information for each working state',
  licenseMissingState: 'Please add the licence information for {state}',
  licenseNumber: 'License number is required',
  licenseNotWorkingState: 'This state is not one of your working states',
  date: 'Please enter a valid date',

  carrier: 'Insurance carrier is required',
  policyNumber: 'Policy number is required',
  expirationDate: 'Expiration date is required',
  coverageAmount: 'Coverage amount is required',
  amount: 'Please enter an amount in dollars',
  bondCarrier: 'Bonding company is required',
  bondAmount: 'Bond amount is required',

  bankName: 'Bank name is required',
  routingNumber: 'Routing number must be 9 digits',
  routingChecksum: 'This routing number is not valid. Please check it with your bank.',
  accountNumber: 'Account number is required',
  accountNumberDigits: 'Account number must be 4 to 17 digits',
  confirmAccountNumber: 'Please confirm account number',
  accountNumbersDontMatch: "Account numbers don't match",
  accountType: 'Please select account type',
  accountHolderName: 'Account holder name is required',

  businessName: 'Business name is required',
  businessType: 'Please select business type',
  businessCity: 'City is required',
  businessState: 'State is required',
  businessStateLength: 'State must be 2 characters',
  businessStateUnknown: 'Please enter a US state code, such as TX',
  businessZip: 'ZIP code is required',
  einOrSsn: 'Either EIN or SSN is required',
  ein: 'EIN must be 9 digits (12-3456789)',
  ssn: 'SSN must be 9 digits (123-45-6789)',

  verifyStatus: 'Please choose verified or rejected',
  notesTooLong: 'Notes must be at most 2000 characters',

  documentNotFound: 'That document was not found. Please upload it again.',
  /** Toasts and states of spec 2 §2 and §8. */
  loginRequired: 'Login Required',
  loginRequiredDescription:
    'Please log in to submit your application. Your answers are saved on this device.',
  formRestored: 'Form Restored',
  formRestoredDescription: 'Your application was restored. Please review it and submit.',
  applicationSubmitted: 'Application Submitted',
  applicationSubmittedDescription: 'Setting up your contractor profile...',
  applicationFailed: 'Failed to submit application: {message}',
  authenticationRequired: 'Authentication Required',
  loadingProfile: 'Loading your profile...',
  passwordSet: 'Password Set',
  passwordFailed: 'Failed to set password: {message}',
  licensesSaved: 'License Information Saved',
  licensesFailed: 'Failed to save license information: {message}',
  profileComplete: 'Profile Complete',
  insuranceFailed: 'Failed to save insurance information: {message}',
  bankingSaved: 'Banking Information Saved',
  bankingFailed: 'Failed to save banking information',
  setupComplete: 'Setup Complete',
  taxFailed: 'Failed to save tax information',
  profileSetupRequired: 'Profile Setup Required',
  alreadyApplied: 'You have already applied. Continue setting up your profile.',
  applied: 'Application received. Next: set up your profile.',
  noProfile: 'Please submit the contractor application first.',
  verificationDone: 'Contractor verification completed successfully.',
  verificationFailed: 'Failed to verify contractor.',
  emailUnconfirmed:
    "This account's e-mail address is not confirmed yet: the contractor may not receive the decision or new matches by e-mail.",
  emailUnconfirmedAcknowledge: 'Verify anyway, although the e-mail address is not confirmed',
  emailUnconfirmedRequired: 'Tick the box to verify a contractor whose e-mail address is not confirmed.',
  adminNotFound: 'Contractor not found',
} as const;

/** A required one-line text (company, contact and bank names, addresses, carrier, policy number...). */
export const trimmed = (max: number, message: string, min = 1) =>
  z
    .string({ error: message })
    .trim()
    .min(min, { error: message, abort: true })
    .max(max, { error: onboardingMessages.tooLong })
    .check(oneLine());

/** '' and null (an empty optional input) mean "not given". */
export const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

/** A calendar date, YYYY-MM-DD, that exists. */
export const calendarDateSchema = z
  .string({ error: onboardingMessages.date })
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: onboardingMessages.date })
  .refine((s) => {
    const d = new Date(`${s}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
  }, onboardingMessages.date);

/** An optional one-line text (a licence number or type, a carrier, a file name). */
export const optionalText = (max: number) =>
  z.preprocess(
    blankToUndefined,
    z.string().trim().max(max, { error: onboardingMessages.tooLong }).check(oneLine()).optional(),
  );
export const optionalDate = z.preprocess(blankToUndefined, calendarDateSchema.optional());
export const optionalDocumentId = z.preprocess(
  blankToUndefined,
  z.uuid({ error: onboardingMessages.documentNotFound }).optional(),
);
