/**
 * What other features read from the content hub: the user's files and their figures, in the hub's
 * own cache entries, so an upload, delete or visibility change here refreshes them everywhere.
 */
export { fileStatsQuery } from './api/get-file-stats';
export { filesQuery, type FilesQuery } from './api/get-files';
export { contentKeys } from './api/keys';
