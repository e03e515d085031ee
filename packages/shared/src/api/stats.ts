import { z } from 'zod';

/** GET /api/stats/public — real figures for the landing page's social proof. */
export const publicStatsResponseSchema = z.object({
  signupsLastHour: z.number().int().min(0),
  totalUsers: z.number().int().min(0),
});
export type PublicStats = z.infer<typeof publicStatsResponseSchema>;
