import { matchMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { CONTENT_MESSAGES, type ContentFile } from '@tp/shared';
import { useAuth } from '@/lib/auth-context';
import { contentKeys } from '../api/keys';
import { uploadFile } from '../api/upload-file';
import { errorMessage } from '@/lib/api-client';

export type UploadStatus = 'ready' | 'uploading' | 'done' | 'failed' | 'cancelled' | 'deleted';

export interface UploadItem {
  key: string;
  file: File;
  status: UploadStatus;
  /** 0-100 */
  progress: number;
  error?: string;
  uploaded?: ContentFile;
  /** What it was started with: a retry sends the same. */
  metadata?: UploadMetadata;
}

export interface UploadMetadata {
  description: string;
  tags: string;
  isPublic: boolean;
}

let made = 0;

/**
 * The upload list: files wait as "ready" until the user starts them, then upload side by side,
 * each with its own progress and cancel. A finished upload refreshes the lists, the stats and the
 * sidebar's Files figure.
 */
export function useUploadQueue() {
  const [items, setItems] = useState<UploadItem[]>([]);
  const controllers = useRef(new Map<string, AbortController>());
  const queryClient = useQueryClient();
  const { refreshUser } = useAuth();

  // an uploaded file deleted (from the library) is no longer "Uploaded"
  useEffect(
    () =>
      queryClient.getMutationCache().subscribe((event) => {
        if (event.type !== 'updated' || event.action.type !== 'success') return;
        if (!matchMutation({ mutationKey: contentKeys.deleteFile() }, event.mutation)) return;
        const id = event.mutation.state.variables;
        setItems((list) =>
          list.map((item) => (item.uploaded && item.uploaded.id === id ? { ...item, status: 'deleted' } : item)),
        );
      }),
    [queryClient],
  );

  // leaving the page cancels what is still going
  useEffect(() => {
    const running = controllers.current;
    return () => running.forEach((controller) => controller.abort());
  }, []);

  const patch = useCallback(
    (key: string, change: Partial<UploadItem>) =>
      setItems((list) => list.map((item) => (item.key === key ? { ...item, ...change } : item))),
    [],
  );

  const add = useCallback((files: readonly File[]) => {
    setItems((list) => [
      ...list,
      ...files.map((file) => ({ key: `u${++made}`, file, status: 'ready' as const, progress: 0 })),
    ]);
  }, []);

  const run = useCallback(
    async (item: UploadItem, metadata: UploadMetadata) => {
      const controller = new AbortController();
      controllers.current.set(item.key, controller);
      patch(item.key, { status: 'uploading', progress: 0, error: undefined, metadata });
      try {
        const { file } = await uploadFile(
          { file: item.file, ...metadata },
          {
            signal: controller.signal,
            onProgress: ({ loaded, total }) => patch(item.key, { progress: total > 0 ? (loaded / total) * 100 : 0 }),
          },
        );
        patch(item.key, { status: 'done', progress: 100, uploaded: file });
        void refreshUser().catch(() => undefined);
        await queryClient.invalidateQueries({ queryKey: contentKeys.files() });
      } catch (error) {
        if (controller.signal.aborted) patch(item.key, { status: 'cancelled' });
        else patch(item.key, { status: 'failed', error: errorMessage(error, CONTENT_MESSAGES.uploadFailed) });
      } finally {
        controllers.current.delete(item.key);
      }
    },
    [patch, queryClient, refreshUser],
  );

  /** Starts every file that is ready with `metadata`. */
  const start = useCallback(
    (metadata: UploadMetadata) =>
      items.filter((item) => item.status === 'ready').forEach((item) => void run(item, metadata)),
    [items, run],
  );

  /** Starts one file again, with what it was first started with. */
  const retry = useCallback(
    (key: string) => {
      const item = items.find((candidate) => candidate.key === key);
      if (item?.metadata) void run(item, item.metadata);
    },
    [items, run],
  );

  const cancel = useCallback((key: string) => controllers.current.get(key)?.abort(), []);
  const remove = useCallback((key: string) => setItems((list) => list.filter((item) => item.key !== key)), []);
  const clearFinished = useCallback(
    () => setItems((list) => list.filter((item) => item.status === 'ready' || item.status === 'uploading')),
    [],
  );

  return { items, add, start, retry, cancel, remove, clearFinished };
}
