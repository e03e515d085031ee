import { z } from 'zod';
import { FILE_LIST, SEARCH, SIGNED_URL_DEFAULT_SECONDS, SIGNED_URL_MAX_SECONDS } from '../constants';
import { FILE_EMPTY_MESSAGE, formatBytes } from '../file-size';
import { emailSchema, paginationSchema } from './common';
import { sharedLinkDaysSchema } from './shared-links';
import { text } from './text';

/** Content service contract, base /api/content (docs/product/api.md#content, docs/content.md). */

export const FILE_NAME_MAX = 255;
export const DESCRIPTION_MAX = 2_000;
/** Characters of one tag. */
export const TAG_MAX = 50;
/** Tags of one file. */
export const TAGS_MAX = 20;
/** Characters of the comma-separated Tags field: 20 tags of 50 and their separators. */
export const TAGS_FIELD_MAX = TAGS_MAX * (TAG_MAX + 2);
export const SEARCH_QUERY_MAX = 200;
export const SHARE_SUBJECT_MAX = 200;
export const SHARE_MESSAGE_MAX = 5_000;

export const CONTENT_MESSAGES = {
  serviceUnavailable: 'Content service is not available',
  uploadFailed: 'Failed to upload file',
  fetchFilesFailed: 'Failed to fetch user files',
  fetchSessionFilesFailed: 'Failed to fetch session files',
  fetchStatsFailed: 'Failed to fetch file statistics',
  fetchPublicFilesFailed: 'Failed to fetch public files',
  publishFailed: 'Failed to publish file',
  unpublishFailed: 'Failed to unpublish file',
  fileInfoFailed: 'Failed to get file information',
  signedUrlFailed: 'Failed to generate signed URL',
  downloadFailed: 'Failed to download file',
  bulkPublicFailed: 'Failed to make files public',
  madePublic: 'File made public successfully',
  madePrivate: 'File made private successfully',
  allEmailsFailed: 'All emails failed to send',
  filesShared: 'Files shared successfully!',
  selectFilesToShare: 'Please select files to share',
  addValidEmail: 'Please add at least one valid email address',
  addSubject: 'Please add a subject',
  searchFailed: 'Search failed',
  searchUnavailable: 'Search service is temporarily unavailable. Please try again later.',
  noResults: 'No results found',
  noContentFound: 'No content found. Try adjusting your search terms.',
  noRecentSearches: 'No recent searches',
  noRecentSearchesYet: 'No recent searches yet.',
  searching: 'Searching...',
  // the server's own texts (the spec names none for these situations)
  fileRequired: 'Choose a file to upload',
  fileEmpty: FILE_EMPTY_MESSAGE,
  malformedUpload: 'The upload arrived incomplete or is not valid multipart/form-data. Send the file again.',
  fileDeleted: 'File deleted successfully',
  linkExpired: 'This link has expired. Ask the owner for a new one.',
  linkInvalid: 'This link is not valid.',
  shareLimitReached: 'You have reached the daily limit of recipients for sharing files. Please try again tomorrow.',
  shareFileNotFound: 'One of the files to share was not found among your files.',
  tagTooLong: `Each tag may have at most ${TAG_MAX} characters.`,
  tooManyTags: `Add at most ${TAGS_MAX} tags.`,
  tagsTooLong: `Tags may have at most ${TAGS_FIELD_MAX.toLocaleString('en-US')} characters in all.`,
} as const;

/** "Storage quota exceeded: your files may use at most 1 GB in all. Delete some files to make room." */
export const quotaExceededMessage = (quotaBytes: number) =>
  `Storage quota exceeded: your files may use at most ${formatBytes(quotaBytes)} in all. Delete some files to make room.`;

/** "File limit reached: you may keep at most 2,000 files. Delete some files to make room." */
export const fileQuotaExceededMessage = (files: number) =>
  `File limit reached: you may keep at most ${files.toLocaleString('en-US')} files. Delete some files to make room.`;

/** "Too many uploads: at most 30 a minute. Please try again later." (the 429 of the error catalogue, made specific) */
export const uploadRateLimitedMessage = (perMinute: number) =>
  `Too many uploads: at most ${perMinute.toLocaleString('en-US')} a minute. Please try again later.`;

export const FILE_CATEGORIES = ['image', 'video', 'document', 'audio', 'other'] as const;
export const fileCategorySchema = z.enum(FILE_CATEGORIES);
export type FileCategory = z.infer<typeof fileCategorySchema>;

/** The categories a search can filter by (image, video, document, audio; docs/product/content-hub.md#search-tab). */
export const searchTypeSchema = z.enum(['image', 'video', 'document', 'audio']);
export const periodSchema = z.enum(['today', 'week', 'month', 'all']);
export type Period = z.infer<typeof periodSchema>;

const URL_MAX = 2_048;

const fileId = text().min(1).max(64);
const isoDate = text().max(40);
const count = z.number().int().min(0);

