import { z } from 'zod';
import { text } from './text';

/** Stories: Markdown articles with front matter, served by GET /api/stories and /api/stories/{id}. */

export const storyIdSchema = text()
  .min(1)
  .max(100)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Story ids are lowercase words joined by hyphens');

export const storySummarySchema = z.object({
  id: text(),
  title: text(),
  summary: text(),
  /** ISO date, YYYY-MM-DD. */
  date: text(),
  author: text(),
  /** Minutes. */
  readingTime: z.number().int().positive(),
});
export type StorySummary = z.infer<typeof storySummarySchema>;

export const storiesResponseSchema = z.object({ stories: z.array(storySummarySchema) });

export const storyResponseSchema = z.object({
  story: storySummarySchema.extend({
    /** Sanitized HTML rendered from the Markdown on the server. */
    html: text(),
  }),
});
export type Story = z.infer<typeof storyResponseSchema>['story'];
