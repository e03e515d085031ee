/** The web test kit: render screens as the app does, fake the API, build data. */
export { expectConsoleError } from './setup';
export { installTestAuthHooks } from './auth-hooks';
export { LocationProbe, renderApp, type RenderAppOptions } from './render-app';
export {
  apiError,
  mockApi,
  networkFailure,
  notFound,
  type ApiAnswer,
  type ApiCall,
  type ApiRequest,
  type ApiRoute,
} from './mock-api';
export {
  buildActivity,
  buildCompleteUser,
  buildContentFile,
  buildFileList,
  buildFileStats,
  buildInstrument,
  buildLotInstrument,
  buildLicenseState,
  buildPortfolio,
  buildPosition,
  buildPreferences,
  buildPublicConfig,
  buildQuote,
  buildSession,
  buildOrder,
  buildUser,
  envelope,
  orderList,
  signedInAs,
} from './factories';
export {
  buildCapture,
  buildCurrencyExposure,
  buildExposure,
  buildForward,
  buildInvoice,
  buildPolicy,
  buildProposal,
  buildRate,
  deskAnswer,
  deskRoutes,
  DESK_TODAY,
  hamburgExposure,
  invoiceList,
} from './desk-factories';
export { mockSocket, type FakeSocket, type MockedSockets } from './mock-socket';
export { mockUploads, type FakeUpload } from './mock-upload';
export { captureDownloads, type SavedFile } from './downloads';
export { expectNoneAskedAgain, withFirstReads } from './first-reads';
