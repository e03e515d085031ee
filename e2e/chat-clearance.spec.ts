import type { Locator, Page } from '@playwright/test';
import { apiAs, expect, test } from './fixtures';

/**
 * The support chat's button covers no working control, at a laptop's and a phone's size: it rests
 * on an opaque strip of its own at the bottom of the screen, every control of the order ticket and
 * of the portfolio is wholly clickable wherever the browser scrolls it into view, and an open
 * dialog lies above the button. The fixtures' server runs the built-in chat (CHAT_PROVIDER unset:
 * a provider's script would come from outside this machine); the button is the same for both.
 */

/** What a user clicks; a visually hidden radio is clicked through its label. */
const CONTROLS = [
  'button',
  'select',
  'textarea',
  'a[href]',
  'input:not([type=hidden]):not([type=radio]):not([type=checkbox])',
  'label:has(> input[type=radio])',
].join(', ');

/**
 * Scrolls each visible control of `scope` to the top, the middle and the bottom of what the page
 * shows (the browser's own scrollIntoView) and lists every spot of a 3×3 grid inside the control
 * (4 px in from its edges) where something else takes the click. Empty: every control is wholly
 * clickable at each of those places.
 */
function coveredControls(scope: Locator): Promise<string[]> {
  return scope.evaluate((root, selector) => {
    const nameOf = (el: Element) =>
      el.getAttribute('aria-label') ?? (el.textContent?.trim().slice(0, 40) || el.getAttribute('name') || el.tagName);
    const describe = (el: Element | null) =>
      el ? `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''} "${nameOf(el).slice(0, 30)}"` : 'nothing';
    const covered: string[] = [];
    const controls = [...root.querySelectorAll(selector)].filter((el) => el.getClientRects().length > 0);
    for (const control of controls) {
      for (const block of ['start', 'center', 'end'] as const) {
        control.scrollIntoView({ block, inline: 'nearest', behavior: 'instant' });
        const box = control.getBoundingClientRect();
        for (const x of [box.left + 4, box.left + box.width / 2, box.right - 4])
          for (const y of [box.top + 4, box.top + box.height / 2, box.bottom - 4]) {
            const hit = document.elementFromPoint(x, y);
            if (hit && (hit === control || control.contains(hit))) continue;
            covered.push(
              `${describe(control)} scrolled to the ${block}: (${Math.round(x)}, ${Math.round(y)}) is ${describe(hit)}`,
            );
          }
      }
    }
    return covered;
  }, CONTROLS);
}

const chatButton = (page: Page) => page.getByRole('button', { name: /^Chat with support/ });

/**
 * What lies right under the chat button: the strip it rests on (an element that holds it), opaque
 * and as wide as the page's content, so no part of the page shows, or can be clicked, beneath it.
 */
function beneathChatButton(page: Page) {
  return page.evaluate(() => {
    const button = document.querySelector('button[aria-label^="Chat with support"]')!;
    const box = button.getBoundingClientRect();
    const stack = document.elementsFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    const beneath = stack.find((el) => el !== button && !button.contains(el))!;
    const alpha = /rgba?\(([^)]+)\)/.exec(getComputedStyle(beneath).backgroundColor)?.[1]?.split(',')[3];
    return {
      holdsTheButton: beneath.contains(button),
      opaque: alpha === undefined || Number(alpha) >= 0.9,
      asWideAsTheContent: beneath.getBoundingClientRect().width === document.querySelector('main')!.clientWidth,
    };
  });
}

/**
 * The open `dialog` lies above the chat button: the button is hidden from assistive technology,
 * and its place takes no click for the chat but closes the dialog, as a click beside it does.
 */
