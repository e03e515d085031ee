import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { IDEMPOTENCY_MESSAGES, TRADING_MESSAGES, type Charges, type Quote } from '@tp/shared';
import {
  apiError,
  buildCompleteUser,
  buildInstrument,
  buildLotInstrument,
  buildQuote,
  buildOrder,
  envelope,
  mockApi,
  renderApp,
  signedInAs,
  orderList,
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
  buildLotInstrument('COTTON', '50000', 'lb'),
];

async function renderTicket({
  confirmOrders = false,
  withOpenOrders = false,
  symbol = 'AAPL',
  quote = buildQuote(),
  buyingPower = '100000.00' as string | undefined,
  charges = undefined as Charges | undefined,
} = {}) {
  renderApp(
    <>
      <OrderTicket
        instruments={instruments}
        symbol={symbol}
        onSymbolChange={() => undefined}
        quote={quote}
        defaultType="market"
        confirmOrders={confirmOrders}
        buyingPower={buyingPower}
        charges={charges}
      />
      {withOpenOrders && <OpenOrders instruments={instruments} />}
    </>,
  );
  // the app's providers restore the session first
  await screen.findByRole('button', { name: 'Place buy order' });
}

const posts = (calls: ApiCall[]) => calls.filter((call) => call.key === 'POST /api/trades');
const field = (name: string) => screen.getByRole('textbox', { name: new RegExp(`^${name}`) });
const submit = () => userEvent.click(screen.getByRole('button', { name: /^Place (buy|sell) order$/ }));

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
        buildOrder({ symbol: 'EURUSD', quantity: '0.25', filledQuantity: '0.25', avgFillPrice: '1.08512' }),
      ),
    });
    await renderTicket();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Symbol' }), 'EURUSD');
    expect(screen.getByText('Quantity in lots of 100,000 EUR.')).toBeInTheDocument();
    await userEvent.type(field('Quantity'), '0.015');
    await submit();
    expect(
      await screen.findByText(TRADING_MESSAGES.invalidQuantity('EURUSD', '0.01', '0.01', '100')),
    ).toBeInTheDocument();
    await userEvent.clear(field('Quantity'));
    await userEvent.type(field('Quantity'), '0.25');
    await submit();
    expect(await screen.findByText('Bought 0.25 lots (25,000 EUR) of EURUSD at 1.08512')).toBeInTheDocument();
    expect(posts(calls)[0]!.body).toEqual({
      symbol: 'EURUSD',
      side: 'buy',
      quantity: '0.25',
      type: 'market',
      timeInForce: 'day',
    });
  });

  it('sends a valid order once with an Idempotency-Key and shows the fill', async () => {
    const calls = mockApi({ ...signedInAs(buildCompleteUser()), 'POST /api/trades': envelope(buildOrder()) });
    await renderTicket();
    await userEvent.type(field('Quantity'), '10');
    await submit();
    expect(await screen.findByText('Bought 10 shares of AAPL at 230.11')).toBeInTheDocument();
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
        buildOrder({ status: 'pending', type: 'limit', limitPrice: '200.00', filledQuantity: '0', avgFillPrice: null }),
      ),
    });
    await renderTicket({ confirmOrders: true });
    await userEvent.type(field('Quantity'), '10');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Order type' }), 'limit');
    await userEvent.type(field('Limit price'), '200');
    await submit();
    const dialog = await screen.findByRole('dialog', { name: 'Confirm order' });
    expect(within(dialog).getByText('Buy 10 shares of AAPL with a limit of 200 (Day)')).toBeInTheDocument();
    expect(posts(calls)).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Place order' }));
    expect(await screen.findByText('Limit order to buy 10 shares of AAPL is pending')).toBeInTheDocument();
    expect(posts(calls)[0]!.body).toMatchObject({ type: 'limit', price: '200' });
  });

  it("follows the placed order: a cancel in Open orders changes the ticket's message too", async () => {
    const placed = buildOrder({
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
      'GET /api/trades': () => orderList([current].filter((trade) => trade.status === 'pending')),
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
    expect(await screen.findByText('Limit order to buy 5 shares of AAPL is pending')).toBeInTheDocument();

    await userEvent.click(await screen.findByRole('button', { name: 'Cancel limit buy AAPL' }));
    expect(await screen.findByText('Limit order to buy 5 shares of AAPL was cancelled')).toBeInTheDocument();
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
    expect(within(dialog).getByText('Buy 2 shares of AAPL when the price reaches 100 (Day)')).toBeInTheDocument();
    expect(within(dialog).getByText('This stop triggers at once')).toBeInTheDocument();
    expect(within(dialog).getByText(warning)).toBeInTheDocument();
    expect(posts(calls)).toHaveLength(0);
  });
});

