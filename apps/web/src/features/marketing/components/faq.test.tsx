import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/testing';
import { LANDING_FAQ } from '../faq-items';
import { Faq } from './faq';

describe('FAQ', () => {
  it('has the five landing questions, all closed at first', () => {
    renderApp(<Faq items={LANDING_FAQ} />);
    const buttons = screen.getAllByRole('button');
    expect(buttons).toHaveLength(5);
    for (const button of buttons) expect(button).toHaveAttribute('aria-expanded', 'false');
    for (const item of LANDING_FAQ)
      expect(screen.queryByRole('region', { name: item.question })).not.toBeInTheDocument();
  });

  it('keeps one item open at a time, and closes the open one on a second click', async () => {
    const user = userEvent.setup();
    renderApp(<Faq items={LANDING_FAQ} />);
    const first = screen.getByRole('button', { name: 'What is Trading Portal?' });
    const cost = screen.getByRole('button', { name: 'What does it cost?' });

    await user.click(first);
    expect(first).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('region', { name: 'What is Trading Portal?' })).toBeVisible();

    await user.click(cost);
    expect(cost).toHaveAttribute('aria-expanded', 'true');
    expect(first).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getAllByRole('button', { expanded: true })).toHaveLength(1);
    expect(screen.getByRole('region', { name: 'What does it cost?' })).toHaveTextContent(
      'Plans are Developer at $49, Team at $149 and Enterprise at $499 per month. For a limited time you get 2 months free when you choose an annual subscription.',
    );

    await user.click(cost);
    expect(screen.queryAllByRole('button', { expanded: true })).toHaveLength(0);
  });

  it('is operable from the keyboard', async () => {
    const user = userEvent.setup();
    renderApp(<Faq items={LANDING_FAQ} />);
    await user.tab();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('button', { name: 'What is Trading Portal?' })).toHaveAttribute('aria-expanded', 'true');
  });
});
