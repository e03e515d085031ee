import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { paths } from '@/lib/paths';
import { renderApp } from '@/testing';
import { TRY_OUT_TITLE } from '@/ui/try-out-notice';
import ReactDemoPage from './react-demo-page';
import UiDemoPage from './ui-demo-page';

/** An amount of money: a currency sign or code beside a figure ("$104,250.50", "USD 12"). */
const MONEY = /[$€£¥₹]\s?\d|\d\s?[$€£¥₹]|\b(USD|EUR|GBP|KES|INR)\s?\d/;

const aboutThisPage = () => screen.getByRole('note', { name: 'About this page' });

describe('the demo pages say they are for trying the interface, and show no invented money', () => {
  it('/ui-demo: the banner first, then samples only', () => {
    renderApp(<UiDemoPage />, { path: paths.uiDemo });
    expect(aboutThisPage()).toHaveTextContent(TRY_OUT_TITLE);
    expect(aboutThisPage()).toHaveTextContent('Every figure, name and file below is a sample');
    expect(aboutThisPage()).toHaveTextContent('Only the Theme section is real');
    expect(document.body.textContent).not.toMatch(MONEY);
    // the figures that remain are labelled as samples
    expect(screen.getByText('A sample figure, not an amount of yours')).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Sample rows, not trades of yours' })).toBeInTheDocument();
    // no market symbols presented as trades
    expect(screen.queryByText(/^(AAPL|MSFT|TSLA)$/)).not.toBeInTheDocument();
  });

  it('/react-demo: not a dead end: the banner, working widgets, and the way on; an account for a visitor', async () => {
    renderApp(<ReactDemoPage />, { path: paths.reactDemo });
    expect(aboutThisPage()).toHaveTextContent(TRY_OUT_TITLE);
    expect(screen.queryByText(/being assembled/)).not.toBeInTheDocument();
    expect(screen.getByRole('search')).toBeInTheDocument();
    const next = screen.getByRole('region', { name: 'Where to go from here' });
    for (const [name, href] of [
      ['Every component, one by one', paths.uiDemo],
      ['Your dashboard', paths.dashboard],
      ['Paper trading', paths.trades],
      ['Content hub', paths.contentAccess],
    ]) {
      expect(within(next).getByRole('link', { name })).toHaveAttribute('href', href);
    }
    expect(screen.getByRole('link', { name: 'create a free account' })).toHaveAttribute(
      'href',
      expect.stringContaining('mode=signup'),
    );
    expect(document.body.textContent).not.toMatch(MONEY);
  });
});