async function expectBelowDialog(page: Page, dialog: Locator): Promise<void> {
  await expect(chatButton(page)).toHaveCount(0);
  const box = (await page.locator('button[aria-label^="Chat with support"]').boundingBox())!;
  const centre = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  const onTop = await page.evaluate(
    ({ x, y }) =>
      document.elementFromPoint(x, y)?.closest('[role=dialog], [data-testid=dialog-backdrop], main')?.tagName,
    centre,
  );
  expect(onTop, 'what is on top at the chat button: the dialog layer, not the page').not.toBe('MAIN');
  await page.mouse.click(centre.x, centre.y);
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('dialog', { name: 'Support chat' })).toHaveCount(0);
}

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 360, height: 740 },
]) {
  test.describe(`the chat button at ${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport });
    // many controls, each scrolled three ways, then two dialogs
    test.describe.configure({ timeout: 120_000 });

    test('covers no control of the order ticket or the portfolio, and lies under an open dialog', async ({
      page,
      signedIn,
    }) => {
      expect(signedIn.email).toContain('@');
      // a position, so that the portfolio shows its Edit
      await apiAs(page, '/api/trades', 'POST', { symbol: 'AAPL', side: 'buy', quantity: '1', type: 'market' });
      await page.goto('/trades');
      const ticket = page.getByRole('form', { name: 'Order ticket' });
      const portfolio = page.getByRole('region', { name: 'Portfolio', exact: true });
      const edit = portfolio.getByRole('button', { name: 'Edit stop-loss and take-profit for AAPL' });
      // the first visit loads the trading screen's code and data, slowly on a busy machine
      await expect(ticket.getByRole('button', { name: 'Place buy order' })).toBeVisible({ timeout: 30_000 });
      await expect(edit).toBeVisible();
      await expect(chatButton(page)).toBeVisible({ timeout: 8_000 });

      // at the top, half way, and where the strip rests at the end of the content, above the footer
      for (const at of ['top', 'middle', 'end'] as const) {
        await page.evaluate((where) => {
          const end = document.querySelector('main')!.getBoundingClientRect().bottom + scrollY - innerHeight;
          window.scrollTo({ top: where === 'top' ? 0 : where === 'middle' ? end / 2 : end, behavior: 'instant' });
        }, at);
        expect(await beneathChatButton(page), `beneath the chat button, page scrolled to its ${at}`).toEqual({
          holdsTheButton: true,
          opaque: true,
          asWideAsTheContent: true,
        });
      }

      expect(await coveredControls(ticket)).toEqual([]);
      expect(await coveredControls(portfolio)).toEqual([]);
      // every order type's fields too
      const type = ticket.getByRole('combobox', { name: 'Order type' });
      await type.selectOption('stop_limit');
      await expect(ticket.getByRole('textbox', { name: /^Limit price/ })).toBeVisible();
      expect(await coveredControls(ticket)).toEqual([]);
      await type.selectOption('market');

      // real clicks land where they are aimed
      await ticket.getByText('Sell', { exact: true }).click({ timeout: 10_000 });
      await expect(ticket.getByRole('radio', { name: 'Sell' })).toBeChecked();
      await ticket.getByText('Buy', { exact: true }).click({ timeout: 10_000 });
      await expect(ticket.getByRole('radio', { name: 'Buy' })).toBeChecked();
      await ticket.getByRole('textbox', { name: /^Quantity/ }).click({ timeout: 10_000 });
      await page.keyboard.type('1');
      await ticket.getByRole('button', { name: 'Place buy order' }).click({ timeout: 10_000 });

      // the confirmation (a new account confirms orders) is above the chat button
      const confirm = page.getByRole('dialog', { name: 'Confirm order' });
      await expect(confirm).toBeVisible();
      expect(await coveredControls(confirm)).toEqual([]);
      await expectBelowDialog(page, confirm);

      await edit.click({ timeout: 10_000 });
      const protect = page.getByRole('dialog', { name: 'Protect AAPL' });
      await expect(protect).toBeVisible();
      expect(await coveredControls(protect)).toEqual([]);
      await expectBelowDialog(page, protect);
    });
  });
}
