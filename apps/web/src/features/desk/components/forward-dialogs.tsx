import { useMemo, useState } from 'react';
import type { Forward } from '@tp/shared';
import { errorMessage } from '@/lib/api-client';
import { fieldErrors } from '@/lib/form-errors';
import { Alert } from '@/ui/alert';
import { Button } from '@/ui/button';
import { ConfirmDialog } from '@/ui/confirm-dialog';
import { Dialog, DialogClose } from '@/ui/dialog';
import { FormField } from '@/ui/form-field';
import { Input } from '@/ui/input';
import { useCloseForward } from '../api/close-forward';
import { useRate } from '../api/get-rate';
import { useRollForward } from '../api/roll-forward';
import { fieldWording } from '../field-wording';
import { addDays, formatAmount, formatDay, formatRate, formatSignedAmount } from '../format';
import { DESK_TEXTS, SIDE_TEXTS } from '../texts';
import { DialogActions } from './dialog-actions';
import { SubmitForm } from './submit-form';
import { RateQuote } from './rate-quote';

const forwardTitle = (forward: Forward) =>
  `${SIDE_TEXTS[forward.side]} ${formatAmount(forward.amount, forward.currency)} · ${formatDay(forward.maturityDate)}`;

function Done({ children }: { children: React.ReactNode }) {
  return (
    <div className="flex flex-col gap-4">
      <Alert variant="success">{children}</Alert>
      <div className="flex justify-end">
        <DialogClose asChild>
          <Button>{DESK_TEXTS.done}</Button>
        </DialogClose>
      </div>
    </div>
  );
}

/** Close a live forward early, at its mark-to-market of this second; then what it realised. */
export function CloseForwardDialog({ forward, onClose }: { forward: Forward | null; onClose(): void }) {
  const T = DESK_TEXTS.closeForward;
  const close = useCloseForward();
  const end = () => {
    close.reset();
    onClose();
  };
  if (forward && close.data) {
    return (
      <Dialog open onOpenChange={(open) => !open && end()} title={forwardTitle(forward)} size="sm">
        <Done>{T.closed(formatSignedAmount(close.data.realisedGainLoss ?? '0', close.data.homeCurrency))}</Done>
      </Dialog>
    );
  }
  return (
    <ConfirmDialog
      open={forward !== null}
      onOpenChange={(open) => !open && end()}
      title={T.title}
      description={
        forward
          ? `${forwardTitle(forward)}. ${T.description(formatSignedAmount(forward.markToMarket ?? '0', forward.homeCurrency))}`
          : undefined
      }
      confirmLabel={T.confirm}
      pending={close.isPending}
      pendingLabel={T.closing}
      onConfirm={() => forward && close.mutate(forward.id)}
    >
      {close.isError && <Alert variant="error">{errorMessage(close.error, T.failed)}</Alert>}
    </ConfirmDialog>
  );
}

const rollWording = fieldWording({ maturityDate: DESK_TEXTS.rollForward.maturity });

function RollForm({ forward, today }: { forward: Forward; today: string }) {
  const T = DESK_TEXTS.rollForward;
  const roll = useRollForward();
  const earliest = [addDays(forward.maturityDate, 1), addDays(today, 2)].sort().at(-1)!;
  const [maturity, setMaturity] = useState(() => [addDays(forward.maturityDate, 30), earliest].sort().at(-1)!);
  const [error, setError] = useState<string | null>(null);
  const quote = useRate(forward.currency, /^\d{4}-\d{2}-\d{2}$/.test(maturity) ? maturity : null);
  const errors = useMemo(() => ({ maturityDate: error }), [error]);
  if (roll.data) {
    const { rolled } = roll.data;
    return (
      <Done>
        {T.rolled(
          formatSignedAmount(rolled.carriedGainLoss ?? '0', rolled.homeCurrency),
          formatDay(rolled.maturityDate),
          formatRate(rolled.forwardRate),
        )}
      </Done>
    );
  }
  const submit = () => {
    setError(null);
    roll.mutate(
      { id: forward.id, maturityDate: maturity },
      {
        onError: (failed) =>
          setError(fieldErrors(failed, ['maturityDate'], rollWording).maturityDate ?? errorMessage(failed, T.failed)),
      },
    );
  };
  return (
    <SubmitForm onSubmit={submit} errors={errors} className="flex flex-col gap-4">
      <p className="text-sm">{T.current(formatSignedAmount(forward.markToMarket ?? '0', forward.homeCurrency))}</p>
      <FormField name="maturityDate" label={T.maturity} error={error} isRequired>
        <Input type="date" value={maturity} min={earliest} onChange={(e) => setMaturity(e.target.value)} />
      </FormField>
      <RateQuote quote={quote} />
      <DialogActions>
        <Button type="submit" loading={roll.isPending} loadingText={T.submitting}>
          {T.submit}
        </Button>
      </DialogActions>
    </SubmitForm>
  );
}

/** Roll a live forward to a later date: the gain or loss of closing it now is carried to the new one. */
export function RollForwardDialog({
  forward,
  today,
  onClose,
}: {
  forward: Forward | null;
  today: string;
  onClose(): void;
}) {
  const T = DESK_TEXTS.rollForward;
  return (
    <Dialog
      open={forward !== null}
      onOpenChange={(open) => !open && onClose()}
      title={T.title}
      description={forward ? `${forwardTitle(forward)}. ${T.description}` : undefined}
    >
      {forward && <RollForm key={forward.id} forward={forward} today={today} />}
    </Dialog>
  );
}
