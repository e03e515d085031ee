import { ApiError, apiStream, NETWORK_ERROR_MESSAGE } from './api-client';

/** The file name a `Content-Disposition: attachment; filename="…"` header gives, if any. */
export function attachmentName(header: string | null): string | null {
  const match = /filename="?([^";]+)"?/i.exec(header ?? '');
  return match?.[1]?.trim() || null;
}

/**
 * Downloads a file the API answers only to the signed-in user (a CSV export): fetched with the
 * session's token, then saved from memory under the server's file name (else `fallbackName`).
 * A plain link cannot carry the bearer token. Resolves with the name the file was saved as.
 */
export async function downloadFile(path: string, fallbackName: string): Promise<string> {
  let response: Response;
  try {
    response = await apiStream(path, { method: 'GET' });
  } catch (error) {
    throw error instanceof ApiError ? error : new ApiError(NETWORK_ERROR_MESSAGE, 0, 'NETWORK');
  }
  const name = attachmentName(response.headers.get('content-disposition')) ?? fallbackName;
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.hidden = true;
  document.body.append(link);
  try {
    link.click();
  } finally {
    link.remove();
    // the browser has taken the file once the click's task ends
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
  return name;
}
