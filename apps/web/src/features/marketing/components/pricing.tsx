import { Check } from 'lucide-react';
import { Link } from 'react-router';
import { usePublicConfig } from '@/lib/public-config';
import { formatMoney } from '@/lib/format';
import { signUpPath } from '@/lib/paths';
import { Card } from '@/ui/card';

/** What each plan adds, as the license tiers define them (LICENSE_TIERS in @tp/shared, decision 0021). */
export const TIER_NOTES: Record<string, string[]> = {
  developer: ['Premium components and advanced theming', 'Basic analytics', 'E-mail support', 'Up to 5 users'],
  team: ['Everything in Developer', 'Advanced dashboard and analytics', 'Priority support', 'Up to 25 users'],
  enterprise: [
    'Everything in Team',
    'White label, single sign-on and an audit log',
    'Dedicated support',
    'No user limit',
  ],
};

/** Pricing tiers as served by /api/config (spec: developer 49, team 149, enterprise 499 per month). */
export function Pricing() {
  const { data: config, status } = usePublicConfig();
  if (status === 'error') {
    return (
      <p role="alert" className="text-loss">
        Error: pricing could not be loaded. Please refresh the page.
      </p>
    );
  }
  const tiers = config?.pricing;
  return (
    <ul className="grid gap-4 md:grid-cols-3" aria-busy={!tiers}>
      {(tiers ?? [null, null, null]).map((tier, index) => (
        <Card
          as="li"
          elevation="flat"
          tone={tier?.id === 'team' ? 'accent' : 'default'}
          key={tier?.id ?? index}
          className="flex min-h-[19rem] flex-col p-6"
        >
          {tier ? (
            <>
              <h3 className="text-lg font-semibold">{tier.name}</h3>
              <p className="mt-3">
                <span className="tabular text-3xl font-bold">{formatMoney(tier.pricePerMonth, tier.currency)}</span>
                <span className="text-muted"> per month</span>
              </p>
              <p className="mt-1 text-sm text-muted">
                or <span className="tabular">{formatMoney(tier.pricePerMonth * 10, tier.currency)}</span> per year: 2
                months free
              </p>
              <ul className="mt-4 flex-1 space-y-2 text-sm">
                {(TIER_NOTES[tier.id] ?? []).map((note) => (
                  <li key={note} className="flex gap-2">
                    <Check aria-hidden="true" className="size-4 shrink-0 text-gain" />
                    {note}
                  </li>
                ))}
              </ul>
              <Link
                to={signUpPath(tier.id)}
                className="mt-6 inline-flex min-h-11 items-center justify-center rounded-md border border-accent px-4 font-semibold text-accent hover:bg-surface-2"
              >
                Choose {tier.name}
              </Link>
            </>
          ) : (
            // ui/skeleton's look written out: importing it costs the landing its own chunk (+0.4 KB, over 120 KB)
            <div aria-hidden="true" className="h-full animate-pulse rounded-md bg-surface-2" />
          )}
        </Card>
      ))}
    </ul>
  );
}
