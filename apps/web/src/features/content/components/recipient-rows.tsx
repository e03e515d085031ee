import { useId } from 'react';
import { Plus, X } from 'lucide-react';
import { Button } from '@/ui/button';
import { Input } from '@/ui/input';
import { withOneEmptyRow } from '../share-form';

/**
 * The recipient rows: always one empty row to type into
 * (docs/product/content-hub.md#share-files-via-email), each filled row removable.
 */
export function RecipientRows({
  recipients,
  onChange,
  errors,
  rowsRef,
}: {
  recipients: string[];
  onChange(rows: string[]): void;
  /** what is wrong with a row, by its index, said at the row */
  errors: ReadonlyMap<number, string>;
  rowsRef: React.RefObject<HTMLFieldSetElement | null>;
}) {
  const id = useId();
  const setRow = (index: number, value: string) =>
    onChange(withOneEmptyRow(recipients.map((row, i) => (i === index ? value : row))));
  const removeRow = (index: number) => onChange(withOneEmptyRow(recipients.filter((_, i) => i !== index)));
  return (
    <fieldset ref={rowsRef} className="flex flex-col gap-2">
      <legend className="mb-1 text-sm font-semibold">Recipients</legend>
      {recipients.map((row, index) => {
        const rowError = errors.get(index);
        const errorId = `${id}-recipient-${index}-error`;
        return (
          <div key={index} className="flex flex-col gap-1">
            <div className="flex items-center gap-2">
              <Input
                type="email"
                inputMode="email"
                autoComplete="email"
                aria-label={`Recipient ${index + 1}`}
                aria-invalid={rowError ? true : undefined}
                aria-describedby={rowError ? errorId : undefined}
                placeholder="buyer@example.com"
                value={row}
                onChange={(e) => setRow(index, e.target.value)}
              />
              {row.trim() !== '' && (
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={`Remove recipient ${index + 1}`}
                  onClick={() => removeRow(index)}
                >
                  <X aria-hidden="true" className="size-4" />
                </Button>
              )}
            </div>
            {rowError && (
              <p id={errorId} className="break-words text-sm font-medium text-loss">
                {rowError}
              </p>
            )}
          </div>
        );
      })}
      <Button
        variant="ghost"
        size="sm"
        className="self-start"
        // there is always an empty row: adding one means typing into it
        onClick={() =>
          [...(rowsRef.current?.querySelectorAll('input') ?? [])].find((input) => input.value.trim() === '')?.focus()
        }
      >
        <Plus aria-hidden="true" className="size-4" /> Add recipient
      </Button>
    </fieldset>
  );
}
