/** The server test kit: one import for a test app, its database, factories and the SMTP peer. */
import { errorResponseSchema } from '@tp/shared';
export {
  buildTestApp,
  captureLog,
  getTestBoss,
  getTestDatabase,
  getTestDatabaseUrl,
  resetDatabase,
  testConfig,
  usingPostgres,
  type CapturedLog,
} from './helpers';
export {
  advanceCounters,
  ageLastSeen,
  bearer,
  createUser,
  deadSessionClients,
  lastSeenOf,
  latestMagicLinkToken,
  signIn,
  signInThrough,
  signedInClient,
  useSignedInTestApp,
  useTestApp,
  type SignedInClient,
} from './factories';
export { startTestSmtp, waitForOutboxRow, type OutboxRow, type TestSmtp } from './smtp';

/** The fields a 400 answer names, in its order (the error envelope's details). */
export const errorFields = (body: unknown) => errorResponseSchema.parse(body).details?.map((d) => d.field);
