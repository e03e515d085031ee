import type { z } from 'zod';
import type { listFilesQuerySchema, SearchRequest } from '@tp/shared';

/** The file list's query, every field given (the screen keeps them all). */
export type FilesQuery = z.output<typeof listFilesQuerySchema>;

/** Cache keys of the content hub's queries. Every change to the user's files refreshes `files()`. */
export const contentKeys = {
  all: ['content'] as const,
  files: () => [...contentKeys.all, 'files'] as const,
  list: (query: FilesQuery) => [...contentKeys.files(), 'list', query] as const,
  session: () => [...contentKeys.files(), 'session'] as const,
  stats: () => [...contentKeys.files(), 'stats'] as const,
  /** Under files: deleting a file ends its links, sharing makes new ones. */
  sharedLinks: () => [...contentKeys.files(), 'shared-links'] as const,
  /** Under files: an upload or delete changes what a search finds. */
  search: (request: SearchRequest) => [...contentKeys.files(), 'search', request] as const,
  /** The delete mutation's key: the upload list marks a deleted upload by it. */
  deleteFile: () => [...contentKeys.all, 'delete-file'] as const,
  health: () => [...contentKeys.all, 'health'] as const,
  recentSearches: () => [...contentKeys.all, 'recent-searches'] as const,
};
