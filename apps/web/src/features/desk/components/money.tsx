import type { CurrencyCode } from '@tp/shared';
import { toneOf } from '@/features/trading';
import { cn } from '@/lib/cn';
import { formatAmount, formatSignedAmount } from '../format';

/**
 * An amount with its currency code, on one line, in tabular figures: "EUR 97,450.00". `signed`
 * writes a gain or loss with its sign and colours it ("USD +460.28", "USD −1,461.75").
 */
export function Money({
  value,
  currency,
  signed = false,
  className,
}: {
  value: string | number;
  currency: CurrencyCode;
  signed?: boolean;
  className?: string;
}) {
  return (
    <span className={cn('tabular whitespace-nowrap', signed && toneOf(value), className)}>
      {signed ? formatSignedAmount(value, currency) : formatAmount(value, currency)}
    </span>
  );
}
