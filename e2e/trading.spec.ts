import { expect, expectNoHorizontalScroll, test } from './fixtures';

/**
 * The trading screen end to end (docs/product/trading.md#trading-page): a market buy fills and
 * shows in the history and the
 * portfolio; a limit order below the market rests among the open orders and is cancelled. At a
 * phone's width and a laptop's.
 */
for (const viewport of [
  { width: 360, height: 800 },
  { width: 1280, height: 900 },
]) {
  test.describe(`trading at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('a market buy fills into history and portfolio; a limit order rests and is cancelled', async ({
      page,
      signedIn,
    }) => {
      expect(signedIn.email).toBeTruthy();
      await page.goto('/trades');
      await expect(page.getByRole('heading', { name: 'Trading', level: 1 })).toBeVisible();
      const watchlist = page.getByRole('region', { name: 'Watch list', exact: true });
      await expect(watchlist.getByText('Live', { exact: true })).toBeVisible();
      // every column of the watch list fits its panel (no sideways scrolling of its table)
      await expect(watchlist.getByTestId('price-AAPL')).toBeVisible();
      await expect(watchlist.getByRole('region', { name: /scrolls sideways/ })).toHaveCount(0);
      const history = page.getByRole('region', { name: 'Trade history', exact: true });
      await expect(history.getByText('No trades yet')).toBeVisible();
      const portfolio = page.getByRole('region', { name: 'Portfolio', exact: true });
      await expect(portfolio.getByText('No open positions')).toBeVisible();

      const ticket = page.getByRole('form', { name: 'Order ticket' });
      await ticket.getByRole('combobox', { name: 'Symbol' }).selectOption('AAPL');
      await ticket.getByRole('textbox', { name: /^Quantity/ }).fill('10');
      await ticket.getByRole('button', { name: 'Place buy order' }).click();
      // a new account confirms orders (the preference's default)
      const confirm = page.getByRole('dialog', { name: 'Confirm order' });
      await expect(confirm).toContainText('Buy 10 shares of AAPL at market');
      await confirm.getByRole('button', { name: 'Place order' }).click();
      await expect(ticket.getByText(/^Bought 10 shares of AAPL at \d+\.\d{2}$/)).toBeVisible();

      const bought = history.getByRole('row').filter({ hasText: 'AAPL' }).filter({ hasText: 'Filled' });
      await expect(bought).toHaveCount(1);
      await expect(bought).toContainText('10');
      const position = portfolio.getByTestId('position-AAPL');
      await expect(position).toBeVisible();
      await expect(position.getByRole('cell').nth(1)).toHaveText('10 shares');
      await expect(portfolio.getByText('Cash', { exact: true }).locator('..')).not.toContainText('$100,000.00');

      await ticket.getByRole('combobox', { name: 'Order type' }).selectOption('limit');
      await ticket.getByRole('textbox', { name: /^Quantity/ }).fill('5');
      await ticket.getByRole('textbox', { name: /^Limit price/ }).fill('1.00');
      await ticket.getByRole('button', { name: 'Place buy order' }).click();
      await confirm.getByRole('button', { name: 'Place order' }).click();
      await expect(ticket.getByText('Limit order to buy 5 shares of AAPL is pending')).toBeVisible();

      const open = page.getByRole('region', { name: 'Open orders', exact: true });
      const resting = open.getByRole('row').filter({ hasText: 'AAPL' });
      await expect(resting).toContainText('1.00');
      await open.getByRole('button', { name: 'Cancel limit buy AAPL' }).click();
      await expect(open.getByText('No open orders')).toBeVisible();
      await expect(history.getByRole('row').filter({ hasText: 'Cancelled' })).toHaveCount(1);
      await expect(history.getByRole('row').filter({ hasText: 'Filled' })).toHaveCount(1);

      await expectNoHorizontalScroll(page);
    });
  });
}
