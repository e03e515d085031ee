/**
 * The shared contract's answer schemas, as the API client loads them: on demand, in parallel with
 * the request whose answer it parses, so zod stays out of the entry chunk (docs/decisions/0010;
 * the API client has already turned zod's JIT off, ./zod-csp). A new API call names its schema
 * here. (Re-exporting all of @tp/shared would keep every constant of the package in the landing
 * page's first download.)
 */
export {
  confirmSubscriptionResponseSchema,
  contentHealthResponseSchema,
  deleteFileResponseSchema,
  devMailboxListSchema,
  devMailboxMessageSchema,
  emailActionResponseSchema,
  fileStatsResponseSchema,
  listFilesResponseSchema,
  magicLinkResponseSchema,
  meResponseSchema,
  profileUpdateResponseSchema,
  publicConfigSchema,
  publicStatsResponseSchema,
  recentSearchesResponseSchema,
  refreshResponseSchema,
  searchResponseSchema,
  sessionExchangeResponseSchema,
  sessionFilesResponseSchema,
  sessionsResponseSchema,
  signedUrlResponseSchema,
  storiesResponseSchema,
  storyResponseSchema,
  successResponseSchema,
  toggleVisibilityResponseSchema,
  uploadResponseSchema,
  verifyResponseSchema,
} from '@tp/shared';
