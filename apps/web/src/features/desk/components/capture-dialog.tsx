import { useQuery } from '@tanstack/react-query';
import { FileText } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import type { Capture, ContentFile } from '@tp/shared';
import { filesQuery } from '@/features/content';
import { errorMessage } from '@/lib/api-client';
import { formatFileSize } from '@/lib/format';
import { formatDate } from '@/lib/format-date';
import { paths } from '@/lib/paths';
import { useTimeZone } from '@/lib/time-zone';
import { Alert } from '@/ui/alert';
import { Badge } from '@/ui/badge';
import { Button } from '@/ui/button';
import { Dialog } from '@/ui/dialog';
import { LoadError } from '@/ui/load-error';
import { EmptyState, LoadingState } from '@/ui/query-state';
import { useCaptureInvoice } from '../api/capture-invoice';
import { DESK_TEXTS } from '../texts';
import { DialogActions } from './dialog-actions';
import { InvoiceCreator } from './invoice-dialogs';
import type { FieldHints, InvoiceDraft, InvoiceField } from './invoice-form';

const T = DESK_TEXTS.capture;
/** Below this the reader was unsure: the field asks to be checked. */
const SURE = 0.8;
const CAPTURED = ['reference', 'counterparty', 'direction', 'currency', 'amount', 'issueDate', 'dueDate'] as const;

/** The capture's proposal as a draft to correct, and under each field how sure the reader was and where it read it. */
export function captureDraft(capture: Capture, today: string): { draft: InvoiceDraft; hints: FieldHints } {
  const hints: FieldHints = {};
  for (const name of CAPTURED) {
    const field = capture[name];
    hints[name as InvoiceField] =
      field.value === null ? (
        <span className="text-warning">{T.notFound}</span>
      ) : (
        <span className="inline-flex flex-wrap items-center gap-2">
          <Badge variant={field.confidence >= SURE ? 'success' : 'warning'}>
            {T.confidence(Math.round(field.confidence * 100))}
            {field.confidence < SURE && ` · ${T.check}`}
          </Badge>
          {/* a space, so a screen reader says the two apart */}
          {field.source && ' '}
          {field.source && <span>{T.source(field.source)}</span>}
        </span>
      );
  }
  return {
    draft: {
      counterparty: capture.counterparty.value ?? '',
      reference: capture.reference.value ?? '',
      direction: capture.direction.value ?? 'receivable',
      currency: capture.currency.value ?? '',
      amount: capture.amount.value ?? '',
      issueDate: capture.issueDate.value ?? today,
      dueDate: capture.dueDate.value ?? '',
      incoterm: '',
      goods: '',
      notes: '',
      fileId: capture.fileId,
    },
    hints,
  };
}

const DOCUMENTS = { page: 1, limit: 50, period: 'all', category: 'document', sort: 'recent' } as const;

function FilePicker({ chosen, onChoose }: { chosen: string | null; onChoose(file: ContentFile): void }) {
  const timeZone = useTimeZone();
  const files = useQuery(filesQuery(DOCUMENTS));
  if (files.isError)
    return <LoadError error={files.error} fallback={T.loadFailed} onRetry={() => void files.refetch()} />;
  if (!files.data) return <LoadingState label="Loading your documents" lines={4} />;
  if (files.data.files.length === 0) {
    return (
      <EmptyState title={T.noFiles}>
        <Link to={paths.contentAccess} className="text-accent underline underline-offset-2">
          {T.uploadLink}
        </Link>
      </EmptyState>
    );
  }
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-medium">{T.pick}</legend>
      <ul className="flex max-h-72 flex-col gap-1 overflow-y-auto">
        {files.data.files.map((file) => (
          <li key={file.id}>
            <label className="flex min-h-11 cursor-pointer items-center gap-3 rounded-md border border-border px-3 py-2 text-sm hover:bg-surface-2 has-[:checked]:border-accent">
              <input
                type="radio"
                name="capture-file"
                value={file.id}
                checked={chosen === file.id}
                onChange={() => onChoose(file)}
                className="accent-accent"
              />
              <FileText aria-hidden="true" className="size-4 shrink-0 text-muted" />
              <span className="min-w-0 flex-1 truncate font-medium">{file.name}</span>
              <span className="tabular shrink-0 text-xs text-muted">
                {formatFileSize(file.size)} · {formatDate(file.createdAt, timeZone)}
              </span>
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}

/**
 * "Capture from a file": the user picks one of their documents, the desk reads it (writing
 * nothing), and the proposed fields come back to be checked and corrected before the invoice is made.
 */
export function CaptureDialog({
  open,
  onOpenChange,
  today,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  today: string;
}) {
  const [file, setFile] = useState<ContentFile | null>(null);
  const capture = useCaptureInvoice();
  const reset = (next: boolean) => {
    if (!next) {
      setFile(null);
      capture.reset();
    }
    onOpenChange(next);
  };
  const proposal = capture.data ? captureDraft(capture.data, today) : null;
  return (
    <Dialog open={open} onOpenChange={reset} title={T.title} description={T.description} size="lg">
      {proposal && capture.data ? (
        <div className="flex flex-col gap-4">
          <p className="text-sm">
            <FileText aria-hidden="true" className="mr-1 inline size-4 text-muted" />
            {capture.data.fileName}{' '}
            <Button variant="ghost" size="sm" onClick={() => capture.reset()}>
              {T.back}
            </Button>
          </p>
          {!capture.data.textFound && <Alert variant="warning">{T.noText}</Alert>}
          <InvoiceCreator
            key={capture.data.fileId}
            initial={proposal.draft}
            hints={proposal.hints}
            onCreated={() => reset(false)}
          />
        </div>
      ) : (
        <div className="flex flex-col gap-4">
          <FilePicker chosen={file?.id ?? null} onChoose={setFile} />
          {capture.isError && <Alert variant="error">{errorMessage(capture.error, T.failed)}</Alert>}
          <DialogActions>
            <Button
              disabled={!file}
              loading={capture.isPending}
              loadingText={T.reading}
              onClick={() => file && capture.mutate(file.id)}
            >
              {T.read}
            </Button>
          </DialogActions>
        </div>
      )}
    </Dialog>
  );
}
