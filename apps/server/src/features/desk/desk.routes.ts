import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  captureRequestSchema,
  deskCurrenciesResponseSchema,
  deskRateQuerySchema,
  deskRateResponseSchema,
  DESK_EXPORTS,
  errorResponseSchema,
  exposureResponseSchema,
  forwardInputSchema,
  forwardListResponseSchema,
  forwardQuerySchema,
  forwardResponseSchema,
  IDEMPOTENCY_KEY_HEADER,
  invoiceInputSchema,
  invoiceListResponseSchema,
  invoicePatchSchema,
  invoiceQuerySchema,
  invoiceResponseSchema,
  paymentInputSchema,
  paymentResponseSchema,
  policyInputSchema,
  policyResponseSchema,
  proposalResponseSchema,
  rollInputSchema,
  rollResponseSchema,
  captureResponseSchema,
} from '@tp/shared';
import { requireSignIn, requireUser } from '../../plugins/auth';
import { requireClaims, SESSION_IN_STATEMENT } from '../../plugins/auth/session-in-statement';
import { sendCsv } from '../../plugins/csv';
import { envelope } from '../../plugins/envelope';
import { idempotencyHeaders } from '../../plugins/idempotency';
import { captureInvoice } from './capture.service';
import { deskCsv } from './desk-exports';
import { registerDeskJobs } from './desk.jobs';
import { getExposure } from './exposure.service';
import { bookForward, closeForward, getForward, listForwards, rollForward } from './forwards.service';
import { createInvoice, deleteInvoice, getInvoice, listInvoices, patchInvoice } from './invoices.service';
import { recordPayment } from './payments.service';
import { getPolicy, putPolicy } from './policy.service';
import { proposeHedges } from './proposal.service';
import { listCurrencies, quoteRate } from './rates.service';
import { mountAt } from '../../plugins/mount';

const idParams = z.object({ id: z.uuid() });
const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
  422: errorResponseSchema,
};
const tags = ['desk'];

/**
 * The exporter desk (docs/desk.md): invoices, payments, paper FX forwards, the hedge view, policy and
 * CSV exports. Every route is signed in; every record is its owner's (another user's id is a 404).
 */
const deskRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  await registerDeskJobs(deps);
  requireSignIn(app);
  const answer = <T>(data: T) => envelope(data, deps.market.now());
  const userOf = (request: Parameters<typeof requireUser>[0]) => requireUser(request).userId;

  app.get(
    '/currencies',
    {
      schema: {
        tags,
        summary: 'The desk currencies: rates, day-count bases and spots in home currency',
        response: { 200: deskCurrenciesResponseSchema, ...errors },
      },
    },
    async (request) => answer(await listCurrencies(deps, userOf(request))),
  );
  app.get(
    '/rates',
    {
      schema: {
        tags,
        summary: 'Spot and forward rate of this second for a currency and maturity',
        querystring: deskRateQuerySchema,
        response: { 200: deskRateResponseSchema, ...errors },
      },
    },
    async (request) => answer(await quoteRate(deps, userOf(request), request.query)),
  );

  app.get(
    '/invoices',
    {
      schema: {
        tags,
        summary: 'Invoices by due date, with filters and paging',
        querystring: invoiceQuerySchema,
        response: { 200: invoiceListResponseSchema, ...errors },
      },
    },
    async (request) => answer(await listInvoices(deps, userOf(request), request.query)),
  );
  app.post(
    '/invoices',
    {
      schema: {
        tags,
        summary: 'Enter a receivable or payable; booked at the spot of its issue date',
        body: invoiceInputSchema,
        response: { 201: invoiceResponseSchema, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(answer(await createInvoice(deps, userOf(request), request.body))),
  );
  app.post(
    '/invoices/capture',
    {
      schema: {
        tags,
        summary: 'Propose invoice fields read from a file in the content hub (writes nothing)',
        body: captureRequestSchema,
        response: { 200: captureResponseSchema, ...errors },
      },
    },
    async (request) => answer(await captureInvoice(deps, userOf(request), request.body.fileId)),
  );
  app.get(
    '/invoices/:id',
    { schema: { tags, summary: 'One invoice', params: idParams, response: { 200: invoiceResponseSchema, ...errors } } },
    async (request) => answer(await getInvoice(deps, userOf(request), request.params.id)),
  );
  app.patch(
    '/invoices/:id',
    {
      schema: {
        tags,
        summary: 'Change an invoice, or cancel it',
        params: idParams,
        body: invoicePatchSchema,
        response: { 200: invoiceResponseSchema, ...errors },
      },
    },
    async (request) => answer(await patchInvoice(deps, userOf(request), request.params.id, request.body)),
  );
  app.delete(
    '/invoices/:id',
    {
      schema: {
        tags,
        summary: 'Delete an invoice without payments',
        params: idParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await deleteInvoice(deps, userOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
  app.post(
    '/invoices/:id/payments',
    {
      schema: {
        tags,
        summary: 'Record a payment at spot or against a forward',
        params: idParams,
        body: paymentInputSchema,
        response: { 201: paymentResponseSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(answer(await recordPayment(deps, userOf(request), request.params.id, request.body))),
  );

  app.get(
    '/forwards',
    {
      schema: {
        tags,
        summary: 'Forwards by maturity, live ones marked to market',
        querystring: forwardQuerySchema,
        response: { 200: forwardListResponseSchema, ...errors },
      },
    },
    async (request) => answer({ forwards: await listForwards(deps, userOf(request), request.query) }),
  );
  app.post(
    '/forwards',
    {
      schema: {
        tags,
        summary: 'Book a paper forward at the forward rate of this second, allocated to invoices',
        headers: idempotencyHeaders,
        body: forwardInputSchema,
        response: { 201: forwardResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const key = request.headers[IDEMPOTENCY_KEY_HEADER] ?? null;
      const booked = await bookForward(deps, userOf(request), request.body, key);
      if (booked.replayed) reply.header('idempotent-replayed', 'true');
      return reply.status(201).send(answer(booked.forward));
    },
  );
  app.get(
    '/forwards/:id',
    { schema: { tags, summary: 'One forward', params: idParams, response: { 200: forwardResponseSchema, ...errors } } },
    async (request) => answer(await getForward(deps, userOf(request), request.params.id)),
  );
  app.post(
    '/forwards/:id/close',
    {
      schema: {
        tags,
        summary: 'Close a live forward at its mark-to-market',
        params: idParams,
        response: { 200: forwardResponseSchema, ...errors },
      },
    },
    async (request) => answer(await closeForward(deps, userOf(request), request.params.id)),
  );
  app.post(
    '/forwards/:id/roll',
    {
      schema: {
        tags,
        summary: 'Roll a live forward to a later maturity at the rate of this second',
        params: idParams,
        body: rollInputSchema,
        response: { 200: rollResponseSchema, ...errors },
      },
    },
    async (request) => answer(await rollForward(deps, userOf(request), request.params.id, request.body.maturityDate)),
  );

  app.get(
    '/exposure',
    {
      // its first statement proves the session live (decision 0027): every dashboard visit reads it
      config: SESSION_IN_STATEMENT,
      schema: {
        tags,
        summary: 'The hedge view: ladder, rates, revaluation, mark-to-market, scenarios',
        response: { 200: exposureResponseSchema, ...errors },
      },
    },
    async (request) => answer(await getExposure(deps, requireClaims(request))),
  );
  app.get(
    '/policy',
    {
      schema: {
        tags,
        summary: 'The hedging policy (defaults until saved)',
        response: { 200: policyResponseSchema, ...errors },
      },
    },
    async (request) => answer(await getPolicy(deps.db, userOf(request))),
  );
  app.put(
    '/policy',
    {
      schema: {
        tags,
        summary: 'Replace the hedging policy',
        body: policyInputSchema,
        response: { 200: policyResponseSchema, ...errors },
      },
    },
    async (request) => answer(await putPolicy(deps, userOf(request), request.body)),
  );
  app.post(
    '/policy/proposal',
    {
      schema: {
        tags,
        summary: 'The forwards that would bring each bucket to its target (writes nothing)',
        response: { 200: proposalResponseSchema, ...errors },
      },
    },
    async (request) => answer({ forwards: await proposeHedges(deps, userOf(request)) }),
  );

  app.get(
    '/export/:kind',
    {
      schema: {
        tags,
        summary: 'CSV of invoices, forwards or payments (UTF-8 with BOM, ISO dates, plain decimals)',
        params: z.object({ kind: z.enum(DESK_EXPORTS.map((kind) => `${kind}.csv`) as [string, ...string[]]) }),
        response: { ...errors },
      },
    },
    async (request, reply) => {
      const kind = request.params.kind.replace(/\.csv$/, '') as (typeof DESK_EXPORTS)[number];
      return sendCsv(reply, `desk-${kind}.csv`, await deskCsv(deps, userOf(request), kind));
    },
  );
};

export default mountAt('/api/desk', deskRoutes);
