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
  accountResetResponseSchema,
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
  historicalResponseSchema,
  instrumentsResponseSchema,
  magicLinkResponseSchema,
  marketDataResponseSchema,
  meResponseSchema,
  performanceResponseSchema,
  portfolioResponseSchema,
  positionBatchResponseSchema,
  profileUpdateResponseSchema,
  publicConfigSchema,
  publicStatsResponseSchema,
  refreshResponseSchema,
  riskResponseSchema,
  sessionExchangeResponseSchema,
  sessionsResponseSchema,
  storiesResponseSchema,
  storyResponseSchema,
  successResponseSchema,
  unsubscribeInfoSchema,
  unsubscribeResponseSchema,
  tradeListResponseSchema,
  tradeResponseSchema,
  tradingPreferencesResponseSchema,
  verifyResponseSchema,
} from '@tp/shared';
