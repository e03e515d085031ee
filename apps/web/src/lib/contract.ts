/**
 * The shared contract's answer schemas, as the API client loads them: on demand, in parallel with
 * the request whose answer it parses, so zod stays out of the entry chunk (docs/decisions/0010).
 * A new API call names its schema here. (Re-exporting all of @tp/shared would keep every constant
 * of the package in the landing page's first download.)
 */
import './zod-csp';

export {
  confirmSubscriptionResponseSchema,
  devMailboxListSchema,
  devMailboxMessageSchema,
  emailActionResponseSchema,
  magicLinkResponseSchema,
  meResponseSchema,
  profileUpdateResponseSchema,
  publicConfigSchema,
  publicStatsResponseSchema,
  refreshResponseSchema,
  sessionExchangeResponseSchema,
  sessionsResponseSchema,
  storiesResponseSchema,
  storyResponseSchema,
  successResponseSchema,
  verifyResponseSchema,
} from '@tp/shared';
