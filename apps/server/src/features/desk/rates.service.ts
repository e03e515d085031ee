import { CURRENCY_CODES, type DeskCurrency, type DeskRate } from '@tp/shared';
import type { Deps } from '../../deps';
import { deskContext } from './desk-context';
import { rateText } from './desk-math';
import { RATES_AS_OF } from './currencies';
import { checkMaturity, forwardQuote } from './market-rates';
import { spotsNow } from './invoices.service';

/**
 * GET /api/desk/currencies and /rates (docs/desk.md#1-home-currency-currencies-and-rates,
 * docs/desk.md#2-forward-rates-covered-interest-parity).
 */

export async function listCurrencies(deps: Deps, userId: string) {
  const context = await deskContext(deps, userId);
  const spots = await spotsNow(deps, context, CURRENCY_CODES);
  const currencies: DeskCurrency[] = CURRENCY_CODES.map((code) => {
    const terms = context.table[code];
    return {
      code,
      name: terms.name,
      symbol: terms.symbol,
      minorUnits: terms.minorUnits,
      interestRate: terms.interestRate,
      dayCountBasis: terms.dayCountBasis,
      spot: rateText(spots.get(code)!),
    };
  });
  return { homeCurrency: context.homeCurrency, ratesAsOf: RATES_AS_OF, currencies };
}

/** The spot and the forward rate (without margin) of this second for a maturity; the maturity must be bookable. */
export async function quoteRate(
  deps: Deps,
  userId: string,
  query: { currency: DeskRate['currency']; maturity: string },
): Promise<DeskRate> {
  const context = await deskContext(deps, userId);
  checkMaturity(context, query.maturity, 'maturity');
  const quote = await forwardQuote(deps, context, query.currency, query.maturity);
  return {
    currency: query.currency,
    homeCurrency: context.homeCurrency,
    spot: rateText(quote.spot),
    forwardRate: rateText(quote.marketRate),
    forwardPoints: rateText(quote.marketRate.minus(quote.spot)),
    days: quote.days,
    maturity: query.maturity,
    at: new Date(context.nowMs).toISOString(),
  };
}
