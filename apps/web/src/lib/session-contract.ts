/**
 * The answer schema of the session check every page with a stored session makes first
 * (`GET /api/auth/me`), a chunk of its own: the shell shows the page once the user is known, and
 * building every other schema of the contract first held the page's heading back by that task
 * (docs/decisions/0049). `./contract` re-exports it, so a call names it the same way; the API
 * client loads this chunk alone for it (SESSION_SCHEMAS).
 */
export { meResponseSchema } from '@tp/shared';
