import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { IDEMPOTENCY_MESSAGES, TRADING_MESSAGES } from '@tp/shared';
import {
  apiError,
  buildCompleteUser,
  buildInstrument,
  buildQuote,
  buildTrade,
  envelope,
  mockApi,
  renderApp,
  signedInAs,
  tradeList,
  type ApiCall,
} from '@/testing';
import { OpenOrders } from './components/open-orders';
import { OrderTicket } from './components/order-ticket';

const instruments = [
  buildInstrument(),
  buildInstrument({
    symbol: 'EURUSD',
    name: 'Euro / US dollar',
    class: 'fx',
    tickSize: '0.00001',
    quantityUnit: 'lot',
    lotSize: '100000',
    priceUnit: 'EUR',
    minQuantity: '0.01',
    quantityStep: '0.01',
    maxQuantity: '100',
    integerQuantity: false,
  }),
];

async function renderTicket({ confirmOrders = false, withOpenOrders = false } = {}) {
  renderApp(
    <>
      <OrderTicket
        instruments={instruments}
        symbol="AAPL"
        onSymbolChange={() => undefined}
        quote={buildQuote()}
        defaultType="market"
        confirmOrders={confirmOrders}
        buyingPower="100000.00"
      />
      {withOpenOrders && <OpenOrders />}
    </>,
  );
  // the app's providers restore the session first
  await screen.findByRole('button', { name: 'Place buy order' });
}

const posts = (calls: ApiCall[]) => calls.filter((call) => call.key === 'POST /api/trades');
const field = (name: string) => screen.getByRole('textbox', { name: new RegExp(`^${name}`) });
const submit = () => userEvent.click(screen.getByRole('button', { name: 'Place buy order' }));

