import { fileTooLargeMessage, type UploadResponse } from '@tp/shared';
import { ApiError } from '@/lib/api-client';
import { uploadRequest, type UploadProgress } from '@/lib/upload-request';

export interface UploadFileInput {
  file: File;
  description: string;
  /** Comma-separated, as the server reads them. */
  tags: string;
  isPublic: boolean;
}

/**
 * POST /api/content/upload — multipart: the metadata fields first, then the file (the server
 * streams the file to storage as it arrives). Reports progress; aborting the signal cancels it.
 */
export async function uploadFile(
  { file, description, tags, isPublic }: UploadFileInput,
  { onProgress, signal }: { onProgress?: (progress: UploadProgress) => void; signal?: AbortSignal } = {},
): Promise<UploadResponse> {
  const form = new FormData();
  form.append('description', description);
  form.append('tags', tags);
  form.append('isPublic', String(isPublic));
  form.append('file', file, file.name);
  try {
    return await uploadRequest('/content/upload', form, { schema: 'uploadResponseSchema', onProgress, signal });
  } catch (error) {
    // a proxy in front of the server may refuse the body itself, with a page of its own
    if (error instanceof ApiError && error.status === 413 && !error.code) {
      throw new ApiError(fileTooLargeMessage(), 413, 'PAYLOAD_TOO_LARGE');
    }
    throw error;
  }
}
