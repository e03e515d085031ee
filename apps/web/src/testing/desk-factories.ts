import {
  DEFAULT_TARGET_RATIOS,
  type Capture,
  type CurrencyExposure,
  type DeskRate,
  type Exposure,
  type Forward,
  type Invoice,
  type Policy,
  type ProposedForward,
} from '@tp/shared';
import type { ApiRoute } from './mock-api';

/**
 * The desk's answers, built from docs/desk.md's worked example: a US exporter (home USD) owed
 * EUR 97,450.00 by a roaster in Hamburg, booked at 1.0850, due 2027-02-18; "today" is 2026-11-27.
 */

export const DESK_TODAY = '2026-11-27';
const AT = '2026-11-27T15:00:00.000Z';

/** An invoice as GET /api/desk/invoices lists it: the Hamburg receivable, open and unhedged, unless overridden. */
export function buildInvoice(overrides: Partial<Invoice> = {}): Invoice {
  return {
    id: '77777777-7777-4777-8777-000000000001',
    counterparty: 'Rösterei Hamburg GmbH',
    reference: 'INV-2026-0142',
    direction: 'receivable',
    currency: 'EUR',
    amount: '97450.00',
    paidAmount: '0.00',
    openAmount: '97450.00',
    hedgedAmount: '0.00',
    issueDate: '2026-11-20',
    dueDate: '2027-02-18',
    incoterm: 'FOB',
    goods: 'Arabica AA, 300 bags',
    notes: null,
    fileId: null,
    fileName: null,
    status: 'open',
    homeCurrency: 'USD',
    bookedRate: '1.085',
    bookedHomeAmount: '105733.25',
    spot: '1.07',
    revaluation: '-1461.75',
    realisedGainLoss: '0.00',
    allocations: [],
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-20T10:00:00.000Z',
    ...overrides,
  };
}

/** GET /api/desk/invoices answering `invoices` as one page. */
export const invoiceList = (invoices: Invoice[], { page = 1, limit = 20, total = invoices.length } = {}) => ({
  body: { data: { invoices, total, page, limit }, timestamp: AT },
});

/** A live sell forward of the whole invoice at 1.089723259, marked at USD +1,608.86, unless overridden. */
export function buildForward(overrides: Partial<Forward> = {}): Forward {
  return {
    id: '88888888-8888-4888-8888-000000000001',
    currency: 'EUR',
    homeCurrency: 'USD',
    side: 'sell',
    amount: '97450.00',
    deliveredAmount: '0.00',
    maturityDate: '2027-02-25',
    bookedAt: '2026-11-27T15:00:00.000Z',
    spotAtBooking: '1.085',
    forwardRate: '1.089723259',
    forwardPoints: '0.004723259',
    status: 'live',
    allocations: [],
    currentForwardRate: '1.073110465',
    markToMarket: '1608.86',
    endedAt: null,
    settlementRate: null,
    realisedGainLoss: null,
    rolledFromId: null,
    rolledToId: null,
    carriedGainLoss: null,
    createdAt: '2026-11-27T15:00:00.000Z',
    ...overrides,
  };
}

/** The EUR ladder of the example: the invoice in 0–3 months, unhedged, against the default policy. */
export function buildCurrencyExposure(overrides: Partial<CurrencyExposure> = {}): CurrencyExposure {
  const bucket = (key: '0-3' | '3-6' | '6-12' | '12-24') => ({
    bucket: key,
    receivable: '0.00',
    payable: '0.00',
    net: '0.00',
    hedged: '0.00',
    hedgeRatio: null,
    targetRatio: DEFAULT_TARGET_RATIOS[key],
    netHome: '0.00',
  });
  return {
    currency: 'EUR',
    spot: '1.07',
    budgetRate: null,
    blendedSellRate: null,
    blendedBuyRate: null,
    buckets: [
      {
        ...bucket('0-3'),
        receivable: '97450.00',
        net: '97450.00',
        hedgeRatio: '0',
        netHome: '104271.50',
      },
      bucket('3-6'),
      bucket('6-12'),
      bucket('12-24'),
    ],
    revaluation: '-1461.75',
    forwardsMarkToMarket: '0.00',
    scenarios: [
      { shock: '-0.10', unhedged: '-10427.15', hedged: '-10427.15' },
      { shock: '-0.05', unhedged: '-5213.58', hedged: '-5213.58' },
      { shock: '0.05', unhedged: '5213.58', hedged: '5213.58' },
      { shock: '0.10', unhedged: '10427.15', hedged: '10427.15' },
    ],
    ...overrides,
  };
}

