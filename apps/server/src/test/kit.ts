/** The server test kit: one import for a test app, its database, factories and the SMTP peer. */
export {
  buildTestApp,
  getTestBoss,
  getTestDatabase,
  getTestDatabaseUrl,
  resetDatabase,
  testConfig,
  usingPostgres,
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
