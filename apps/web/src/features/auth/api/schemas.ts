/** The auth contract schemas, loaded on demand by the API files beside this one (keeps zod out of the entry chunk). */
import '@/lib/zod-csp';

export {
  magicLinkResponseSchema,
  meResponseSchema,
  profileUpdateResponseSchema,
  refreshResponseSchema,
  sessionExchangeResponseSchema,
  sessionsResponseSchema,
  successResponseSchema,
  verifyResponseSchema,
} from '@tp/shared';
