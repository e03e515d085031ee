import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ImportProgressLine, ImportResult } from '@tp/shared';
import { ApiError, apiStream } from '@/lib/api-client';
import { refreshContacts } from './keys';

export type ImportProgress = Extract<ImportProgressLine, { type: 'progress' }>;

export interface ImportInput {
  /** Pasted text (one address per line, or CSV with an email column) or a chosen .csv/.txt file. */
  source: string | File;
  lists: string[];
  onProgress?: (progress: ImportProgress, totalBytes: number) => void;
  signal?: AbortSignal;
}

/**
 * POST /api/contacts/import, streamed: the text or file is the body (text/csv or text/plain), and
 * the answer is NDJSON — progress lines while the server reads and saves, then one done or error
 * line — so a 100,000-line file shows its progress and is never held whole in a JSON string.
 */
export async function importContacts({ source, lists, onProgress, signal }: ImportInput): Promise<ImportResult> {
  const body = typeof source === 'string' ? new Blob([source], { type: 'text/plain' }) : source;
  const csv = typeof source !== 'string' && /\.csv$/i.test(source.name);
  const query = lists.length > 0 ? `?lists=${lists.map(encodeURIComponent).join(',')}` : '';
  const [response, { importProgressLineSchema }] = await Promise.all([
    apiStream(`/contacts/import${query}`, {
      body,
      signal,
      headers: { 'content-type': csv ? 'text/csv' : 'text/plain', accept: 'application/x-ndjson' },
    }),
    import('@/lib/contract'),
  ]);
  if (!response.body) throw new ApiError('The import answered without a body', 0);
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffered = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (value) buffered += value;
    const lines = buffered.split('\n');
    buffered = done ? '' : lines.pop()!;
    for (const raw of lines) {
      if (!raw.trim()) continue;
      const line = importProgressLineSchema.parse(JSON.parse(raw));
      if (line.type === 'progress') onProgress?.(line, body.size);
      else if (line.type === 'done') return line.data;
      else throw new ApiError(line.error, line.status, line.code);
    }
    if (done) throw new ApiError('The import ended without a result', 0);
  }
}

export function useImportContacts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importContacts,
    onSettled: () => refreshContacts(queryClient),
  });
}
