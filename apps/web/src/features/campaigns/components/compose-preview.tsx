import { useState } from 'react';
import { ChevronLeft, ChevronRight, Eye } from 'lucide-react';
import { RECIPIENT_MESSAGES, type CampaignPreview } from '@tp/shared';
import { formatCount } from '@/lib/format';
import { Alert } from '@/ui/alert';
import { Button } from '@/ui/button';
import { Dialog } from '@/ui/dialog';
import { LoadError } from '@/ui/load-error';
import { LoadingState } from '@/ui/query-state';
import { useCampaignPreview } from '../api/preview-campaign';
import { toPreviewRequest, type ComposeForm } from '../compose-draft';

const recipientLabel = ({ name, email }: { name: string; email: string }) => (name ? `${name} <${email}>` : email);

/** Which recipient the preview shows, and the buttons to the one before and after it. */
function RecipientStepper({
  preview,
  busy,
  onStep,
}: {
  preview: CampaignPreview;
  busy: boolean;
  onStep: (position: number) => void;
}) {
  const { position, recipients } = preview;
  return (
    <nav aria-label="Preview recipients" className="flex flex-wrap items-center justify-between gap-2 text-sm">
      <p className="tabular text-muted" aria-live="polite">
        Recipient {formatCount(position + 1)} of {formatCount(recipients)}
      </p>
      <div className="flex gap-2">
        <Button
          variant="outline"
          size="sm"
          disabled={busy || position === 0}
          aria-label="Previous recipient"
          onClick={() => onStep(position - 1)}
        >
          <ChevronLeft aria-hidden="true" className="size-4" />
          Previous
        </Button>
        <Button
          variant="outline"
          size="sm"
          disabled={busy || position >= recipients - 1}
          aria-label="Next recipient"
          onClick={() => onStep(position + 1)}
        >
          Next
          <ChevronRight aria-hidden="true" className="size-4" />
        </Button>
      </div>
    </nav>
  );
}

function PreviewBody({ preview, busy, noLists }: { preview: CampaignPreview; busy: boolean; noLists: boolean }) {
  return (
    <div className="flex flex-col gap-3" aria-busy={busy || undefined}>
      {preview.recipient === null && (
        <Alert variant="info">{noLists ? RECIPIENT_MESSAGES.previewNoLists : RECIPIENT_MESSAGES.previewNobody}</Alert>
      )}
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="text-muted">To</dt>
        <dd className="break-all">{preview.recipient ? recipientLabel(preview.recipient) : '—'}</dd>
        <dt className="text-muted">Subject</dt>
        <dd className="break-words font-medium">{preview.subject || 'No subject yet'}</dd>
      </dl>
      <iframe
        title="Message preview"
        sandbox=""
        srcDoc={preview.html}
        className={`h-[55dvh] w-full rounded-md border border-border bg-white ${busy ? 'opacity-60' : ''}`}
      />
    </div>
  );
}

/**
 * The composer's Preview: the message as the server renders it for sending — the user's subject
 * and text in the chosen template, each personalisation field merged — for one real recipient of
 * the chosen lists at a time, stepping through them. Links in it lead nowhere.
 */
export function ComposePreview({ form }: { form: ComposeForm }) {
  const [open, setOpen] = useState(false);
  const [position, setPosition] = useState(0);
  const preview = useCampaignPreview(toPreviewRequest(form, position), open);
  const busy = preview.isPlaceholderData;
  return (
    <Dialog
      size="lg"
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) setPosition(0);
      }}
      title="Preview"
      description="Your message as one of its recipients receives it. Links in the preview lead nowhere."
      trigger={
        <Button variant="outline">
          <Eye aria-hidden="true" className="size-4" />
          Preview
        </Button>
      }
    >
      {preview.isPending ? (
        <LoadingState lines={6} label="Rendering the preview" />
      ) : preview.isError && !preview.data ? (
        <LoadError error={preview.error} onRetry={() => void preview.refetch()} />
      ) : preview.data ? (
        <div className="flex flex-col gap-3">
          {preview.data.recipients > 1 && <RecipientStepper preview={preview.data} busy={busy} onStep={setPosition} />}
          <PreviewBody preview={preview.data} busy={busy} noLists={form.selectedLists.length === 0} />
        </div>
      ) : null}
    </Dialog>
  );
}
