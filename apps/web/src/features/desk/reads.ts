import { exposureQuery } from './api/get-exposure';
import { forwardsQuery } from './api/get-forwards';
import { FIRST_INVOICES_PAGE, invoicesQuery } from './api/get-invoices';
import { policyQuery } from './api/get-policy';

/**
 * What the route table and other features' first reads take of the desk's queries: light modules
 * only, so they load before the screens (docs/decisions/0055).
 */
export { exposureQuery };

/** The reads /desk shows first, asked for together as its route matches. */
export const firstReads = () => [exposureQuery(), invoicesQuery(FIRST_INVOICES_PAGE), forwardsQuery(), policyQuery()];
