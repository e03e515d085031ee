/** The server test kit: one import for a test app, its database, factories and the SMTP peer. */
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
  bearer,
  createUser,
  latestMagicLinkToken,
  signIn,
  signedInClient,
  useSignedInTestApp,
  type SignedInClient,
} from './factories';
export { startTestSmtp, waitForOutboxRow, type OutboxRow, type TestSmtp } from './smtp';
