import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CurrencyCode } from '@tp/shared';
import { apiRequest } from '@/lib/api-client';
import { deskKeys } from './keys';

/** A quote is of its second: read again every few seconds while a booking dialog shows it. */
const QUOTE_REFRESH_MS = 5_000;

/** GET /api/desk/rates?currency&maturity — spot, forward rate, points and days of this second. */
export function getRate(currency: CurrencyCode, maturity: string, signal?: AbortSignal) {
  const params = new URLSearchParams({ currency, maturity });
  return apiRequest(`/desk/rates?${params}`, { signal, schema: 'deskRateResponseSchema' }).then((r) => r.data);
}

export const rateQuery = (currency: CurrencyCode, maturity: string) =>
  queryOptions({
    queryKey: deskKeys.rate(currency, maturity),
    queryFn: ({ signal }) => getRate(currency, maturity, signal),
    refetchInterval: QUOTE_REFRESH_MS,
    staleTime: 0,
    // a maturity out of range is a 400 the dialog shows at its field: asking again cannot mend it
    retry: false,
  });

/** The quote for `currency` at `maturity`, once both are chosen. */
export function useRate(currency: CurrencyCode | null, maturity: string | null) {
  return useQuery({
    ...rateQuery(currency ?? 'USD', maturity ?? ''),
    enabled: Boolean(currency && maturity),
  });
}