export const tagsSchema = z
  .array(text().trim().min(1).max(TAG_MAX, CONTENT_MESSAGES.tagTooLong))
  .max(TAGS_MAX, CONTENT_MESSAGES.tooManyTags)
  .transform((tags) => [...new Set(tags)]);

/** The Tags field of an upload: comma-separated, as a form sends them. */
export const uploadTagsSchema = text()
  .max(TAGS_FIELD_MAX, CONTENT_MESSAGES.tagsTooLong)
  .default('')
  .transform((value) =>
    value
      .split(',')
      .map((tag) => tag.trim())
      .filter(Boolean),
  )
  .pipe(tagsSchema);

export const contentFileSchema = z.object({
  id: fileId,
  name: text().max(FILE_NAME_MAX),
  /** Bytes. */
  size: count,
  /** MIME type sniffed from the bytes at upload (never the client's claim). */
  type: text().max(255),
  category: fileCategorySchema,
  isPublic: z.boolean(),
  description: text().max(DESCRIPTION_MAX),
  tags: z.array(text().max(TAG_MAX)).max(TAGS_MAX),
  createdAt: isoDate,
  views: count,
  /**
   * Where a browser opens the file (img src, a new window): the plain link of a public file, or a
   * signed link of an hour or two for its owner, since a browser sends no Authorization header.
   */
  url: text().max(URL_MAX),
  /** The same, as an attachment (GET /download/{id}). */
  downloadUrl: text().max(URL_MAX),
  /** The gallery's small image, once the background job has made it (images only). */
  thumbnailUrl: text().max(URL_MAX).optional(),
});
export type ContentFile = z.infer<typeof contentFileSchema>;

const booleanField = z
  .enum(['true', 'false', '1', '0', 'on', 'off', ''])
  .transform((v) => v === 'true' || v === '1' || v === 'on');

/** POST /upload: the text fields sent beside the file (multipart fields are strings). */
export const uploadFieldsSchema = z.object({
  description: text().trim().max(DESCRIPTION_MAX).default(''),
  tags: uploadTagsSchema,
  isPublic: booleanField.default(false),
});

/**
 * Links to a file (docs/content.md#opening-a-file-in-the-browser): /access/{id}, /download/{id},
 * /api/v1/content/{id}.
 */
export const fileUrlsSchema = z.object({
  publicUrl: text().max(URL_MAX),
  downloadUrl: text().max(URL_MAX),
  legacyUrl: text().max(URL_MAX),
});
export type FileUrls = z.infer<typeof fileUrlsSchema>;

export const fileAccessSchema = z.object({
  isPublic: z.boolean(),
  /** Where the file is read: open to anyone when public, to its owner otherwise. */
  url: text().max(URL_MAX),
});

export const uploadResponseSchema = z.object({
  file: contentFileSchema,
  access: fileAccessSchema,
  urls: fileUrlsSchema,
});
export type UploadResponse = z.infer<typeof uploadResponseSchema>;

/** GET /access/{id} with `Accept: application/json`: the file's information and links. */
export const fileInfoResponseSchema = uploadResponseSchema;

/** DELETE /files/{id} */
export const deleteFileResponseSchema = z.object({ success: z.literal(true), message: text().max(200) });

/** GET /api/content/health */
export const contentHealthResponseSchema = z.object({
  status: z.enum(['ok', 'error']),
  database: z.enum(['ok', 'error']),
  storage: z.enum(['ok', 'error']),
  driver: z.enum(['local', 's3']),
});

/**
 * A page size from a query string: 20 by default, above 100 capped, not refused
 * (docs/product/content-hub.md#file-library).
 */
const cappedLimit = z.coerce
  .number()
  .int()
  .min(1)
  .default(FILE_LIST.defaultLimit)
  .transform((limit) => Math.min(limit, FILE_LIST.pageSizeMax));

/** GET /files. `limit` above 100 is capped, not refused (docs/product/content-hub.md#file-library). */
export const listFilesQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: cappedLimit,
  period: periodSchema.default('all'),
  category: z.enum([...FILE_CATEGORIES, 'all']).default('all'),
  search: text().trim().max(200).optional(),
  sort: z.enum(['recent', 'name', 'size']).default('recent'),
});

export const listFilesResponseSchema = z.object({
  files: z.array(contentFileSchema).max(FILE_LIST.pageSizeMax),
  pagination: paginationSchema,
  /** Of `total`, uploaded in the current sign-in session, and before it. */
  sessionCount: count,
  historicalCount: count,
  /** Files on this page. */
  count,
});
export type ListFilesResponse = z.infer<typeof listFilesResponseSchema>;

/** GET /files/session: uploads of the current sign-in session. */
export const sessionFilesResponseSchema = z.object({
  files: z.array(contentFileSchema),
  count,
  message: text().max(200),
});

export const fileStatsSchema = z.object({
  sessionUploads: count,
  totalFiles: count,
  /** Bytes. */
  totalSize: count,
  categories: z.object(
    Object.fromEntries(FILE_CATEGORIES.map((c) => [c, count])) as Record<FileCategory, typeof count>,
  ),
  /** The newest uploads, newest first. */
  recentActivity: z
    .array(z.object({ id: fileId, name: text().max(FILE_NAME_MAX), category: fileCategorySchema, createdAt: isoDate }))
    .max(10),
});
export type FileStats = z.infer<typeof fileStatsSchema>;