/** GET /api/desk/exposure: an empty desk (no invoices, no forwards) unless `currencies` are given. */
export function buildExposure(overrides: Partial<Exposure> = {}): Exposure {
  const currencies = overrides.currencies ?? [];
  return {
    homeCurrency: 'USD',
    today: DESK_TODAY,
    at: AT,
    currencies,
    monthly: [],
    totals: {
      netHome: '0.00',
      hedgedHome: '0.00',
      revaluation: '0.00',
      forwardsMarkToMarket: '0.00',
      scenarios: currencies[0]?.scenarios ?? [],
    },
    next: [],
    ...overrides,
  };
}

/** The example's desk: the Hamburg invoice open and unhedged, due in February. */
export const hamburgExposure = (overrides: Partial<Exposure> = {}) =>
  buildExposure({
    currencies: [buildCurrencyExposure()],
    monthly: [{ month: '2027-02', currency: 'EUR', net: '97450.00', netHome: '104271.50' }],
    totals: {
      netHome: '104271.50',
      hedgedHome: '0.00',
      revaluation: '-1461.75',
      forwardsMarkToMarket: '0.00',
      scenarios: buildCurrencyExposure().scenarios,
    },
    next: [
      {
        kind: 'invoice',
        id: buildInvoice().id,
        date: '2027-02-18',
        currency: 'EUR',
        amount: '97450.00',
        label: 'INV-2026-0142 · Rösterei Hamburg GmbH',
      },
    ],
    ...overrides,
  });

/** GET /api/desk/policy: the defaults (80 / 50 / 20 / 0 %, no budget rates, every alert on). */
export function buildPolicy(overrides: Partial<Policy> = {}): Policy {
  return {
    targetRatios: { ...DEFAULT_TARGET_RATIOS },
    budgetRates: {},
    alerts: { invoiceDue: true, forwardMaturity: true, budgetRate: true },
    updatedAt: null,
    ...overrides,
  };
}

/** GET /api/desk/rates for EUR at 90 days: the example's forward. */
export function buildRate(overrides: Partial<DeskRate> = {}): DeskRate {
  return {
    currency: 'EUR',
    homeCurrency: 'USD',
    spot: '1.085',
    forwardRate: '1.089723259',
    forwardPoints: '0.004723259',
    days: 90,
    maturity: '2027-02-25',
    at: AT,
    ...overrides,
  };
}

/** One forward of POST /api/desk/policy/proposal: 80 % of the invoice, sold to its due date. */
export function buildProposal(overrides: Partial<ProposedForward> = {}): ProposedForward {
  return {
    currency: 'EUR',
    bucket: '0-3',
    side: 'sell',
    amount: '77960.00',
    maturityDate: '2027-02-18',
    forwardRate: '1.089723259',
    homeAmount: '84954.83',
    allocations: [{ invoiceId: buildInvoice().id, invoiceReference: 'INV-2026-0142', amount: '77960.00' }],
    ...overrides,
  };
}

/** POST /api/desk/invoices/capture of an invoice PDF: every field read, the amount less surely. */
export function buildCapture(overrides: Partial<Capture> = {}): Capture {
  const sure = (value: string, source: string) => ({ value, confidence: 0.95, source });
  return {
    fileId: '22222222-2222-4222-8222-000000000001',
    fileName: 'invoice-2291.pdf',
    textFound: true,
    reference: sure('INV-2291', 'Invoice No: INV-2291'),
    counterparty: sure('Rösterei Hamburg GmbH', 'Bill to: Rösterei Hamburg GmbH'),
    currency: sure('EUR', 'Total EUR 97,450.00'),
    amount: { value: '97450.00', confidence: 0.6, source: 'Total EUR 97,450.00' },
    issueDate: sure('2026-11-20', 'Date: 20 November 2026'),
    dueDate: { value: null, confidence: 0, source: null },
    direction: sure('receivable', 'Bill to'),
    ...overrides,
  } as Capture;
}

/** The `{data, timestamp}` envelope of the desk's answers, with a status (201 for a creation). */
export const deskAnswer = <T>(data: T, status = 200) => ({ status, body: { data, timestamp: AT } });

/**
 * What /desk reads as it opens: the hedge view, the policy, the first page of invoices and the
 * forwards (the example's empty desk unless given). `routes` add or replace answers.
 */
export function deskRoutes(
  {
    exposure = buildExposure(),
    invoices = [],
    forwards = [],
    policy = buildPolicy(),
  }: { exposure?: Exposure; invoices?: Invoice[]; forwards?: Forward[]; policy?: Policy } = {},
  routes: Record<string, ApiRoute> = {},
): Record<string, ApiRoute> {
  return {
    'GET /api/desk/exposure': deskAnswer(exposure),
    'GET /api/desk/policy': deskAnswer(policy),
    'GET /api/desk/invoices': invoiceList(invoices),
    'GET /api/desk/forwards': deskAnswer({ forwards }),
    ...routes,
  };
}
