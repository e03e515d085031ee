import { z } from 'zod';

export const errorDetailSchema = z.object({ field: z.string(), message: z.string() });
export type ErrorDetail = z.infer<typeof errorDetailSchema>;

export const errorResponseSchema = z.object({
  success: z.literal(false),
  error: z.string(),
  code: z.string(),
  details: z.array(errorDetailSchema).optional(),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

export const successMessageSchema = z.object({ success: z.boolean(), message: z.string() });

/** Trimmed, lowercased e-mail address (spec 01 §5). */
export const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(254)
  .pipe(z.email({ message: 'Please enter a valid email address' }));

/** The trading answers' envelope: `{data, timestamp}` (spec 01 §7, ARCHITECTURE §4). */
export function envelopeSchema<T extends z.ZodType>(data: T) {
  return z.object({ data, timestamp: z.string().max(40) });
}
