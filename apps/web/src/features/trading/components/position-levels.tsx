import { fieldErrors } from '@/lib/form-errors';
import { useState, type FormEvent } from 'react';
import { MESSAGES, positionUpdateSchema, type Position } from '@tp/shared';
import { errorMessage } from '@/lib/api-client';
import { Alert } from '@/ui/alert';
import { Button } from '@/ui/button';
import { Dialog } from '@/ui/dialog';
import { FormField } from '@/ui/form-field';
import { Input } from '@/ui/input';
import { useUpdatePositionLevels } from '../api/update-position-levels';
import { fieldMessage } from '../field-wording';
import { formatPrice } from '../format';

type Level = 'stopLoss' | 'takeProfit';
const LEVELS = [
  { field: 'stopLoss', label: 'Stop-loss', hint: 'below' },
  { field: 'takeProfit', label: 'Take-profit', hint: 'above' },
] as const;

/**
 * Stop-loss and take-profit of a position: the engine sells the position at market when the price
 * crosses one. An empty field clears its level.
 */
export function PositionLevels({ position, onClose }: { position: Position; onClose(): void }) {
  const update = useUpdatePositionLevels();
  const [values, setValues] = useState<Record<Level, string>>({
    stopLoss: position.stopLoss ?? '',
    takeProfit: position.takeProfit ?? '',
  });
  const [errors, setErrors] = useState<Partial<Record<Level, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const request = {
      positionId: position.id,
      stopLoss: values.stopLoss.trim() === '' ? null : values.stopLoss.trim(),
      takeProfit: values.takeProfit.trim() === '' ? null : values.takeProfit.trim(),
    };
    const parsed = positionUpdateSchema.safeParse(request);
    const found: Partial<Record<Level, string>> = {};
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as Level;
        found[field] ??= fieldMessage(field, issue.message);
      }
      setErrors(found);
      return;
    }
    setErrors({});
    setFormError(null);
    update.mutate(request, {
      onSuccess: (result) => {
        if (result.success) return onClose();
        const fromServer = fieldErrors(
          result,
          LEVELS.map((level) => level.field),
          fieldMessage,
        );
        setErrors(fromServer);
        if (Object.keys(fromServer).length === 0) setFormError(result.error);
      },
      onError: (error) => setFormError(errorMessage(error, MESSAGES.genericLoadFailed)),
    });
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      size="sm"
      title={`Protect ${position.symbol}`}
      description={`The price is ${formatPrice(position.marketPrice)}. When it crosses a level, the engine sells the position at market. Leave a field empty to clear its level.`}
    >
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-3" aria-label={`Protect ${position.symbol}`}>
        {LEVELS.map(({ field, label, hint }) => (
          <FormField
            key={field}
            name={field}
            label={label}
            description={`A price ${hint} the current one.`}
            error={errors[field]}
          >
            <Input
              inputMode="decimal"
              autoComplete="off"
              value={values[field]}
              onChange={(event) => setValues({ ...values, [field]: event.target.value })}
            />
          </FormField>
        ))}
        {formError && <Alert variant="error">Error: {formError}</Alert>}
        <div className="flex justify-end gap-2">
          <Button variant="ghost" onClick={onClose}>
            Keep as is
          </Button>
          <Button type="submit" loading={update.isPending} loadingText="Saving">
            Save levels
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
