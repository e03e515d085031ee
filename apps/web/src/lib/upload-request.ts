import { CONTRACT_VERSION_HEADER, TIMEOUTS_MS } from '@tp/shared';
import {
  API_BASE,
  ApiError,
  errorFromBody,
  NETWORK_ERROR_MESSAGE,
  readAnswer,
  TimeoutError,
  withSession,
  type Answer,
  type SchemaName,
  type SentAnswer,
} from './api-client';
import { newId } from './new-id';

export interface UploadProgress {
  loaded: number;
  total: number;
}

export interface UploadRequestOptions<S extends SchemaName> {
  /** The shared schema that parses the answer (unless the server answers by this page's contract, as apiRequest). */
  schema: S;
  onProgress?: (progress: UploadProgress) => void;
  /** Aborting cancels the upload; the promise rejects with the signal's reason. */
  signal?: AbortSignal;
  /** 60 s by default (the upload timeout, docs/product/shell.md#http-client). */
  timeoutMs?: number;
}

interface RawAnswer extends SentAnswer {
  status: number;
  statusText: string;
}

function parseJson(text: string): unknown {
  try {
    return text ? (JSON.parse(text) as unknown) : undefined;
  } catch {
    return undefined;
  }
}

function sendOnce(
  url: string,
  form: FormData,
  token: string | null,
  { onProgress, signal, timeoutMs }: Omit<UploadRequestOptions<SchemaName>, 'schema'> & { timeoutMs: number },
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.timeout = timeoutMs;
    xhr.setRequestHeader('accept', 'application/json');
    xhr.setRequestHeader('x-request-id', newId());
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
    const onAbort = () => xhr.abort();
    signal?.addEventListener('abort', onAbort);
    const settle = () => signal?.removeEventListener('abort', onAbort);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.({ loaded: event.loaded, total: event.total });
    };
    xhr.onload = () => {
      settle();
      resolve({
        status: xhr.status,
        statusText: xhr.statusText,
        body: parseJson(xhr.responseText),
        contractVersion: xhr.getResponseHeader(CONTRACT_VERSION_HEADER),
      });
    };
    xhr.onerror = () => {
      settle();
      reject(new ApiError(NETWORK_ERROR_MESSAGE, 0, 'NETWORK'));
    };
    xhr.ontimeout = () => {
      settle();
      reject(new TimeoutError(url, timeoutMs));
    };
    xhr.onabort = () => {
      settle();
      reject(signal?.reason ?? new DOMException('The upload was cancelled', 'AbortError'));
    };
    xhr.send(form);
  });
}

/**
 * A multipart POST with upload progress (fetch reports none, so this goes by XMLHttpRequest): the
 * same bearer token, one refresh on 401, error envelope and answer parsing as apiRequest. Never
 * retried: the body is a file the user chose, and a second try would be a second upload.
 */
export async function uploadRequest<S extends SchemaName>(
  path: string,
  form: FormData,
  { schema, timeoutMs = TIMEOUTS_MS.upload, ...options }: UploadRequestOptions<S>,
): Promise<Answer<S>> {
  const url = path.startsWith('/api') ? path : `${API_BASE}${path}`;
  const answer = await withSession(
    (token) => sendOnce(url, form, token, { ...options, timeoutMs }),
    (expired) => errorFromBody(expired.status, expired.statusText, expired.body),
  );
  if (answer.status < 200 || answer.status >= 300) throw errorFromBody(answer.status, answer.statusText, answer.body);
  return readAnswer(path, schema, answer);
}
