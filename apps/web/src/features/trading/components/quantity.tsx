import type { Instrument } from '@tp/shared';
import { quantityParts } from '../units';

/** A quantity with its unit in a table cell: "10 shares", or "1 lot" over "(50,000 lb)". */
export function Quantity({ value, instrument }: { value: string; instrument: Instrument | undefined }) {
  const { amount, holds } = quantityParts(value, instrument);
  return (
    <span className="whitespace-nowrap">
      {amount}
      {holds && <span className="block text-xs text-muted"> ({holds})</span>}
    </span>
  );
}
