/**
 * The exporter desk's contract: invoices in any currency, paper FX forwards and the hedge view
 * (docs/desk.md). Paths are under /api/desk; answers are `{data, timestamp}`. Amounts, rates and
 * money travel as decimal strings; "home" figures are in the user's home currency.
 */
export * from './desk-basics';
export * from './desk-rates';
export * from './desk-invoices';
export * from './desk-forwards';
export * from './desk-policy';
