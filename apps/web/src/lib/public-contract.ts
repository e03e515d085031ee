/**
 * The answer schemas of the public pages' reads (`/api/config`, `/api/stats/public`), a chunk of
 * their own: the landing page parses its two answers without building every other schema of the
 * contract. That took one task of 170–270 ms on Lighthouse's simulated phone, the page's longest
 * (docs/decisions/0010). `./contract` re-exports these, so a call names its
 * schema the same way; the API client loads this chunk alone for them (PUBLIC_SCHEMAS).
 */
export { publicConfigSchema, publicStatsResponseSchema } from '@tp/shared';
