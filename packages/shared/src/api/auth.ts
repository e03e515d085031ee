import { z } from 'zod';
import { PRICING_TIERS, PROFILE_LIMITS } from '../constants';
import { MESSAGES } from '../errors';
import { emailSchema } from './common';
import { text } from './text';

/** The sign-in contract (docs/product/api.md#auth). */

export const clientInfoSchema = z
  .object({
    ipAddress: text().max(64).optional(),
    userAgent: text().max(512).optional(),
  })
  .strict();

/** Same-origin path only (no scheme, no host, no protocol-relative //). */
export const redirectPathSchema = text()
  .max(512)
  .regex(/^\/(?![/\\])[^\s]*$/, 'must be a path on this site, starting with /');

/** A plan a visitor can choose on the landing page's pricing (remembered on the account). */
export const PLAN_IDS = PRICING_TIERS.map((tier) => tier.id) as [
  (typeof PRICING_TIERS)[number]['id'],
  ...(typeof PRICING_TIERS)[number]['id'][],
];
export const planIdSchema = z.enum(PLAN_IDS);
export type PlanId = z.infer<typeof planIdSchema>;

export const magicLinkRequestSchema = z
  .object({
    email: emailSchema,
    name: text().trim().max(PROFILE_LIMITS.nameMax).optional(),
    mode: z.enum(['signin', 'signup']).default('signin'),
    /** The plan chosen before signing up; stored on the account when the link is opened. */
    plan: planIdSchema.optional(),
    redirectTo: redirectPathSchema.optional(),
    rememberMe: z.boolean().optional(),
    clientInfo: clientInfoSchema.optional(),
  })
  .superRefine((request, ctx) => {
    // in sign-up mode the name is required, with the login page's text (docs/product/sign-in.md#login-validation)
    if (request.mode === 'signup' && !request.name) {
      ctx.addIssue({ code: 'custom', path: ['name'], message: MESSAGES.nameRequiredForSignup });
    }
  });
export type MagicLinkRequest = z.input<typeof magicLinkRequestSchema>;

export const magicLinkResponseSchema = z.object({
  message: text(),
  isNewUser: z.boolean(),
  /** Seconds until the server accepts another link to this address (the Retry-After it would answer). */
  nextLinkInSeconds: z.number().int().positive(),
});
export type MagicLinkResponse = z.infer<typeof magicLinkResponseSchema>;

export const userSchema = z.object({
  id: text(),
  email: text(),
  name: text(),
  phone: text(),
  company: text(),
  position: text(),
  plan: text(),
  role: text(),
  timezone: text(),
  createdAt: text(),
  profileComplete: z.boolean(),
  isEmailVerified: z.boolean(),
  emailVerified: z.boolean(),
  contentCount: z.number().int(),
  viewCount: z.number().int(),
  profile: z.object({ phone: text(), company: text(), position: text() }),
});
export type User = z.infer<typeof userSchema>;

const tokenString = text().min(1, 'is required').max(512);

export const verifyRequestSchema = z.object({
  token: tokenString,
  rememberMe: z.boolean().optional(),
  clientInfo: clientInfoSchema.optional(),
});

export const verifyResponseSchema = z.object({
  token: text(),
  refreshToken: text(),
  rememberMe: z.boolean(),
  user: userSchema,
  isNewUser: z.boolean(),
  requiresProfileCompletion: z.boolean(),
  /** Where the user asked to go when requesting the link (a same-origin path), if anywhere. */
  redirectTo: text().nullable(),
});
export type VerifyResponse = z.infer<typeof verifyResponseSchema>;

export const sessionTokenResponseSchema = z.object({ sessionToken: text(), expiresAt: text() });
export const sessionExchangeRequestSchema = z.object({ sessionToken: tokenString });
export const sessionExchangeResponseSchema = z.object({
  success: z.literal(true),
  token: text(),
  refreshToken: text(),
  user: userSchema,
});

export const meResponseSchema = z.object({ user: userSchema, profileComplete: z.boolean() });

export const profileUpdateSchema = z.object({
  name: text().trim().min(1, 'Name is required').max(PROFILE_LIMITS.nameMax),
  phone: text()
    .trim()
    .min(1, 'Phone is required')
    .max(PROFILE_LIMITS.phoneMax)
    .regex(/^[+0-9 ()./-]*$/, 'Phone may contain digits, spaces and + ( ) . / -'),
  company: text().trim().max(PROFILE_LIMITS.companyMax).default(''),
  position: text().trim().max(PROFILE_LIMITS.positionMax).default(''),
});
export type ProfileUpdate = z.input<typeof profileUpdateSchema>;
export const profileUpdateResponseSchema = z.object({ success: z.literal(true), user: userSchema, message: text() });

export const refreshRequestSchema = z.object({ refreshToken: tokenString });
export const refreshResponseSchema = z.object({ token: text(), refreshToken: text() });

export const logoutRequestSchema = z.object({ everywhere: z.boolean().default(false) });
export const successResponseSchema = z.object({ success: z.literal(true) });

export const authSessionSchema = z.object({
  id: text(),
  userAgent: text(),
  ipAddress: text(),
  createdAt: text(),
  lastSeenAt: text(),
  expiresAt: text(),
  rememberMe: z.boolean(),
  current: z.boolean(),
});
export type AuthSession = z.infer<typeof authSessionSchema>;
export const sessionsResponseSchema = z.object({ sessions: z.array(authSessionSchema) });

export const passwordLoginRequestSchema = z.object({
  email: emailSchema,
  password: text().min(1, 'is required').max(256),
});
export const passwordLoginResponseSchema = z.object({
  user: userSchema,
  token: text(),
  refreshToken: text(),
  expiresAt: text(),
});

/**
 * The profile fields a complete profile needs: the ones the form requires (name and phone,
 * docs/product/sign-in.md#profile-completion; counting company and position too would send a user who left them blank
 * back to the same form forever — docs/decisions/0026-profile-completeness.md).
 */
export const REQUIRED_PROFILE_FIELDS = ['name', 'phone'] as const;

/** Profile completeness: every required field non-blank; company and position are optional. */
export function isProfileComplete(user: { name: string; phone: string }): boolean {
  return REQUIRED_PROFILE_FIELDS.every((field) => user[field].trim().length > 0);
}
