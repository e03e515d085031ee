import type { ReactElement, ReactNode } from 'react';
import { Button } from './button';
import { Dialog, DialogClose } from './dialog';

export interface ConfirmDialogProps {
  title: ReactNode;
  /** What happens if the user confirms, in a sentence. */
  description?: ReactNode;
  open: boolean;
  onOpenChange(open: boolean): void;
  /** The element that opens it (focus returns there on close). */
  trigger?: ReactElement;
  confirmLabel: string;
  onConfirm(): void;
  /** "danger" for what cannot be undone (delete, discard, sign out), "primary" for the rest. */
  tone?: 'danger' | 'primary';
  cancelLabel?: string;
  /** The confirmed action is running: the confirm button says so and waits. */
  pending?: boolean;
  pendingLabel?: string;
  /** Shown under the description, e.g. the error of a failed attempt. */
  children?: ReactNode;
}

/** "Are you sure?": a small dialog with Cancel and the action, the one shape every confirmation uses. */
export function ConfirmDialog({
  confirmLabel,
  onConfirm,
  tone = 'danger',
  cancelLabel = 'Cancel',
  pending = false,
  pendingLabel,
  ...dialog
}: ConfirmDialogProps) {
  return (
    <Dialog
      size="sm"
      {...dialog}
      footer={
        <>
          <DialogClose asChild>
            <Button variant="outline">{cancelLabel}</Button>
          </DialogClose>
          <Button variant={tone} loading={pending} loadingText={pendingLabel} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </>
      }
    />
  );
}
