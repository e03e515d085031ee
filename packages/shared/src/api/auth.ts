import { z } from 'zod';
import { MESSAGES } from '../errors';
import { emailSchema } from './common';

/** The sign-in contract (ARCHITECTURE.md §4, spec 01 §3, §7). */

export const clientInfoSchema = z
  .object({
    ipAddress: z.string().max(64).optional(),
    userAgent: z.string().max(512).optional(),
  })
  .strict();

/** Same-origin path only (no scheme, no host, no protocol-relative //). */
export const redirectPathSchema = z
  .string()
  .max(512)
  .regex(/^\/(?![/\\])[^\s]*$/, 'must be a path on this site, starting with /');

export const magicLinkRequestSchema = z.object({
  email: emailSchema,
  name: z.string().trim().max(120).optional(),
  mode: z.enum(['signin', 'signup']).default('signin'),
  redirectTo: redirectPathSchema.optional(),
  rememberMe: z.boolean().optional(),
  clientInfo: clientInfoSchema.optional(),
}).superRefine((request, ctx) => {
  // spec 01 §5: in sign-up mode the name is required (same text as the login page shows)
  if (request.mode === 'signup' && !request.name) {
    ctx.addIssue({ code: 'custom', path: ['name'], message: MESSAGES.nameRequiredForSignup });
  }
});
export type MagicLinkRequest = z.input<typeof magicLinkRequestSchema>;

export const magicLinkResponseSchema = z.object({ message: z.string(), isNewUser: z.boolean() });
export type MagicLinkResponse = z.infer<typeof magicLinkResponseSchema>;

export const userSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  phone: z.string(),
  company: z.string(),
  position: z.string(),
  plan: z.string(),
  role: z.string(),
  timezone: z.string(),
  createdAt: z.string(),
  profileComplete: z.boolean(),
  isEmailVerified: z.boolean(),
  emailVerified: z.boolean(),
  contentCount: z.number().int(),
  viewCount: z.number().int(),
  profile: z.object({ phone: z.string(), company: z.string(), position: z.string() }),
});
export type User = z.infer<typeof userSchema>;

const tokenString = z.string().min(1, 'is required').max(512);

export const verifyRequestSchema = z.object({
  token: tokenString,
  rememberMe: z.boolean().optional(),
  clientInfo: clientInfoSchema.optional(),
});
export type VerifyRequest = z.input<typeof verifyRequestSchema>;

export const verifyResponseSchema = z.object({
  token: z.string(),
  refreshToken: z.string(),
  rememberMe: z.boolean(),
  user: userSchema,
  isNewUser: z.boolean(),
  requiresProfileCompletion: z.boolean(),
  /** Where the user asked to go when requesting the link (a same-origin path), if anywhere. */
  redirectTo: z.string().nullable(),
});
export type VerifyResponse = z.infer<typeof verifyResponseSchema>;

export const sessionTokenResponseSchema = z.object({ sessionToken: z.string(), expiresAt: z.string() });
export const sessionExchangeRequestSchema = z.object({ sessionToken: tokenString });
export const sessionExchangeResponseSchema = z.object({
  success: z.literal(true),
  token: z.string(),
  refreshToken: z.string(),
  user: userSchema,
});

export const meResponseSchema = z.object({ user: userSchema, profileComplete: z.boolean() });
export type MeResponse = z.infer<typeof meResponseSchema>;

export const profileUpdateSchema = z.object({
  name: z.string().trim().min(1, 'Name is required').max(120),
  phone: z
    .string()
    .trim()
    .min(1, 'Phone is required')
    .max(32)
    .regex(/^[+0-9 ()./-]*$/, 'Phone may contain digits, spaces and + ( ) . / -'),
  company: z.string().trim().max(160).default(''),
  position: z.string().trim().max(120).default(''),
});
export type ProfileUpdate = z.input<typeof profileUpdateSchema>;
export const profileUpdateResponseSchema = z.object({ success: z.literal(true), user: userSchema, message: z.string() });

export const refreshRequestSchema = z.object({ refreshToken: tokenString });
export const refreshResponseSchema = z.object({ token: z.string(), refreshToken: z.string() });

export const logoutRequestSchema = z.object({ everywhere: z.boolean().default(false) });
export const successResponseSchema = z.object({ success: z.literal(true) });

export const authSessionSchema = z.object({
  id: z.string(),
  userAgent: z.string(),
  ipAddress: z.string(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  expiresAt: z.string(),
  rememberMe: z.boolean(),
  current: z.boolean(),
});
export type AuthSession = z.infer<typeof authSessionSchema>;
export const sessionsResponseSchema = z.object({ sessions: z.array(authSessionSchema) });

export const passwordLoginRequestSchema = z.object({
  email: emailSchema,
  password: z.string().min(1, 'is required').max(256),
});
export const passwordLoginResponseSchema = z.object({
  user: userSchema,
  token: z.string(),
  refreshToken: z.string(),
  expiresAt: z.string(),
});

/** Profile completeness: all four fields non-blank (spec 01 §5). */
export function isProfileComplete(user: { name: string; phone: string; company: string; position: string }): boolean {
  return [user.name, user.phone, user.company, user.position].every((v) => v.trim().length > 0);
}
