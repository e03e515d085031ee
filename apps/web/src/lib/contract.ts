/**
 * The shared contract's answer schemas, as the API client loads them: on demand, in parallel with
 * the request whose answer it parses, so zod stays out of the entry chunk (docs/decisions/0010;
 * the API client has already turned zod's JIT off, ./zod-csp). A new API call names its schema
 * here. (Re-exporting all of @tp/shared would keep every constant of the package in the landing
 * page's first download.)
 */
export {
  campaignResponseSchema,
  campaignsResponseSchema,
  confirmSubscriptionResponseSchema,
  contactListResponseSchema,
  contactListsResponseSchema,
  contactResponseSchema,
  contactsResponseSchema,
  emailTemplatesResponseSchema,
  importProgressLineSchema,
  importResponseSchema,
  listFilesResponseSchema,
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
  unsubscribeInfoSchema,
  unsubscribeResponseSchema,
  verifyResponseSchema,
} from '@tp/shared';
