/**
 * The shared contract's answer schemas, as the API client loads them: on demand, in parallel with
 * the request whose answer it parses, so zod stays out of the entry chunk (docs/decisions/0010;
 * the API client has already turned zod's JIT off, ./zod-csp). A new API call names its schema
 * here. (Re-exporting all of @tp/shared would keep every constant of the package in the landing
 * page's first download.) The public pages' schemas are in `./public-contract`, which the client
 * loads alone for their reads.
 */
import { MESSAGES } from '@tp/shared';

/** What a request whose answer does not match its schema fails with (spec 01 §8 "Login bad body"). */
export const INVALID_ANSWER_MESSAGE = MESSAGES.loginBadBody;

export * from './public-contract';
export {
  accountResetResponseSchema,
  accountsResponseSchema,
  achievementsResponseSchema,
  activityResponseSchema,
  analyticsResponseSchema,
  campaignResponseSchema,
  campaignsResponseSchema,
  confirmSubscriptionResponseSchema,
  contactListResponseSchema,
  contactListsResponseSchema,
  contactResponseSchema,
  contactsResponseSchema,
  contentHealthResponseSchema,
  deleteFileResponseSchema,
  devMailboxListSchema,
  devMailboxMessageSchema,
  emailActionResponseSchema,
  emailTemplatesResponseSchema,
  featureCheckResponseSchema,
  fileStatsResponseSchema,
  historicalResponseSchema,
  importProgressLineSchema,
  importResponseSchema,
  recipientCountResponseSchema,
  instrumentsResponseSchema,
  licenseStateSchema,
  listFilesResponseSchema,
  magicLinkResponseSchema,
  marketDataResponseSchema,
  meResponseSchema,
  performanceResponseSchema,
  portfolioResponseSchema,
  positionBatchResponseSchema,
  preferencesResponseSchema,
  profileUpdateResponseSchema,
  quickActionResponseSchema,
  recentSearchesResponseSchema,
  refreshResponseSchema,
  riskResponseSchema,
  searchResponseSchema,
  sessionExchangeResponseSchema,
  sessionFilesResponseSchema,
  sessionsResponseSchema,
  signedUrlResponseSchema,
  storiesResponseSchema,
  storyResponseSchema,
  successResponseSchema,
  toggleVisibilityResponseSchema,
  tradeListResponseSchema,
  tradeResponseSchema,
  tradingPreferencesResponseSchema,
  unsubscribeInfoSchema,
  unsubscribeResponseSchema,
  uploadResponseSchema,
  verifyResponseSchema,
} from '@tp/shared';