describe('order ticket: validation with the shared contract', () => {
  it('names the field in error and sends nothing while the order is invalid', async () => {
    const calls = mockApi({ ...signedInAs(buildCompleteUser()) });
    await renderTicket();

    await submit();
    expect(await screen.findByText('Quantity is required')).toBeInTheDocument();
    expect(field('Quantity')).toHaveAttribute('aria-invalid', 'true');

    await userEvent.type(field('Quantity'), 'ten');
    await submit();
    expect(await screen.findByText('Quantity must be a decimal number such as 100.25')).toBeInTheDocument();

    await userEvent.clear(field('Quantity'));
    await userEvent.type(field('Quantity'), '-5');
    await submit();
    expect(await screen.findByText('Quantity must be greater than 0')).toBeInTheDocument();

    await userEvent.clear(field('Quantity'));
    await userEvent.type(field('Quantity'), '1.5');
    await submit();
    expect(await screen.findByText('Quantity for AAPL must be a whole number from 1 to 100,000')).toBeInTheDocument();

    await userEvent.clear(field('Quantity'));
    await userEvent.type(field('Quantity'), '5');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Order type' }), 'limit');
    await submit();
    expect(await screen.findByText('Limit price is required for limit and stop-limit orders')).toBeInTheDocument();

    await userEvent.type(field('Limit price'), '229.005');
    await submit();
    expect(await screen.findByText(TRADING_MESSAGES.invalidPrice('AAPL', '0.01'))).toBeInTheDocument();

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Order type' }), 'stop_limit');
    await userEvent.clear(field('Limit price'));
    await userEvent.type(field('Limit price'), '229');
    await submit();
    expect(await screen.findByText('Stop price is required for stop and stop-limit orders')).toBeInTheDocument();
    expect(screen.queryByText(/stopPrice|price \(the limit\)/)).not.toBeInTheDocument();
    expect(posts(calls)).toHaveLength(0);
  });

  it('checks lots for FX: 0.015 lot is refused, 0.25 lot is sent', async () => {
    const calls = mockApi({
      ...signedInAs(buildCompleteUser()),
      'POST /api/trades': envelope(
        buildTrade({ symbol: 'EURUSD', quantity: '0.25', filledQuantity: '0.25', avgFillPrice: '1.08512' }),
      ),
    });
    await renderTicket();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Symbol' }), 'EURUSD');
    expect(screen.getByText('Quantity in lots of 100,000.')).toBeInTheDocument();
    await userEvent.type(field('Quantity'), '0.015');
    await submit();
    expect(
      await screen.findByText(TRADING_MESSAGES.invalidQuantity('EURUSD', '0.01', '0.01', '100')),
    ).toBeInTheDocument();
    await userEvent.clear(field('Quantity'));
    await userEvent.type(field('Quantity'), '0.25');
    await submit();
    expect(await screen.findByText('Bought 0.25 EURUSD at 1.08512')).toBeInTheDocument();
    expect(posts(calls)[0]!.body).toEqual({
      symbol: 'EURUSD',
      side: 'buy',
      quantity: '0.25',
      type: 'market',
      timeInForce: 'day',
    });
  });

  it('sends a valid order once with an Idempotency-Key and shows the fill', async () => {
    const calls = mockApi({ ...signedInAs(buildCompleteUser()), 'POST /api/trades': envelope(buildTrade()) });
    await renderTicket();
    await userEvent.type(field('Quantity'), '10');
    await submit();
    expect(await screen.findByText('Bought 10 AAPL at 230.11')).toBeInTheDocument();
    const [post] = posts(calls);
    expect(post!.body).toEqual({ symbol: 'AAPL', side: 'buy', quantity: '10', type: 'market', timeInForce: 'day' });
    expect(post!.headers['idempotency-key']).toMatch(/^[\x21-\x7e]{1,255}$/);
    // the form is ready for the next order
    expect(field('Quantity')).toHaveValue('');
  });

  it("shows the server's 4xx field errors under their fields, and other refusals as the spec's text", async () => {
    let answer = apiError(400, 'Invalid request: quantity: quantity is too large', {
      code: 'VALIDATION_FAILED',
      details: [{ field: 'quantity', message: 'quantity is too large' }],
    });
    mockApi({ ...signedInAs(buildCompleteUser()), 'POST /api/trades': () => answer });
    await renderTicket();
    await userEvent.type(field('Quantity'), '10');
    await submit();
    expect(await screen.findByText('Quantity is too large')).toBeInTheDocument();
    expect(field('Quantity')).toHaveAttribute('aria-invalid', 'true');

    // the server's field mapping is kept; its API wording becomes the field's label
    answer = apiError(400, 'Invalid request', {
      code: 'VALIDATION_FAILED',
      details: [{ field: 'timeInForce', message: 'Invalid option: expected one of "day"|"gtc"' }],
    });
    await submit();
    expect(await screen.findByText('Choose a valid time in force')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Time in force' })).toHaveAttribute('aria-invalid', 'true');

    answer = apiError(422, IDEMPOTENCY_MESSAGES.keyReused, { code: 'IDEMPOTENCY_KEY_REUSED' });
    await submit();
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Failed to execute trade')).toBeInTheDocument();
    expect(within(alert).getByText(IDEMPOTENCY_MESSAGES.keyReused)).toBeInTheDocument();
  });

  it('asks for confirmation first when the preference says so', async () => {
    const calls = mockApi({
      ...signedInAs(buildCompleteUser()),
      'POST /api/trades': envelope(
        buildTrade({ status: 'pending', type: 'limit', limitPrice: '200.00', filledQuantity: '0', avgFillPrice: null }),
      ),
    });
    await renderTicket({ confirmOrders: true });
    await userEvent.type(field('Quantity'), '10');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Order type' }), 'limit');
    await userEvent.type(field('Limit price'), '200');
    await submit();
    const dialog = await screen.findByRole('dialog', { name: 'Confirm order' });
    expect(within(dialog).getByText('Buy 10 AAPL with a limit of 200 (Day)')).toBeInTheDocument();
    expect(posts(calls)).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Place order' }));
    expect(await screen.findByText('Limit order to buy 10 AAPL is pending')).toBeInTheDocument();
    expect(posts(calls)[0]!.body).toMatchObject({ type: 'limit', price: '200' });
  });

  it("follows the placed order: a cancel in Open orders changes the ticket's message too", async () => {
    const placed = buildTrade({
      status: 'pending',
      type: 'limit',
      quantity: '5',
      price: '100.00',
      limitPrice: '100.00',
      filledQuantity: '0',
      avgFillPrice: null,
    });
    let current = placed;
    mockApi({
      ...signedInAs(buildCompleteUser()),
      'POST /api/trades': envelope(placed),
      'GET /api/trades': () => tradeList([current].filter((trade) => trade.status === 'pending')),
      [`GET /api/trades/${placed.id}`]: () => envelope(current),
      [`PATCH /api/trades/${placed.id}/cancel`]: () => {
        current = { ...placed, status: 'cancelled' };
        return envelope(current);
      },
    });
    await renderTicket({ withOpenOrders: true });
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Order type' }), 'limit');
    await userEvent.type(field('Quantity'), '5');
    await userEvent.type(field('Limit price'), '100');
    await submit();
    expect(await screen.findByText('Limit order to buy 5 AAPL is pending')).toBeInTheDocument();

    await userEvent.click(await screen.findByRole('button', { name: 'Cancel limit buy AAPL' }));
    expect(await screen.findByText('Limit order to buy 5 AAPL was cancelled')).toBeInTheDocument();
    expect(screen.queryByText(/is pending/)).not.toBeInTheDocument();
  });

  it('warns, before and in the confirmation, that a buy stop below the market triggers at once', async () => {
    const calls = mockApi({ ...signedInAs(buildCompleteUser()) });
    await renderTicket({ confirmOrders: true });
    await userEvent.type(field('Quantity'), '2');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Order type' }), 'stop');
    await userEvent.type(field('Stop price'), '240');
    // above the market (230.10): a stop that waits, no warning
    expect(screen.queryByTestId('stop-warning')).not.toBeInTheDocument();

    await userEvent.clear(field('Stop price'));
    await userEvent.type(field('Stop price'), '100');
    const warning =
      'The price (230.10) is already at or above the stop of 100: this order triggers now and fills at once at the market, about 230.11. A buy stop waits for the price to rise to it.';
    expect(screen.getByTestId('stop-warning')).toHaveTextContent(warning);
    await submit();
    const dialog = await screen.findByRole('dialog', { name: 'Confirm order' });
    expect(within(dialog).getByText('Buy 2 AAPL when the price reaches 100 (Day)')).toBeInTheDocument();
    expect(within(dialog).getByText('This stop triggers at once')).toBeInTheDocument();
    expect(within(dialog).getByText(warning)).toBeInTheDocument();
    expect(posts(calls)).toHaveLength(0);
  });
});
