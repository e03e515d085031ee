import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import type { FastifyInstance } from 'fastify';
import {
  exposureResponseSchema,
  forwardResponseSchema,
  invoiceResponseSchema,
  type Exposure,
  type Forward,
  type ForwardInput,
  type Invoice,
  type InvoiceInput,
} from '@tp/shared';
import { getTestDatabase, resetDatabase, signedInClient, type SignedInClient } from '../../test/kit';
import { tradingApp, type TestMarket } from '../trading/trading-test-kit';

/**
 * The desk tests' kit: one app per file on a market whose clock the test sets (the simulator is a
 * pure function of time, so every spot is fixed), two fresh users per test.
 */
export interface DeskSuite {
  app: FastifyInstance;
  clock: TestMarket;
  ada: SignedInClient;
  bob: SignedInClient;
}

/** A Friday afternoon: "today" for a user in UTC is 2026-11-27. */
export const DESK_NOW = '2026-11-27T15:00:00.000Z';

export function deskSuite(overrides: Record<string, string> = {}): DeskSuite {
  const suite = {} as DeskSuite;
  beforeAll(async () => {
    Object.assign(suite, await tradingApp(overrides, Date.parse(DESK_NOW)));
  });
  afterAll(async () => {
    await suite.app?.close();
  });
  beforeEach(async () => {
    await resetDatabase(await getTestDatabase());
    suite.clock.set(Date.parse(DESK_NOW));
    suite.ada = await signedInClient(suite.app);
    suite.bob = await signedInClient(suite.app);
  });
  return suite;
}

export const hamburgInvoice = (overrides: Partial<InvoiceInput> = {}): InvoiceInput => ({
  counterparty: 'Rösterei Hamburg GmbH',
  reference: 'INV-2026-0142',
  direction: 'receivable',
  currency: 'EUR',
  amount: '97450.00',
  issueDate: '2026-11-20',
  dueDate: '2027-02-18',
  incoterm: 'FOB',
  goods: 'Arabica AA, 300 bags',
  ...overrides,
});

export async function createInvoice(client: SignedInClient, input: InvoiceInput = hamburgInvoice()): Promise<Invoice> {
  const res = await client.post('/api/desk/invoices', input as never);
  expect(res.statusCode, res.body).toBe(201);
  return invoiceResponseSchema.parse(res.json()).data;
}

export async function bookForward(client: SignedInClient, input: ForwardInput): Promise<Forward> {
  const res = await client.post('/api/desk/forwards', input as never);
  expect(res.statusCode, res.body).toBe(201);
  return forwardResponseSchema.parse(res.json()).data;
}

export async function readInvoice(client: SignedInClient, id: string): Promise<Invoice> {
  const res = await client.get(`/api/desk/invoices/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return invoiceResponseSchema.parse(res.json()).data;
}

export async function readForward(client: SignedInClient, id: string): Promise<Forward> {
  const res = await client.get(`/api/desk/forwards/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return forwardResponseSchema.parse(res.json()).data;
}

export async function readExposure(client: SignedInClient): Promise<Exposure> {
  const res = await client.get('/api/desk/exposure');
  expect(res.statusCode, res.body).toBe(200);
  return exposureResponseSchema.parse(res.json()).data;
}
