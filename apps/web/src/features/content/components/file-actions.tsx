import { Download, ExternalLink, Link2, Share2, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { CONTENT_MESSAGES, type ContentFile } from '@tp/shared';
import { Button, buttonClasses } from '@/ui/button';
import { ConfirmDialog } from '@/ui/confirm-dialog';
import { Switch } from '@/ui/switch';
import { useCreateSignedUrl } from '../api/create-signed-url';
import { useDeleteFile } from '../api/delete-file';
import { useFileNotices } from '@/lib/file-notices';
import { useSetFileVisibility } from '../api/set-file-visibility';
import { absoluteUrl } from '../content-format';
import { errorMessage } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format-date';
import { useContentBanner } from './content-banner';
import { useTimeZone } from '@/lib/time-zone';

async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/** The public/private switch of one file. */
export function VisibilitySwitch({ file }: { file: ContentFile }) {
  const banner = useContentBanner();
  const toggle = useSetFileVisibility();
  return (
    <Switch
      label={file.isPublic ? 'Public' : 'Private'}
      aria-label={`Public: ${file.name}`}
      checked={toggle.isPending ? (toggle.variables?.isPublic ?? file.isPublic) : file.isPublic}
      disabled={toggle.isPending}
      onCheckedChange={(isPublic) =>
        toggle.mutate(
          { id: file.id, isPublic },
          {
            onSuccess: ({ message }) => banner.show('success', message),
            onError: (error) =>
              banner.show(
                'error',
                errorMessage(error, isPublic ? CONTENT_MESSAGES.publishFailed : CONTENT_MESSAGES.unpublishFailed),
              ),
          },
        )
      }
      className="min-h-11 justify-start gap-2"
    />
  );
}

/** Open, download, copy the link (public) or a signed link (1 hour), and delete with confirmation. */
export function FileActions({ file }: { file: ContentFile }) {
  const banner = useContentBanner();
  const signed = useCreateSignedUrl();
  const timeZone = useTimeZone();
  const remove = useDeleteFile();
  const notices = useFileNotices();
  const [confirming, setConfirming] = useState(false);

  async function copyPublicLink() {
    const link = absoluteUrl(file.url);
    if (await copyText(link)) banner.show('success', 'Link copied', link);
    else banner.show('info', 'Copy this link', link);
  }

  function copySignedLink() {
    signed.mutate(
      { id: file.id },
      {
        onSuccess: async ({ signedUrl, expiresAt }) => {
          const until = `Works until ${formatDateTime(expiresAt, timeZone)}: ${signedUrl}`;
          if (await copyText(signedUrl)) banner.show('success', 'Signed link copied', until);
          else banner.show('info', 'Copy this signed link', until);
        },
        onError: (error) => banner.show('error', errorMessage(error, CONTENT_MESSAGES.signedUrlFailed)),
      },
    );
  }

  // awaited, not mutate's callbacks: the row (and this component) is gone once the list is fetched again
  async function deleteConfirmed() {
    try {
      const { message } = await remove.mutateAsync(file.id);
      banner.show('success', message);
    } catch (error) {
      banner.show('error', errorMessage(error, 'Failed to delete file'));
    } finally {
      setConfirming(false);
    }
  }

  const iconButton = buttonClasses('ghost', 'icon');
  return (
    <div className="flex flex-wrap items-center gap-1">
      <a
        href={file.url}
        target="_blank"
        rel="noopener noreferrer"
        aria-label={`Open ${file.name}`}
        className={iconButton}
      >
        <ExternalLink aria-hidden="true" className="size-4" />
      </a>
      <a
        href={file.downloadUrl}
        download={file.name}
        aria-label={`Download ${file.name}`}
        onClick={() => notices.downloadStarted(file.name)}
        className={iconButton}
      >
        <Download aria-hidden="true" className="size-4" />
      </a>
      {file.isPublic && (
        <Button
          variant="ghost"
          size="icon"
          aria-label={`Copy link to ${file.name}`}
          onClick={() => void copyPublicLink()}
        >
          <Link2 aria-hidden="true" className="size-4" />
        </Button>
      )}
      <Button
        variant="ghost"
        size="icon"
        aria-label={`Copy a signed link to ${file.name} (1 hour)`}
        disabled={signed.isPending}
        onClick={copySignedLink}
      >
        <Share2 aria-hidden="true" className="size-4" />
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Delete ${file.name}?`}
        description="The file and its links stop working for everyone. This cannot be undone."
        trigger={
          <Button variant="ghost" size="icon" aria-label={`Delete ${file.name}`} className="hover:text-loss">
            <Trash2 aria-hidden="true" className="size-4" />
          </Button>
        }
        confirmLabel="Delete"
        onConfirm={() => void deleteConfirmed()}
        pending={remove.isPending}
        pendingLabel="Deleting..."
      />
    </div>
  );
}
