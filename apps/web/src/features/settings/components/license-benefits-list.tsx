import { Check, Clock } from 'lucide-react';
import { useId } from 'react';
import { PRICING_TIERS } from '@tp/shared';
import { formatMoney } from '@/lib/format';
import { tierAdds, type Benefits } from '../license-benefits';

/** What a license gives, in words: what works now, then what is coming. */
export function BenefitList({ label, benefits }: { label: string; benefits: Benefits }) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1">
      <h3 id={id} className="font-medium">
        {label}
      </h3>
      <ul aria-labelledby={id} className="flex flex-col gap-1">
        {benefits.now.map((line) => (
          <li key={line} className="flex gap-2">
            <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-gain" />
            {line}
          </li>
        ))}
        {benefits.coming.map((line) => (
          <li key={line} className="flex gap-2 text-muted">
            <Clock aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            <span>
              {line} <span className="text-xs">(coming)</span>
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The plans on offer, each with its price and what it adds to the one below it. */
export function PlanList() {
  return (
    <div className="grid gap-4 sm:grid-cols-3">
      {PRICING_TIERS.map((tier) => (
        <BenefitList
          key={tier.id}
          label={`${tier.name}, ${formatMoney(tier.pricePerMonth)} a month`}
          benefits={tierAdds(tier.id)}
        />
      ))}
    </div>
  );
}
