import { screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import userEvent from '@testing-library/user-event';
import { Home, LayoutDashboard } from 'lucide-react';
import { describe, expect, it, vi } from 'vitest';
import { Button } from '@/ui/button';
import { MobileSidebar } from '@/ui/mobile-sidebar';
import type { NavigationItem } from './navigation-item';
import { NavigationList, NavigationMenu } from './navigation-menu';
import { paths } from '@/lib/paths';
import { LocationProbe, renderApp } from '@/testing';

const onHelp = vi.fn();
const ITEMS: NavigationItem[] = [
  { id: 'home', label: 'Home', href: '/', icon: Home },
  { id: 'dashboard', label: 'Dashboard', href: paths.dashboard, icon: LayoutDashboard, badge: 3 },
  {
    id: 'more',
    label: 'More',
    children: [
      { id: 'faq', label: 'FAQ', href: paths.faq },
      { id: 'help', label: 'Help', onClick: onHelp },
    ],
  },
  { id: 'billing', label: 'Billing', href: '/billing', disabled: true },
];

const renderIn = (ui: React.ReactNode) =>
  renderApp(
    <>
      {ui}
      <LocationProbe />
    </>,
    { path: paths.dashboard },
  );

describe('NavigationMenu', () => {
  it('renders links, badges, a disabled entry and a sub-list opened by keyboard', async () => {
    const user = userEvent.setup();
    renderIn(<NavigationMenu label="Main" items={ITEMS} activeId="dashboard" />);
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(nav).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Dashboard 3' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByText('Billing').closest('[aria-disabled]')).toHaveAttribute('aria-disabled', 'true');
    const more = screen.getByRole('button', { name: 'More' });
    more.focus();
    await user.keyboard('{Enter}');
    expect(more).toHaveAttribute('aria-expanded', 'true');
    await user.click(screen.getByRole('link', { name: 'FAQ' }));
    expect(screen.getByTestId('where')).toHaveTextContent(paths.faq);
  });
});

/** The demo's mobile menu: the design system's MobileSidebar around a NavigationList. */
function DemoMenu() {
  const [open, setOpen] = useState(false);
  return (
    <MobileSidebar title="Menu" open={open} onOpenChange={setOpen} trigger={<Button>Open menu</Button>}>
      <NavigationList label="Menu" items={ITEMS} activeId="dashboard" onNavigate={() => setOpen(false)} />
    </MobileSidebar>
  );
}

describe('MobileSidebar with a NavigationList', () => {
  it('opens as a modal panel, closes on Escape, on the backdrop, and after navigating', async () => {
    const user = userEvent.setup();
    renderIn(<DemoMenu />);
    const trigger = screen.getByRole('button', { name: 'Open menu' });

    await user.click(trigger);
    const panel = screen.getByRole('dialog', { name: 'Menu' });
    expect(panel).toHaveStyle({ width: '280px' });
    expect(document.body).toHaveAttribute('data-scroll-locked');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(trigger).toHaveFocus();

    await user.click(trigger);
    await user.click(screen.getByTestId('sidebar-overlay'));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(trigger);
    await user.click(screen.getByRole('link', { name: 'Home' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/null$/);

    await user.click(trigger);
    await user.click(screen.getByRole('button', { name: 'Help' }));
    expect(onHelp).toHaveBeenCalledOnce();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
