/**
 * What other features read from the desk: the dashboard's summary, and for Settings the hedging
 * policy's calls (its alerts are switched there), the cache keys a new home currency refreshes and
 * the texts of those settings.
 */
export { deskKeys } from './api/keys';
export { usePolicy } from './api/get-policy';
export { policyInput, useUpdatePolicy } from './api/update-policy';
export { DeskSummary } from './components/desk-summary';
export { currencyOption } from './currency-names';
export { ALERT_TEXTS, DESK_TEXTS } from './texts';
