import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MainLayout } from './main-layout';

const auth = vi.hoisted(() => ({
  value: { status: 'anonymous' as 'anonymous' | 'authenticated', user: null as null | Record<string, unknown> },
}));
vi.mock('@/lib/auth-context', () => ({ useAuth: () => auth.value }));
// the chat widget and the footer's support address read /api/config; not under test here
vi.mock('@/features/chat/chat-widget', () => ({ ChatWidget: () => null }));
vi.mock('@/lib/public-config', () => ({ usePublicConfig: () => ({ data: undefined }) }));

function renderAt(path: string, width: number) {
  window.innerWidth = width;
  const router = createMemoryRouter(
    [
      {
        path: '/',
        element: <MainLayout />,
        children: [
          { path: '*', element: <p>page</p> },
          { index: true, element: <p>home</p> },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
}

const signedIn = () => {
  auth.value = {
    status: 'authenticated',
    user: {
      id: 'u1',
      email: 'ada@example.com',
      name: 'Ada Lovelace',
      profileComplete: true,
      contentCount: 3,
      viewCount: 12,
    },
  };
};

describe('MainLayout sidebar rules', () => {
  afterEach(() => {
    auth.value = { status: 'anonymous', user: null };
  });

  it('has no sidebar for an anonymous visitor', () => {
    renderAt('/dashboard', 1280);
    expect(screen.queryByRole('complementary', { name: 'Sidebar' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /sidebar/i })).not.toBeInTheDocument();
  });

  it('has no sidebar on landing paths even when signed in', () => {
    signedIn();
    renderAt('/stories/github-cloudflare', 1280);
    expect(screen.queryByRole('complementary', { name: 'Sidebar' })).not.toBeInTheDocument();
  });

  it('is open by default on wide screens with the spec entries, badges, goals and stats', async () => {
    signedIn();
    renderAt('/dashboard', 1280);
    const sidebar = await screen.findByRole('complementary', { name: 'Sidebar' });
    const labels = [
      'Home',
      'Dashboard',
      'Access Content',
      'Analytics',
      'Trading',
      'Profile',
      'Achievements',
      'Settings',
    ];
    for (const label of labels)
      expect(within(sidebar).getByRole('link', { name: new RegExp(`^${label}`) })).toBeInTheDocument();
    expect(within(sidebar).getByRole('link', { name: /Analytics/ })).toHaveTextContent('New');
    expect(sidebar).toHaveTextContent('Ada Lovelace');
    expect(sidebar).toHaveTextContent('Daily Login');
    expect(sidebar).toHaveTextContent('Check Analytics');
    expect(sidebar).toHaveTextContent('Upload Content');
    await userEvent.click(screen.getByRole('button', { name: 'Close sidebar' }));
    expect(screen.queryByRole('complementary', { name: 'Sidebar' })).not.toBeInTheDocument();
  });

  it('starts closed at 768 px or narrower and opens as an overlay that closes on click', async () => {
    signedIn();
    renderAt('/dashboard', 768);
    expect(screen.queryByRole('complementary', { name: 'Sidebar' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Open sidebar' }));
    expect(await screen.findByRole('complementary', { name: 'Sidebar' })).toBeInTheDocument();
    await act(async () => {
      screen.getByTestId('sidebar-overlay').click();
    });
    expect(screen.queryByRole('complementary', { name: 'Sidebar' })).not.toBeInTheDocument();
  });
});
