import { z } from 'zod';

/** Stories: Markdown articles with front matter, served by GET /api/stories and /api/stories/{id}. */

export const storyIdSchema = z
  .string()
  .min(1)
  .max(100)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Story ids are lowercase words joined by hyphens');

export const storySummarySchema = z.object({
  id: z.string(),
  title: z.string(),
  summary: z.string(),
  /** ISO date, YYYY-MM-DD. */
  date: z.string(),
  author: z.string(),
  /** Minutes. */
  readingTime: z.number().int().positive(),
});
export type StorySummary = z.infer<typeof storySummarySchema>;

export const storiesResponseSchema = z.object({ stories: z.array(storySummarySchema) });

export const storyResponseSchema = z.object({
  story: storySummarySchema.extend({
    /** Sanitized HTML rendered from the Markdown on the server. */
    html: z.string(),
  }),
});
export type Story = z.infer<typeof storyResponseSchema>['story'];
