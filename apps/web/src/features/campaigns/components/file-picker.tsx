import { useEffect, useState } from 'react';
import { CAMPAIGN_LIMITS } from '@tp/shared';
import { Button } from '@/ui/button';
import { Checkbox } from '@/ui/checkbox';
import { Dialog, DialogClose } from '@/ui/dialog';
import { SkeletonText } from '@/ui/skeleton';
import { useContentFiles } from '../api/get-content-files';
import { formatMegabytes } from '../format';
import { LoadError } from '@/ui/load-error';

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
  const files = useContentFiles(open);
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
      {files.isPending && <SkeletonText lines={4} label="Loading your files" />}
      {files.isError && <LoadError message={files.error.message} onRetry={() => void files.refetch()} />}
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
                    <span className="tabular text-muted">{formatMegabytes(file.size)}</span>
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
