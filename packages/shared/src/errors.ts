/** The error catalogue (docs/product/shell.md#error-messages and each area's page). Texts are used verbatim. */
import { SHELL_MESSAGES } from './shell-messages';

export const HTTP_ERROR_MESSAGES: Record<number, string> = {
  400: 'Invalid request. Please check your input and try again.',
  401: 'Your session has expired. Please log in again.',
  403: 'You do not have permission to perform this action.',
  404: 'The requested resource was not found.',
  409: 'A user with this email already exists.',
  422: 'Validation failed. Please check your input.',
  429: 'Too many requests. Please try again later.',
  500: 'A server error occurred. Please try again later.',
  503: 'The authentication service is currently unavailable. Please try again later.',
};
export const FALLBACK_ERROR_MESSAGE = 'An unexpected error occurred.';

export function messageForStatus(status: number): string {
  return HTTP_ERROR_MESSAGES[status] ?? FALLBACK_ERROR_MESSAGE;
}

export const MESSAGES = {
  ...SHELL_MESSAGES,
  loggedOut: 'You have been logged out.',
  networkAuth: 'Unable to connect to the authentication service. Please check your network connection.',
  badMagicLink: 'Invalid or expired magic link token',
  badSessionToken: 'Invalid or expired session token',
  magicLinkRequestFailed: 'Failed to send magic link',
  magicLinkCompletionFailed: 'Failed to complete magic link login',
  noStoredToken: 'No authentication token found',
  noRefreshToken: 'No refresh token available',
  emptyRefreshAnswer: 'No token received in refresh response',
  profileUpdateFailed: 'Failed to update profile',
  profileUpdateFailedRetry: 'Failed to update profile. Please try again.',
  logoutFailed: 'Failed to log out properly',
  loginTimeout: 'Login request timed out',
  loginNoResponse: 'Login request failed',
  loginBadBody: 'Invalid response format from server',
  contactFailed: 'Failed to send message. Please try again.',
  contactException: 'Failed to send message. Please try again or contact us directly.',
  tradeFailed: 'Failed to execute trade',
  cancelFailed: 'Failed to cancel trade',
  preferencesFailed: 'Failed to update preferences',
  genericLoadFailed: 'An error occurred',
  noTrades: 'No trades found',
  fallbackTitle: 'Something went wrong',
  fallbackText: 'An unexpected error occurred. Please refresh the page or contact support if the problem persists.',
  pleaseLogIn: 'Please log in to access your dashboard.',
  emailRequired: 'Please enter your email',
  nameRequiredForSignup: 'Name is required for sign up',
  passwordLoginDisabled: 'Password sign-in is disabled. Use the magic link sent to your e-mail.',
  // e-mail service fallbacks
  contactEmailFailed: 'Failed to send contact email',
  notificationFailed: 'Failed to send notification',
  subscribeFailed: 'Failed to subscribe to newsletter',
  contentShareFailed: 'Failed to send content sharing email',
  bulkCampaignFailed: 'Failed to send bulk campaign',
  templatesFailed: 'Failed to fetch email templates',
  emailServiceUnavailable: 'Email service is not available',
  contentServiceUnavailable: 'Content service is not available',
} as const;

/** Machine codes carried next to the human message in every error body. */
export const ERROR_CODES = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  408: 'REQUEST_TIMEOUT',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  414: 'URI_TOO_LONG',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  416: 'RANGE_NOT_SATISFIABLE',
  422: 'VALIDATION_FAILED',
  429: 'RATE_LIMITED',
  431: 'HEADERS_TOO_LARGE',
  500: 'INTERNAL_ERROR',
  503: 'SERVICE_UNAVAILABLE',
} as const;

export function codeForStatus(status: number): string {
  return (ERROR_CODES as Record<number, string>)[status] ?? (status >= 500 ? 'INTERNAL_ERROR' : 'ERROR');
}
