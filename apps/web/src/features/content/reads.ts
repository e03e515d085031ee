import { contentHealthQuery } from './api/get-content-health';
import { FIRST_FILES_QUERY, filesQuery } from './api/get-files';
import { fileStatsQuery } from './api/get-file-stats';
import { recentSearchesQuery } from './api/get-recent-searches';
import { sessionFilesQuery } from './api/get-session-files';
import { sharedLinksQuery } from './api/get-shared-links';

/**
 * The reads /content-access shows first, asked for together as its route matches: light modules
 * only, so they load before the screens (docs/decisions/0055).
 */
export const firstReads = () => [
  filesQuery(FIRST_FILES_QUERY),
  fileStatsQuery(),
  recentSearchesQuery(),
  sessionFilesQuery(),
  sharedLinksQuery(),
  contentHealthQuery(),
];
