/**
 * The shared contract's answer schemas, as the API client loads them: on demand, in parallel with
 * the request whose answer it parses, so zod stays out of the entry chunk (docs/decisions/0010;
 * the API client has already turned zod's JIT off, ./zod-csp). A new API call names its schema
 * here. (Re-exporting all of @tp/shared would keep every constant of the package in the landing
 * page's first download.) The public pages' schemas are in `./public-contract`, which the client
 * loads alone for their reads.
 */
import { MESSAGES } from '@tp/shared';
import { ApiError } from './api-error';

/**
 * An answer that does not match the contract (a server newer than this page, a proxy's own page):
 * said as "Invalid response format from server" (docs/product/shell.md#error-messages), the
 * mismatch kept for developers.
 * Here rather than beside ApiError so that the entry chunk does not carry it.
 */
export class AnswerFormatError extends ApiError {
  constructor(
    readonly path: string,
    readonly issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>,
  ) {
    super(MESSAGES.loginBadBody, 0, 'INVALID_ANSWER');
    this.name = 'AnswerFormatError';
  }
}

export * from './public-contract';
export * from './session-contract';
export {
  accountResetResponseSchema,
  accountsResponseSchema,
  addListMembersResponseSchema,
  achievementsResponseSchema,
  activityResponseSchema,
  analyticsResponseSchema,
  campaignPreviewResponseSchema,
  campaignRecipientsResponseSchema,
  campaignResponseSchema,
  campaignsResponseSchema,
  confirmSubscriptionResponseSchema,
  contactListResponseSchema,
  contactListsResponseSchema,
  contactResponseSchema,
  contactsResponseSchema,
  contentShareResponseSchema,
  contentHealthResponseSchema,
  deleteFileResponseSchema,
  captureResponseSchema,
  deskCurrenciesResponseSchema,
  deskRateResponseSchema,
  exposureResponseSchema,
  forwardListResponseSchema,
  forwardResponseSchema,
  invoiceListResponseSchema,
  invoiceResponseSchema,
  paymentResponseSchema,
  policyResponseSchema,
  proposalResponseSchema,
  rollResponseSchema,
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
  performanceResponseSchema,
  portfolioResponseSchema,
  positionBatchResponseSchema,
  userPreferencesResponseSchema,
  profileUpdateResponseSchema,
  quickActionResponseSchema,
  recentSearchesResponseSchema,
  refreshResponseSchema,
  revokeSharedLinkResponseSchema,
  riskResponseSchema,
  searchResponseSchema,
  sessionExchangeResponseSchema,
  sessionFilesResponseSchema,
  sessionsResponseSchema,
  sharedLinksResponseSchema,
  signedUrlResponseSchema,
  storiesResponseSchema,
  storyResponseSchema,
  successResponseSchema,
  toggleVisibilityResponseSchema,
  orderListResponseSchema,
  orderResponseSchema,
  tradingPreferencesResponseSchema,
  unsubscribeInfoSchema,
  unsubscribeResponseSchema,
  uploadResponseSchema,
  verifyResponseSchema,
} from '@tp/shared';