const COTTON_QUOTE: Quote = buildQuote({ symbol: 'COTTON', price: '0.6435', bid: '0.6433', ask: '0.6437' });
/** The figure under a label of the order's estimate (the ticket's, or the confirmation's). */
const figure = (scope: HTMLElement, label: string) =>
  within(within(scope).getByTestId('order-estimate')).getByText(label, { selector: 'dt' }).parentElement!;
const ticketForm = () => screen.getByRole('form', { name: 'Order ticket' });

describe('order ticket: what an order is worth, before it is sent', () => {
  it('shows the value (quantity × lot size × price) and the buying power left, as typed and in the confirmation', async () => {
    const calls = mockApi({
      ...signedInAs(buildCompleteUser()),
      'POST /api/trades': envelope(
        buildOrder({ symbol: 'COTTON', quantity: '1', filledQuantity: '1', avgFillPrice: '0.6437', price: '0.6437' }),
      ),
    });
    await renderTicket({ confirmOrders: true, symbol: 'COTTON', quote: COTTON_QUOTE });
    expect(screen.getByText('Quantity in lots of 50,000 lb.')).toBeInTheDocument();
    expect(figure(ticketForm(), 'Order value')).toHaveTextContent(/^Order value—$/);

    await userEvent.type(field('Quantity'), '1');
    // 1 lot × 50,000 lb × 0.6437 USD per lb (the ask: a buy at market)
    expect(figure(ticketForm(), 'Order value')).toHaveTextContent(
      'Order valueabout $32,185.001 lot (50,000 lb) × 0.6437 USD per lb',
    );
    expect(figure(ticketForm(), 'Buying power left')).toHaveTextContent('$67,815.00');

    await submit();
    const dialog = await screen.findByRole('dialog', { name: 'Confirm order' });
    expect(
      within(dialog).getByText('Buy 1 lot (50,000 lb) of COTTON at market (about 0.6437) (Day)'),
    ).toBeInTheDocument();
    expect(figure(dialog, 'Order value')).toHaveTextContent('about $32,185.00');
    expect(figure(dialog, 'Buying power left')).toHaveTextContent('$67,815.00');
    expect(posts(calls)).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Place order' }));
    expect(await screen.findByText('Bought 1 lot (50,000 lb) of COTTON at 0.6437')).toBeInTheDocument();
    expect(posts(calls)[0]!.body).toMatchObject({ symbol: 'COTTON', quantity: '1' });
  });

  it('refuses a buy the buying power cannot cover before any confirmation, naming the shortfall', async () => {
    const calls = mockApi({ ...signedInAs(buildCompleteUser()) });
    await renderTicket({ confirmOrders: true, symbol: 'COTTON', quote: COTTON_QUOTE, buyingPower: '10000.00' });
    await userEvent.type(field('Quantity'), '1');
    expect(figure(ticketForm(), 'Buying power left')).toHaveTextContent('-$22,185.00');
    await submit();

    const refusal = await screen.findByRole('alert');
    expect(within(refusal).getByText('Not enough buying power')).toBeInTheDocument();
    expect(refusal).toHaveTextContent(
      'Insufficient cash: this order needs about $32,185.00 and $10,000.00 is available, $22,185.00 short. At this price you can buy up to 0.31 lots (15,500 lb).',
    );
    expect(field('Quantity')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(posts(calls)).toHaveLength(0);

    // what fits is confirmed as usual
    await userEvent.clear(field('Quantity'));
    await userEvent.type(field('Quantity'), '0.31');
    expect(screen.queryByText('Not enough buying power')).not.toBeInTheDocument();
    await submit();
    const dialog = await screen.findByRole('dialog', { name: 'Confirm order' });
    expect(figure(dialog, 'Buying power left')).toHaveTextContent('$22.65');
  });

  it('values a limit buy at its limit, and refuses it without a confirmation step too', async () => {
    const calls = mockApi({ ...signedInAs(buildCompleteUser()) });
    await renderTicket({ symbol: 'COTTON', quote: COTTON_QUOTE, buyingPower: '10000.00' });
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Order type' }), 'limit');
    await userEvent.type(field('Limit price'), '0.6');
    await userEvent.type(field('Quantity'), '0.34');
    // 0.34 lot × 50,000 lb × 0.60: no "about", the limit is the most it pays
    expect(figure(ticketForm(), 'Order value')).toHaveTextContent('Order value$10,200.000.34 lots (17,000 lb) × 0.60');
    await submit();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'this order needs about $10,200.00 and $10,000.00 is available, $200.00 short. At this price you can buy up to 0.33 lots (16,500 lb).',
    );
    expect(posts(calls)).toHaveLength(0);
  });

  it('adds the configured charges to what a buy needs', async () => {
    mockApi({ ...signedInAs(buildCompleteUser()) });
    await renderTicket({
      charges: { commissionPerOrder: '1.00', commissionRate: '0.0005', slippageRate: '0.0002' },
    });
    await userEvent.type(field('Quantity'), '10');
    // 10 × 230.11 = 2,301.10; commission 1.00 + 1.15055 → 2.16 and slippage 0.46022 → 0.47, each rounded up
    expect(figure(ticketForm(), 'Order value')).toHaveTextContent('about $2,301.10');
    expect(figure(ticketForm(), 'Charges')).toHaveTextContent('$2.63');
    expect(figure(ticketForm(), 'Buying power left')).toHaveTextContent('$97,696.27');
  });

  it('values a sale at the bid and adds it to the buying power once sold, refusing nothing for cash', async () => {
    const calls = mockApi({
      ...signedInAs(buildCompleteUser()),
      'POST /api/trades': envelope(
        buildOrder({ side: 'sell', quantity: '10', filledQuantity: '10', avgFillPrice: '230.09' }),
      ),
    });
    await renderTicket({ buyingPower: '0.00' });
    await userEvent.click(screen.getByRole('radio', { name: 'Sell' }));
    await userEvent.type(field('Quantity'), '10');
    expect(figure(ticketForm(), 'Order value')).toHaveTextContent('about $2,300.9010 shares × 230.09 USD per share');
    expect(figure(ticketForm(), 'Buying power once sold')).toHaveTextContent('$2,300.90');
    await submit();
    expect(await screen.findByText('Sold 10 shares of AAPL at 230.09')).toBeInTheDocument();
    expect(posts(calls)).toHaveLength(1);
  });

  it('still shows the server refusing an order the ticket thought affordable (the price moved)', async () => {
    const reason = TRADING_MESSAGES.insufficientCash('32300.00', '32200.00');
    mockApi({
      ...signedInAs(buildCompleteUser()),
      'POST /api/trades': envelope(
        buildOrder({
          symbol: 'COTTON',
          quantity: '1',
          status: 'rejected',
          filledQuantity: '0',
          avgFillPrice: null,
          rejectCode: 'insufficient_cash',
          rejectReason: reason,
        }),
      ),
    });
    await renderTicket({ symbol: 'COTTON', quote: COTTON_QUOTE, buyingPower: '32200.00' });
    await userEvent.type(field('Quantity'), '1');
    await submit();
    expect(await screen.findByText(`Order rejected: ${reason}`)).toBeInTheDocument();
  });
});
