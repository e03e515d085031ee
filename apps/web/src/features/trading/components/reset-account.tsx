import { useState } from 'react';
import { MESSAGES, TRADING_LIMITS } from '@tp/shared';
import { errorMessage } from '@/lib/api-client';
import { Alert } from '@/ui/alert';
import { Button } from '@/ui/button';
import { ConfirmDialog } from '@/ui/confirm-dialog';
import { useResetAccount } from '../api/reset-account';
import { formatMoney } from '@/lib/format';
import { Panel } from './panel';

/** Starts a fresh paper account behind a confirmation; the old account's history stays on the server. */
export function ResetAccount() {
  const [open, setOpen] = useState(false);
  const [done, setDone] = useState(false);
  const reset = useResetAccount();
  const opening = formatMoney(TRADING_LIMITS.openingCash);
  return (
    <Panel id="reset-account" title="Paper account">
      <p className="text-sm text-muted">
        Start again with {opening} of paper money. Pending orders are cancelled; the closed account keeps its positions
        and history.
      </p>
      <div className="mt-3 flex flex-col gap-2">
        <ConfirmDialog
          open={open}
          onOpenChange={(next) => {
            setOpen(next);
            if (next) reset.reset();
          }}
          title="Reset your paper account?"
          description={`Your pending orders are cancelled and a new account opens with ${opening}. This cannot be undone.`}
          trigger={
            <Button variant="outline" className="self-start" onClick={() => setDone(false)}>
              Reset account
            </Button>
          }
          cancelLabel="Keep my account"
          confirmLabel="Reset account"
          pending={reset.isPending}
          pendingLabel="Resetting"
          onConfirm={() =>
            reset.mutate(undefined, {
              onSuccess: () => {
                setOpen(false);
                setDone(true);
              },
            })
          }
        >
          {reset.isError && (
            <Alert variant="error">Error: {errorMessage(reset.error, MESSAGES.genericLoadFailed)}</Alert>
          )}
        </ConfirmDialog>
        {done && <Alert variant="success">A fresh account is open with {opening}.</Alert>}
      </div>
    </Panel>
  );
}
