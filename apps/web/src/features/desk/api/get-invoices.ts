import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { retryDataLoading } from '@/lib/query-client';
import { deskKeys, type InvoiceFilters } from './keys';

/** GET /api/desk/invoices?status&currency&direction&page&limit — by due date. */
export function getInvoices(filters: InvoiceFilters, signal?: AbortSignal) {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(filters)) {
    if (value !== undefined && value !== '') params.set(name, String(value));
  }
  return apiRequest(`/desk/invoices?${params}`, { signal, schema: 'invoiceListResponseSchema' }).then((r) => r.data);
}

/** The invoice list as the desk opens it: every invoice, 20 a page, the first page. */
export const FIRST_INVOICES_PAGE: InvoiceFilters = { page: 1, limit: 20 };

export const invoicesQuery = (filters: InvoiceFilters) =>
  queryOptions({
    queryKey: deskKeys.invoiceList(filters),
    queryFn: ({ signal }) => getInvoices(filters, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
    ...retryDataLoading,
  });

export function useInvoices(filters: InvoiceFilters) {
  return useQuery(invoicesQuery(filters));
}
