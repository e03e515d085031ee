import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { DESK_MESSAGES, type CurrencyCode, type PolicyInput } from '@tp/shared';
import {
  apiError,
  buildCompleteUser,
  buildPolicy,
  buildPreferences,
  deskAnswer,
  mockApi,
  renderApp,
  signedInAs,
  type ApiRoute,
} from '@/testing';
import { DeskPreferences } from './components/desk-preferences';

function settingsApi(routes: Record<string, ApiRoute>) {
  return mockApi({
    ...signedInAs(buildCompleteUser()),
    'GET /api/desk/policy': deskAnswer(buildPolicy({ budgetRates: { EUR: '1.1' } })),
    ...routes,
  });
}

async function renderDeskSettings() {
  renderApp(<DeskPreferences />);
  return screen.findByRole('region', { name: 'Exporter desk' });
}

describe('settings: the exporter desk', () => {
  it('saves a new home currency at once, and says the server’s refusal while the desk holds invoices', async () => {
    let refuse = false;
    const calls = settingsApi({
      'PATCH /api/me/preferences': ({ body }) =>
        refuse
          ? apiError(409, DESK_MESSAGES.homeCurrencyLocked, { code: 'HOME_CURRENCY_LOCKED' })
          : { body: buildPreferences({ homeCurrency: (body as { homeCurrency: CurrencyCode }).homeCurrency }) },
    });
    const section = await renderDeskSettings();
    const home = await within(section).findByRole('combobox', { name: /^Home currency/ });
    expect(home).toHaveValue('USD');
    expect(home).toHaveAccessibleDescription(/It can change only while the desk holds no invoices or forwards/);

    await userEvent.selectOptions(home, 'INR');
    expect(await within(section).findByRole('status')).toHaveTextContent('Home currency saved.');
    expect(home).toHaveValue('INR');
    expect(calls.filter((c) => c.key === 'PATCH /api/me/preferences').map((c) => c.body)).toEqual([
      { homeCurrency: 'INR' },
    ]);

    refuse = true;
    await userEvent.selectOptions(home, 'EUR');
    expect(await within(section).findByRole('alert')).toHaveTextContent(DESK_MESSAGES.homeCurrencyLocked);
    // the select shows what is saved, not what was refused
    expect(home).toHaveValue('INR');
  });

  it('switches an alert off by saving the whole policy with only that alert changed', async () => {
    let failing = false;
    const calls = settingsApi({
      'PUT /api/desk/policy': ({ body }) => {
        if (failing) return apiError(503, 'Service unavailable');
        const input = body as PolicyInput;
        return deskAnswer(buildPolicy({ budgetRates: input.budgetRates, alerts: input.alerts }));
      },
    });
    const section = await renderDeskSettings();
    const alerts = await within(section).findByRole('group', { name: 'E-mail alerts' });
    expect(within(alerts).getAllByRole('switch')).toHaveLength(3);
    for (const name of ['Invoice due soon', 'Forward maturing', 'Budget rate crossed']) {
      expect(within(alerts).getByRole('switch', { name })).toBeChecked();
    }
    const due = within(alerts).getByRole('switch', { name: 'Invoice due soon' });
    expect(due).toHaveAccessibleDescription('An invoice due within 7 days and not paid.');

    await userEvent.click(due);
    await waitFor(() => expect(due).toHaveAttribute('aria-checked', 'false'));
    expect(calls.find((c) => c.key === 'PUT /api/desk/policy')?.body).toEqual({
      targetRatios: { '0-3': '0.8', '3-6': '0.5', '6-12': '0.2', '12-24': '0' },
      budgetRates: { EUR: '1.1' },
      alerts: { invoiceDue: false, forwardMaturity: true, budgetRate: true },
    });

    // a failed save says so and shows the switch as it is saved
    failing = true;
    const budget = within(alerts).getByRole('switch', { name: 'Budget rate crossed' });
    await userEvent.click(budget);
    expect(await within(alerts).findByRole('alert')).toHaveTextContent('Service unavailable');
    expect(budget).toHaveAttribute('aria-checked', 'true');
    expect(due).toHaveAttribute('aria-checked', 'false');
  });
});
