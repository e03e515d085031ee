import { Download, ExternalLink } from 'lucide-react';
import type { ContentFile } from '@tp/shared';
import { buttonClasses } from '@/ui/button';
import { Dialog } from '@/ui/dialog';
import { FileName } from '@/ui/file-name';

/** An image of the library at the size of the screen, with links to open it alone or download it. */
export function FilePreviewDialog({
  file,
  open,
  onOpenChange,
}: {
  file: ContentFile;
  open: boolean;
  onOpenChange(open: boolean): void;
}) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      size="xl"
      title={<FileName name={file.name} />}
      footer={
        <>
          <a
            href={file.url}
            target="_blank"
            rel="noopener noreferrer"
            className={buttonClasses('outline', 'md')}
            aria-label={`Open ${file.name} in a new tab`}
          >
            <ExternalLink aria-hidden="true" className="size-4" /> Open
          </a>
          <a
            href={file.downloadUrl}
            download={file.name}
            className={buttonClasses('primary', 'md')}
            aria-label={`Download ${file.name}`}
          >
            <Download aria-hidden="true" className="size-4" /> Download
          </a>
        </>
      }
    >
      {/* the whole image, never cropped, as large as the dialog allows; its border shows the edge of a white one */}
      <img
        src={file.url}
        alt={file.description || file.name}
        className="mx-auto max-h-[65dvh] w-auto max-w-full rounded-md border border-border bg-surface-2 object-contain"
      />
    </Dialog>
  );
}
