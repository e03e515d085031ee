import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  accountResetResponseSchema,
  accountsResponseSchema,
  amendOrderRequestSchema,
  batchOrderRequestSchema,
  batchOrderResponseSchema,
  errorResponseSchema,
  IDEMPOTENCY_KEY_HEADER,
  orderRequestSchema,
  performanceQuerySchema,
  performanceResponseSchema,
  portfolioResponseSchema,
  positionBatchRequestSchema,
  positionBatchResponseSchema,
  positionResponseSchema,
  positionsResponseSchema,
  riskResponseSchema,
  orderExportQuerySchema,
  orderListResponseSchema,
  orderQuerySchema,
  orderResponseSchema,
  tradingPreferencesPatchSchema,
  tradingPreferencesResponseSchema,
} from '@tp/shared';
import { requireSignIn, requireUser } from '../../plugins/auth';
import { requireClaims, SESSION_IN_STATEMENT } from '../../plugins/auth/session-in-statement';
import { envelope } from '../../plugins/envelope';
import { idempotencyHeaders } from '../../plugins/idempotency';
import { listAccounts, resetAccount } from './accounts.service';
import { performanceOf, riskOf } from './performance.service';
import { listOrdersOfSession } from './order-history';
import { amendOrder, cancelOrder, getOrder, placeBatch, placeOrder } from './orders.service';
import { getPortfolio, getPosition, updatePositionLevels } from './portfolio.service';
import { getTradingPreferences, updateTradingPreferences } from './trading-preferences.service';
import { sendCsv } from '../../plugins/csv';
import { ordersCsv } from './order-export';
import { registerTradingJobs } from './trading.jobs';
import { mountAt } from '../../plugins/mount';

const idParams = z.object({ id: z.uuid() });
const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
  422: errorResponseSchema,
};

/**
 * Paper trading (docs/product/api.md#trading, docs/trading.md#7-the-service-api-signed-in): every route is signed in
 * and sees only the user's own accounts, orders and positions (another user's id is a 404).
 * Answers are `{data, timestamp}`.
 */
const tradingRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  await registerTradingJobs(deps);
  requireSignIn(app);
  // PATCH …/cancel has no body; a client that still says application/json is not refused for it
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (body === '') return done(null, undefined);
    parseJson(request, body as string, done);
  });
  const answer = <T>(data: T) => envelope(data, deps.market.now());

  app.get(
    '/trades',
    {
      // the page's own statement proves the session live (decision 0027): dashboards poll it
      config: SESSION_IN_STATEMENT,
      schema: {
        tags: ['trading'],
        summary: 'Orders of the active account (or of a closed one by accountId), newest first, with paging',
        querystring: orderQuerySchema,
        response: { 200: orderListResponseSchema, ...errors },
      },
    },
    async (request) => {
      const query = request.query;
      const { trades, total } = await listOrdersOfSession(deps, requireClaims(request), query);
      return {
        ...answer(trades),
        pagination: {
          total,
          limit: query.limit,
          offset: query.offset,
          hasMore: query.offset + trades.length < total,
        },
      };
    },
  );

  app.get(
    '/trades/export.csv',
    {
      schema: {
        tags: ['trading'],
        summary: 'The trade history as CSV, with its filters (UTF-8 with BOM, ISO dates, plain decimals)',
        querystring: orderExportQuerySchema,
        response: errors,
      },
    },
    async (request, reply) =>
      sendCsv(reply, 'trades.csv', await ordersCsv(deps, requireUser(request).userId, request.query)),
  );

  app.post(
    '/trades',
    {
      // the books read proves the session live (decision 0027): one round trip less per order
      config: SESSION_IN_STATEMENT,
      schema: {
        tags: ['trading'],
        summary:
          'Place an order. Market orders fill at once; others rest as pending. A refused order is stored as rejected (201) with its reason.',
        headers: idempotencyHeaders,
        body: orderRequestSchema,
        response: { 201: orderResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const key = request.headers[IDEMPOTENCY_KEY_HEADER] ?? null;
      const session = requireClaims(request);
      const placed = await placeOrder(deps, session.userId, request.body, key, session);
      if (placed.replayed) reply.header('idempotent-replayed', 'true');
      return reply.status(201).send(answer(placed.order));
    },
  );

  app.post(
    '/trades/batch',
    {
      schema: {
        tags: ['trading'],
        summary: 'Place several orders, each with its own result (an Idempotency-Key covers each as key#index)',
        headers: idempotencyHeaders,
        body: batchOrderRequestSchema,
        response: { 200: batchOrderResponseSchema, ...errors },
      },
    },
    async (request) => {
      const key = request.headers[IDEMPOTENCY_KEY_HEADER] ?? null;
      return answer({ results: await placeBatch(deps, requireUser(request).userId, request.body.trades, key) });
    },
  );

  app.get(
    '/trades/:id',
    {
      schema: {
        tags: ['trading'],
        summary: 'One order',
        params: idParams,
        response: { 200: orderResponseSchema, ...errors },
      },
    },
    async (request) => answer(await getOrder(deps, requireUser(request).userId, request.params.id)),
  );

  app.patch(
    '/trades/:id',
    {
      schema: {
        tags: ['trading'],
        summary: 'Amend a pending order (quantity, limit, stop, time in force); it is live again from now',
        params: idParams,
        body: amendOrderRequestSchema,
        response: { 200: orderResponseSchema, ...errors },
      },
    },
    async (request) => answer(await amendOrder(deps, requireUser(request).userId, request.params.id, request.body)),
  );

  app.patch(
    '/trades/:id/cancel',
    {
      schema: {
        tags: ['trading'],
        summary: 'Cancel a pending order (409 once it has filled, expired or was cancelled)',
        params: idParams,
        response: { 200: orderResponseSchema, ...errors },
      },
    },
    async (request) => answer(await cancelOrder(deps, requireUser(request).userId, request.params.id)),
  );

  app.get(
    '/portfolio',
    {
      schema: {
        tags: ['trading'],
        summary: 'Cash, open positions at live prices, total value and the day’s change',
        response: { 200: portfolioResponseSchema, ...errors },
      },
      // the portfolio read proves the session live (decision 0027): the dashboard polls it
      config: SESSION_IN_STATEMENT,
    },
    async (request) => answer(await getPortfolio(deps, requireClaims(request))),
  );

  app.get(
    '/portfolio/positions',
    {
      schema: {
        tags: ['trading'],
        summary: 'Open positions at live prices',
        response: { 200: positionsResponseSchema, ...errors },
      },
      config: SESSION_IN_STATEMENT,
    },
    async (request) => answer((await getPortfolio(deps, requireClaims(request))).positions),
  );

  app.get(
    '/portfolio/positions/:id',
    {
      schema: {
        tags: ['trading'],
        summary: 'One position (of any of the user’s accounts, open or closed)',
        params: idParams,
        response: { 200: positionResponseSchema, ...errors },
      },
    },
    async (request) => answer(await getPosition(deps, requireUser(request).userId, request.params.id)),
  );

  app.post(
    '/portfolio/positions/batch',
    {
      schema: {
        tags: ['trading'],
        summary:
          'Set or clear stop-loss and take-profit levels; the engine places the closing order when one is crossed',
        body: positionBatchRequestSchema,
        response: { 200: positionBatchResponseSchema, ...errors },
      },
    },
    async (request) =>
      answer({ results: await updatePositionLevels(deps, requireUser(request).userId, request.body.updates) }),
  );

  app.get(
    '/preferences/trading',
    {
      schema: {
        tags: ['trading'],
        summary: 'Trading preferences',
        response: { 200: tradingPreferencesResponseSchema, ...errors },
      },
    },
    async (request) => answer(await getTradingPreferences(deps, requireUser(request).userId)),
  );

  app.patch(
    '/preferences/trading',
    {
      schema: {
        tags: ['trading'],
        summary: 'Change trading preferences',
        body: tradingPreferencesPatchSchema,
        response: { 200: tradingPreferencesResponseSchema, ...errors },
      },
    },
    async (request) => answer(await updateTradingPreferences(deps, requireUser(request).userId, request.body)),
  );

  app.get(
    '/analytics/performance',
    {
      // its one statement proves the session live (decision 0027): every analytics visit reads it
      config: SESSION_IN_STATEMENT,
      schema: {
        tags: ['trading'],
        summary: 'Equity curve, time-weighted returns, realized and unrealized P&L, win rate',
        querystring: performanceQuerySchema,
        response: { 200: performanceResponseSchema, ...errors },
      },
    },
    async (request) => answer(await performanceOf(deps, requireClaims(request), request.query)),
  );

  app.get(
    '/analytics/risk',
    {
      // its one statement proves the session live (decision 0027)
      config: SESSION_IN_STATEMENT,
      schema: {
        tags: ['trading'],
        summary: 'Volatility, maximum drawdown, Sharpe ratio, 95 % one-day value at risk, concentration',
        response: { 200: riskResponseSchema, ...errors },
      },
    },
    async (request) => answer(await riskOf(deps, requireClaims(request))),
  );

  app.get(
    '/trading/accounts',
    {
      schema: {
        tags: ['trading'],
        summary: 'The user’s paper accounts: the active one and those closed by resets, newest first',
        response: { 200: accountsResponseSchema, ...errors },
      },
    },
    async (request) => answer(await listAccounts(deps, requireUser(request).userId)),
  );

  app.post(
    '/trading/account/reset',
    {
      schema: {
        tags: ['trading'],
        summary: 'Close the active account (pending orders cancelled, history kept) and open a fresh one',
        response: { 200: accountResetResponseSchema, ...errors },
      },
    },
    async (request) => answer(await resetAccount(deps, requireUser(request).userId)),
  );
};
export default mountAt('/api', tradingRoutes);
