import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { CAMPAIGN_LIMITS, FILE_LIST } from '@tp/shared';
import { filesQuery, type FilesQuery } from '@/features/content';
import { formatFileSize } from '@/lib/format';
import { retryDataLoading } from '@/lib/query-client';
import { Button } from '@/ui/button';
import { Checkbox } from '@/ui/checkbox';
import { Dialog, DialogClose } from '@/ui/dialog';
import { LoadingState } from '@/ui/query-state';
import { LoadError } from '@/ui/load-error';

/** The user's own files, newest first, as many as one page holds: what a campaign can link to. */
const NEWEST_FILES: FilesQuery = {
  page: 1,
  limit: FILE_LIST.pageSizeMax,
  period: 'all',
  category: 'all',
  sort: 'recent',
};

export interface PickedFile {
  id: string;
  name: string;
  size: number;
}

/**
 * The share-file picker of the composer: the user's own content-hub files (name, size in MB,
 * public or private). Up to CAMPAIGN_LIMITS.attachmentsMax; they go out as links.
 */
export function FilePicker({
  open,
  onOpenChange,
  selected,
  onDone,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  selected: PickedFile[];
  onDone: (files: PickedFile[]) => void;
}) {
  const files = useQuery({
    ...filesQuery(NEWEST_FILES),
    select: (data) => data.files,
    enabled: open,
    ...retryDataLoading,
  });
  const [picked, setPicked] = useState<PickedFile[]>(selected);
  useEffect(() => {
    if (open) setPicked(selected);
  }, [open, selected]);
  const full = picked.length >= CAMPAIGN_LIMITS.attachmentsMax;

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Attach files"
      description={`Choose up to ${CAMPAIGN_LIMITS.attachmentsMax} of your files. Private files are sent as links valid for 7 days.`}
      footer={
        <>
          <DialogClose asChild>
            <Button variant="outline">Cancel</Button>
          </DialogClose>
          <Button
            onClick={() => {
              onDone(picked);
              onOpenChange(false);
            }}
          >
            Attach {picked.length} file{picked.length === 1 ? '' : 's'}
          </Button>
        </>
      }
    >
      {files.isPending && <LoadingState lines={4} label="Loading your files" />}
      {files.isError && <LoadError error={files.error} onRetry={() => void files.refetch()} />}
      {files.data?.length === 0 && (
        <p className="text-sm text-muted">You have no files yet. Upload files in the Upload &amp; Manage tab first.</p>
      )}
      <ul className="flex max-h-[50dvh] flex-col overflow-y-auto">
        {files.data?.map((file) => {
          const checked = picked.some((p) => p.id === file.id);
          return (
            <li key={file.id}>
              <Checkbox
                checked={checked}
                disabled={!checked && full}
                onCheckedChange={(on) =>
                  setPicked(
                    on
                      ? [...picked, { id: file.id, name: file.name, size: file.size }]
                      : picked.filter((p) => p.id !== file.id),
                  )
                }
                label={
                  <span className="flex flex-wrap gap-x-2">
                    <span className="break-all">{file.name}</span>
                    <span className="tabular text-muted">{formatFileSize(file.size)}</span>
                    <span className="text-muted">{file.isPublic ? 'public' : 'private'}</span>
                  </span>
                }
              />
            </li>
          );
        })}
      </ul>
    </Dialog>
  );
}