/** GET /files/stats */
export const fileStatsResponseSchema = z.object({ stats: fileStatsSchema, message: text().max(200) });

/** GET /public: the newest public files, `limit` (default 20) capped at 100 like the file list. */
export const publicFilesQuerySchema = z.object({
  limit: cappedLimit,
});
export const publicFilesResponseSchema = z.object({ publicFiles: z.array(contentFileSchema), count });

/** PUT /access/{id}/public */
export const toggleVisibilityRequestSchema = z.object({ isPublic: z.boolean() });
export const toggleVisibilityResponseSchema = z.object({ file: contentFileSchema, message: text().max(200) });

/** POST /access/{id}/signed */
export const signedUrlRequestSchema = z.object({
  expiresIn: z.number().int().min(60).max(SIGNED_URL_MAX_SECONDS).default(SIGNED_URL_DEFAULT_SECONDS),
});
export const signedUrlResponseSchema = z.object({ signedUrl: text().max(URL_MAX), expiresAt: isoDate });

/**
 * POST /api/content/search. The user comes from the token: a `userId` in the body is dropped.
 * A blank query is not an error; it finds nothing.
 */
export const searchRequestSchema = z.object({
  query: text().trim().max(SEARCH_QUERY_MAX),
  filters: z.object({ type: searchTypeSchema.optional(), dateRange: periodSchema.optional() }).default({}),
  limit: z.number().int().min(1).max(SEARCH.maxResults).default(SEARCH.defaultLimit),
});
export type SearchRequest = z.input<typeof searchRequestSchema>;

export const searchResultSchema = z.object({
  id: fileId,
  name: text().max(FILE_NAME_MAX),
  /** The category, as the Type filter names it. */
  type: fileCategorySchema,
  date: isoDate,
  description: text().max(DESCRIPTION_MAX),
  url: text().max(URL_MAX),
  /** Matched words marked with <mark>…</mark>; all other text is HTML-escaped. */
  snippet: text().max(1_000),
});
export type SearchResult = z.infer<typeof searchResultSchema>;
export const searchResponseSchema = z.array(searchResultSchema).max(SEARCH.maxResults);

/** GET /api/content/recent-searches: newest first, de-duplicated. */
export const recentSearchSchema = z.object({
  query: text().max(SEARCH_QUERY_MAX),
  timestamp: isoDate,
  resultsCount: count,
});
export type RecentSearch = z.infer<typeof recentSearchSchema>;
export const recentSearchesResponseSchema = z.array(recentSearchSchema).max(SEARCH.recentKept);

/**
 * POST /api/content/recent-searches: a search the client answered from its own cache of an earlier
 * answer, put at the front of the recent searches as a search the server answered is. Counts as a
 * search against the rate limit. Answers the recent searches as GET does.
 */
export const recordSearchRequestSchema = z.object({
  query: text().trim().min(1).max(SEARCH_QUERY_MAX),
  resultsCount: count.max(SEARCH.maxResults),
});
export type RecordSearchRequest = z.input<typeof recordSearchRequestSchema>;

/** POST /api/email/send/content-share: one e-mail to one recipient (the client sends one per address). */
export const contentShareRequestSchema = z.object({
  to: emailSchema,
  /** One line: line breaks become spaces (a header cannot carry them). */
  subject: text()
    .transform((subject) => subject.replace(/[\r\n]+/g, ' ').trim())
    .pipe(text().min(1, CONTENT_MESSAGES.addSubject).max(SHARE_SUBJECT_MAX)),
  message: text().trim().max(SHARE_MESSAGE_MAX).default(''),
  files: z
    .array(
      z.object({
        /** Only files of the sender can be shared: the server looks the id up under the sender. */
        id: fileId,
        name: text().max(FILE_NAME_MAX),
        url: text().max(URL_MAX),
        size: count,
        type: text().max(255),
      }),
    )
    .min(1, CONTENT_MESSAGES.selectFilesToShare)
    .max(50),
  senderName: text().trim().max(200).default(''),
  /** Accepted for the spec's payload; the server sends as the signed-in user, whatever this says. */
  senderEmail: emailSchema.optional(),
  /** How long the e-mail's links live: 1 to 30 days, 7 by default. */
  expiresInDays: sharedLinkDaysSchema,
  /**
   * The dialog's "Make files publicly accessible": the files become public too, once everything
   * else is checked and in the same transaction as the links (a refused share changes nothing).
   */
  makePublic: z.boolean().default(false),
});
export type ContentShareRequest = z.input<typeof contentShareRequestSchema>;

/** POST /api/email/send/content-share: sent (to the outbox), and when the e-mail's links stop working. */
export const contentShareResponseSchema = z.object({
  success: z.literal(true),
  message: text().max(500),
  expiresAt: isoDate,
});
