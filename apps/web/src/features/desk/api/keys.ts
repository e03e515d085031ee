import type { QueryClient } from '@tanstack/react-query';
import type { CurrencyCode, ForwardStatus, InvoiceDirection, InvoiceStatus } from '@tp/shared';

/** The invoice list's filters and page, as the screen keeps them. */
export interface InvoiceFilters {
  status?: InvoiceStatus;
  currency?: CurrencyCode;
  direction?: InvoiceDirection;
  page: number;
  limit: number;
}

export interface ForwardFilters {
  status?: ForwardStatus;
  currency?: CurrencyCode;
}

/** Cache keys of the desk's queries. */
export const deskKeys = {
  all: ['desk'] as const,
  currencies: () => [...deskKeys.all, 'currencies'] as const,
  rate: (currency: string, maturity: string) => [...deskKeys.all, 'rate', currency, maturity] as const,
  /** Everything a booking, a payment or a new invoice changes. */
  books: () => [...deskKeys.all, 'books'] as const,
  invoices: () => [...deskKeys.books(), 'invoices'] as const,
  invoiceList: (filters: InvoiceFilters) => [...deskKeys.invoices(), filters] as const,
  forwards: () => [...deskKeys.books(), 'forwards'] as const,
  forwardList: (filters: ForwardFilters) => [...deskKeys.forwards(), filters] as const,
  exposure: () => [...deskKeys.books(), 'exposure'] as const,
  policy: () => [...deskKeys.all, 'policy'] as const,
};

/** Invoices, forwards and the hedge view are read again after any change to the books. */
export const refreshBooks = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: deskKeys.books() });
