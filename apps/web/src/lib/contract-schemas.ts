/**
 * The shared zod schemas these features parse answers with. Loaded with a dynamic import, so zod
 * stays out of the entry chunk and out of the landing page's critical path.
 */
import '@/lib/zod-csp';

export {
  publicConfigSchema,
  publicStatsResponseSchema,
  emailActionResponseSchema,
  confirmSubscriptionResponseSchema,
  storiesResponseSchema,
  storyResponseSchema,
} from '@tp/shared';
