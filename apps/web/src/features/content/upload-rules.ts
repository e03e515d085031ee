import { UPLOAD_LIMITS } from '@tp/shared';

/**
 * What the content manager takes (docs/product/content-hub.md#upload-limits): 25 MB a file, and the kinds of file an
 * exporter keeps here — photos, video, audio, PDFs, text and office documents, archives. The server
 * sniffs the type from the bytes; this check only spares the user a pointless upload.
 */
export const CONTENT_UPLOAD_RULES = {
  maxFileSize: UPLOAD_LIMITS.contentManagerMaxBytes,
  /** Files waiting or uploading at one time. */
  maxFiles: UPLOAD_LIMITS.fileListMaxFiles,
  accept: [
    'image/*',
    'video/*',
    'audio/*',
    'text/*',
    'application/pdf',
    '.pdf',
    '.txt',
    '.csv',
    '.md',
    '.rtf',
    '.json',
    '.xml',
    '.doc',
    '.docx',
    '.xls',
    '.xlsx',
    '.ppt',
    '.pptx',
    '.odt',
    '.ods',
    '.odp',
    '.zip',
  ],
} as const;
