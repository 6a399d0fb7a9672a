import { z } from 'zod';
import { hasUnsafeReturnToCharacters } from '../routes';
import { oneLine } from '../text-safety';

/**
 * Sign-in and registration shapes shared by the browser forms and the server's auth routes.
 * Messages here are shown to people as they are: keep them plain sentences.
 */
export const authMessages = {
  emailRequired: 'Please enter your email address',
  emailInvalid: 'Please enter a valid email address',
  passwordRequired: 'Please enter your password',
  passwordTooShort: 'Password must be at least 8 characters',
  passwordTooLong: 'Password must be at most 200 characters',
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  nameTooLong: 'Name must be at most 100 characters',
} as const;

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 200;

export const userTypes = ['homeowner', 'contractor', 'admin'] as const;
export const userTypeSchema = z.enum(userTypes);
export type UserType = z.infer<typeof userTypeSchema>;

/** An e-mail address: trimmed and lower-cased; empty and malformed get their own messages. */
export const emailSchema = z
  .string({ error: authMessages.emailRequired })
  .trim()
  .toLowerCase()
  .min(1, { error: authMessages.emailRequired, abort: true })
  .max(254, { error: authMessages.emailInvalid })
  .email({ error: authMessages.emailInvalid });

export const loginSchema = z
  .object({
    email: emailSchema,
    password: z
      .string({ error: authMessages.passwordRequired })
      .min(1, { error: authMessages.passwordRequired })
      .max(PASSWORD_MAX_LENGTH, { error: authMessages.passwordTooLong }),
  })
  .meta({ id: 'LoginRequest' });

export type LoginInput = z.infer<typeof loginSchema>;

export const registerSchema = z
  .object({
    firstName: z
      .string({ error: authMessages.firstNameRequired })
      .trim()
      .min(1, { error: authMessages.firstNameRequired })
      .max(100, { error: authMessages.nameTooLong })
      .check(oneLine()),
    lastName: z
      .string({ error: authMessages.lastNameRequired })
      .trim()
      .min(1, { error: authMessages.lastNameRequired })
      .max(100, { error: authMessages.nameTooLong })
      .check(oneLine()),
    email: emailSchema,
    password: z
      .string({ error: authMessages.passwordTooShort })
      .min(PASSWORD_MIN_LENGTH, { error: authMessages.passwordTooShort })
      .max(PASSWORD_MAX_LENGTH, { error: authMessages.passwordTooLong }),
  })
  .meta({ id: 'RegisterRequest' });

export type RegisterInput = z.infer<typeof registerSchema>;

export const linkMessages = {
  invalid:
    'This link is not valid. It is incomplete or has already been used. Sign in and ask for a new link if you need one.',
  expired: 'This link has expired. Sign in and ask for a new link, or register again to get one.',
} as const;

/**
 * POST /api/auth/confirm-email: the person who followed a mailed confirm, claim or set-password
 * link outside the registrant's own session sets the account's password; the token comes from the link.
 */
export const setPasswordSchema = z
  .object({
    token: z.string({ error: linkMessages.invalid }).min(1, { error: linkMessages.invalid }).max(200, {
      error: linkMessages.invalid,
    }),
    password: z
      .string({ error: authMessages.passwordTooShort })
      .min(PASSWORD_MIN_LENGTH, { error: authMessages.passwordTooShort })
      .max(PASSWORD_MAX_LENGTH, { error: authMessages.passwordTooLong }),
  })
  .meta({ id: 'SetPasswordRequest' });

export type SetPasswordInput = z.infer<typeof setPasswordSchema>;

/** POST /api/auth/forgot-password: the address a "Forgot password?" link is mailed to, if it has an account. */
export const forgotPasswordSchema = z.object({ email: emailSchema }).meta({ id: 'ForgotPasswordRequest' });
export type ForgotPasswordInput = z.infer<typeof forgotPasswordSchema>;

/** Confirm, claim and set-password links work this many hours (and die once the password is set any way). */
export const LINK_TTL_HOURS = 24;
/** "Forgot password?" links work this many hours. */
export const RESET_TTL_HOURS = 1;

const resetLife = `${RESET_TTL_HOURS} hour${RESET_TTL_HOURS === 1 ? '' : 's'}`;

export const resetLinkMessages = {
  invalid:
    'This link to set a new password is not valid: it is incomplete, has already been used, or a newer one was sent. Ask for a new link below.',
  expired: `This link to set a new password has expired (links work for ${resetLife}). Ask for a new link below.`,
  /** What the "Forgot password?" form says of the link it mails. */
  lifetime: `The link works for ${resetLife}.`,
} as const;

/** POST /api/auth/reset-password: the token of the mailed "Forgot password?" link and the new password. */
export const resetPasswordSchema = z
  .object({
    token: z
      .string({ error: resetLinkMessages.invalid })
      .min(1, { error: resetLinkMessages.invalid })
      .max(200, { error: resetLinkMessages.invalid }),
    password: z
      .string({ error: authMessages.passwordTooShort })
      .min(PASSWORD_MIN_LENGTH, { error: authMessages.passwordTooShort })
      .max(PASSWORD_MAX_LENGTH, { error: authMessages.passwordTooLong }),
  })
  .meta({ id: 'ResetPasswordRequest' });
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;

/** The returnTo of GET /api/login: a line break or other control character is refused (400), never echoed. */
export const returnToQuerySchema = z.object({
  returnTo: z
    .string()
    .max(2000, { error: 'The return address is too long.' })
    .refine((v) => !hasUnsafeReturnToCharacters(v), {
      error: 'The return address contains characters that are not allowed.',
    })
    .optional(),
});

/** The user as the API shows it (GET /api/auth/user, login and register answers). */
export const publicUserSchema = z
  .object({
    id: z.string(),
    email: z.string(),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    phone: z.string().nullable(),
    userType: userTypeSchema,
    isVerified: z.boolean(),
    /** ISO 8601 date-time, e.g. 2025-01-31T12:00:00.000Z */
    createdAt: z.iso.datetime({ offset: true }),
  })
  .meta({ id: 'PublicUser' });

export type PublicUser = z.infer<typeof publicUserSchema>;

/** The dashboard route of each role. */
export const dashboardPathByUserType: Record<UserType, string> = {
  admin: '/admin-dashboard',
  contractor: '/contractor-dashboard',
  homeowner: '/customer-dashboard',
};
