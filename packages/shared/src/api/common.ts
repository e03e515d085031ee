import { z } from 'zod';
import { EMAIL_MAX_LENGTH } from '../constants';
import { text } from './text';

export const errorDetailSchema = z.object({ field: text(), message: text() });
export type ErrorDetail = z.infer<typeof errorDetailSchema>;

export const errorResponseSchema = z.object({
  success: z.literal(false),
  error: text(),
  code: text(),
  details: z.array(errorDetailSchema).optional(),
});

/** A page of a list: which page, its size, the total, and whether pages follow or precede it. */
export const paginationSchema = z.object({
  page: z.number().int().min(1),
  limit: z.number().int().min(1),
  total: z.number().int().min(0),
  hasNext: z.boolean(),
  hasPrev: z.boolean(),
});
export type Pagination = z.infer<typeof paginationSchema>;

export const successMessageSchema = z.object({ success: z.boolean(), message: text() });

/** Trimmed, lowercased e-mail address (docs/product/sign-in.md#login-validation). */
export const emailSchema = text()
  .trim()
  .toLowerCase()
  .max(EMAIL_MAX_LENGTH)
  .pipe(z.email({ message: 'Please enter a valid email address' }));

/** The trading answers' envelope: `{data, timestamp}` (docs/product/api.md#conventions). */
export function envelopeSchema<T extends z.ZodType>(data: T) {
  return z.object({ data, timestamp: text().max(40) });
}
