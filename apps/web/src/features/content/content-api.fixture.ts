import type { ContentFile } from '@tp/shared';
import { buildCompleteUser, buildFileList, buildFileStats, signedInAs, type ApiRoute } from '@/testing';

/** The routes the content page reads on arrival, over a library holding `files`; `extra` adds or replaces. */
export function contentRoutes(
  files: ContentFile[] = [],
  extra: Record<string, ApiRoute> = {},
): Record<string, ApiRoute> {
  return {
    ...signedInAs(buildCompleteUser()),
    'GET /api/content/files': { body: buildFileList(files) },
    'GET /api/content/files/stats': { body: buildFileStats(files) },
    'GET /api/content/files/session': { body: { files: [], count: 0, message: 'Session files' } },
    'GET /api/content/health': { body: { status: 'ok', database: 'ok', storage: 'ok', driver: 'local' } },
    'GET /api/content/recent-searches': { body: [] },
    'GET /api/content/shared-links': { body: { links: [], total: 0 } },
    ...extra,
  };
}
