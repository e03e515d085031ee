import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { retryDataLoading } from '@/lib/query-client';
import { deskKeys } from './keys';

/** GET /api/desk/currencies — the desk's currencies with their names, interest rates and spots in home currency. */
export function getCurrencies(signal?: AbortSignal) {
  return apiRequest('/desk/currencies', { signal, schema: 'deskCurrenciesResponseSchema' }).then((r) => r.data);
}

export const currenciesQuery = () =>
  queryOptions({
    queryKey: deskKeys.currencies(),
    queryFn: ({ signal }) => getCurrencies(signal),
    ...retryDataLoading,
  });

export function useCurrencies() {
  return useQuery(currenciesQuery());
}
