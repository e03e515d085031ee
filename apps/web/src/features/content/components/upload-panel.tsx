import { CheckCircle2, FileIcon, RotateCcw, Trash2, Upload, X, XCircle } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { DESCRIPTION_MAX, TAGS_FIELD_MAX, uploadTagsSchema } from '@tp/shared';
import { cn } from '@/lib/cn';
import { formatBytes } from '@/lib/format';
import { useFileIntake } from '@/lib/use-file-intake';
import { useFileNotices } from '@/lib/file-notices';
import { Button } from '@/ui/button';
import { DropZone } from '@/ui/drop-zone';
import { FormField } from '@/ui/form-field';
import { Input, Textarea } from '@/ui/input';
import { Progress } from '@/ui/progress';
import { Switch } from '@/ui/switch';
import { CONTENT_UPLOAD_RULES } from '../upload-rules';
import { useUploadQueue, type UploadItem } from './use-upload-queue';
import { Card } from '@/ui/card';

const { maxFileSize, maxFiles, accept } = CONTENT_UPLOAD_RULES;

/** Upload & Manage: a drop zone and a real file input, the metadata, and the list with a progress bar per file. */
export function UploadPanel() {
  const queue = useUploadQueue();
  const id = useId();
  const [description, setDescription] = useState('');
  const [tags, setTags] = useState('');
  const [isPublic, setIsPublic] = useState(false);
  const pending = queue.items.filter((item) => item.status === 'ready' || item.status === 'uploading');
  const ready = queue.items.filter((item) => item.status === 'ready');
  const full = pending.length >= maxFiles;
  const finished = queue.items.length - pending.length;
  const notices = useFileNotices();
  const add = useFileIntake({ maxFileSize, accept, maxFiles, currentCount: pending.length, onAccepted: queue.add });
  const tagsInput = useRef<HTMLInputElement>(null);
  const tagsError = tagsProblem(tags);

  // the fields describe the files being sent: they go with them, and the next file starts blank
  function upload() {
    if (tagsError) {
      tagsInput.current?.focus();
      return;
    }
    queue.start({ description, tags, isPublic });
    setDescription('');
    setTags('');
    setIsPublic(false);
  }

  return (
    <section aria-labelledby={`${id}-heading`} className="flex flex-col gap-4">
      <h2 id={`${id}-heading`} className="text-lg font-semibold">
        Upload files
      </h2>
      <DropZone
        onFiles={add}
        full={full}
        accept={accept}
        hint={`Up to ${maxFiles} files at a time, ${formatBytes(maxFileSize)} each: images, video, audio, PDF, text and office documents, ZIP archives.`}
      />

      <div className="grid gap-3 md:grid-cols-2">
        <label className="flex flex-col gap-1 text-sm font-medium md:col-span-2">
          Description
          <Textarea
            rows={2}
            className="font-normal"
            value={description}
            maxLength={DESCRIPTION_MAX}
            onChange={(e) => setDescription(e.target.value)}
            placeholder="What is it? e.g. Invoice 2291 for Lisbon Traders"
          />
        </label>
        <FormField name="tags" label="Tags" description="Separate tags with commas." error={tagsError}>
          <Input
            ref={tagsInput}
            value={tags}
            maxLength={TAGS_FIELD_MAX}
            onChange={(e) => setTags(e.target.value)}
            placeholder="invoice, lisbon, 2026"
          />
        </FormField>
        <Switch
          label="Make public"
          description="Anyone with the link can open it."
          checked={isPublic}
          onCheckedChange={setIsPublic}
        />
      </div>

      {queue.items.length > 0 && (
        <Card as="ul" elevation="flat" aria-label="Upload list" className="flex flex-col divide-y divide-border">
          {queue.items.map((item) => (
            <UploadRow
              key={item.key}
              item={item}
              onCancel={() => queue.cancel(item.key)}
              onRemove={() => {
                queue.remove(item.key);
                notices.fileRemoved(item.file.name);
              }}
              onRetry={() => queue.retry(item.key)}
            />
          ))}
        </Card>
      )}

      <div className="flex flex-wrap items-center gap-2">
        <Button disabled={ready.length === 0} onClick={upload}>
          <Upload aria-hidden="true" className="size-4" />
          {ready.length > 1 ? `Upload ${ready.length} files` : 'Upload file'}
        </Button>
        {finished > 0 && (
          <Button variant="ghost" onClick={queue.clearFinished}>
            Clear finished
          </Button>
        )}
      </div>
    </section>
  );
}

/** What is wrong with the Tags field, in the contract's words (a tag too long, too many tags), or null. */
function tagsProblem(tags: string): string | null {
  const parsed = uploadTagsSchema.safeParse(tags);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? null);
}

const STATUS_TEXT: Record<UploadItem['status'], string> = {
  ready: 'Ready to upload',
  uploading: 'Uploading',
  done: 'Uploaded',
  failed: 'Failed',
  cancelled: 'Cancelled',
  deleted: 'Deleted',
};

function UploadRow({
  item,
  onCancel,
  onRemove,
  onRetry,
}: {
  item: UploadItem;
  onCancel(): void;
  onRemove(): void;
  onRetry(): void;
}) {
  const { file, status } = item;
  const Icon = status === 'done' ? CheckCircle2 : status === 'failed' ? XCircle : FileIcon;
  return (
    <li className="flex flex-wrap items-center gap-3 p-3" data-status={status}>
      <Icon
        aria-hidden="true"
        className={cn(
          'size-5 shrink-0',
          status === 'done' ? 'text-gain' : status === 'failed' ? 'text-loss' : 'text-muted',
        )}
      />
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-medium" title={file.name}>
          {file.name}
        </p>
        <p className="tabular text-xs text-muted">
          {formatBytes(file.size)} · {status === 'uploading' ? `${Math.round(item.progress)}%` : STATUS_TEXT[status]}
        </p>
        {status === 'uploading' && <Progress value={item.progress} label={`Uploading ${file.name}`} className="mt-1" />}
        {status === 'failed' && item.error && (
          <p role="alert" className="mt-1 text-sm text-loss">
            {item.error}
          </p>
        )}
      </div>
      <div className="flex shrink-0 gap-1">
        {status === 'uploading' && (
          <Button variant="ghost" size="icon" aria-label={`Cancel upload of ${file.name}`} onClick={onCancel}>
            <X aria-hidden="true" className="size-4" />
          </Button>
        )}
        {(status === 'failed' || status === 'cancelled') && (
          <Button variant="ghost" size="icon" aria-label={`Retry ${file.name}`} onClick={onRetry}>
            <RotateCcw aria-hidden="true" className="size-4" />
          </Button>
        )}
        {status !== 'uploading' && (
          <Button variant="ghost" size="icon" aria-label={`Remove ${file.name} from the list`} onClick={onRemove}>
            <Trash2 aria-hidden="true" className="size-4" />
          </Button>
        )}
      </div>
    </li>
  );
}
