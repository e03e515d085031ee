/**
 * The shared contract's answer schemas, as the API client loads them: on demand, in parallel with
 * the request whose answer it parses, so zod stays out of the entry chunk (docs/decisions/0010;
 * the API client has already turned zod's JIT off, ./zod-csp). A new API call names its schema
 * here. (Re-exporting all of @tp/shared would keep every constant of the package in the landing
 * page's first download.)
 */
export {
  achievementsResponseSchema,
  activityResponseSchema,
  analyticsResponseSchema,
  accountResetResponseSchema,
  confirmSubscriptionResponseSchema,
  devMailboxListSchema,
  devMailboxMessageSchema,
  emailActionResponseSchema,
  featureCheckResponseSchema,
  fileStatsResponseSchema,
  licenseStateSchema,
  historicalResponseSchema,
  instrumentsResponseSchema,
  magicLinkResponseSchema,
  marketDataResponseSchema,
  meResponseSchema,
  performanceResponseSchema,
  portfolioResponseSchema,
  preferencesResponseSchema,
  positionBatchResponseSchema,
  profileUpdateResponseSchema,
  publicConfigSchema,
  publicStatsResponseSchema,
  quickActionResponseSchema,
  refreshResponseSchema,
  riskResponseSchema,
  sessionExchangeResponseSchema,
  sessionsResponseSchema,
  storiesResponseSchema,
  storyResponseSchema,
  successResponseSchema,
  tradeListResponseSchema,
  tradeResponseSchema,
  tradingPreferencesResponseSchema,
  verifyResponseSchema,
} from '@tp/shared';
