import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState, type ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { NotificationStore } from '@/lib/notification-types';
import { renderApp } from '@/testing';
import { Dialog } from './dialog';
import { MobileSidebar } from './mobile-sidebar';
import './toast-list'; // loaded already, so the lazy list resolves without a network round trip

let store: NotificationStore;

async function renderToaster() {
  // the app's providers show the Toaster
  store = renderApp(null).notifications;
}

/** Lets the lazy list module resolve. */
const flush = () => act(async () => vi.advanceTimersByTimeAsync(0));

describe('Toaster', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('is a named live region that is present before anything is shown', async () => {
    await renderToaster();
    const region = screen.getByRole('region', { name: 'Notifications' });
    expect(within(region).getByRole('list')).toHaveAttribute('aria-live', 'polite');
    expect(screen.queryByTestId('toast')).not.toBeInTheDocument();
  });

  it('shows a toast with a countdown bar that empties over 5 s, then removes it after the 300 ms exit', async () => {
    await renderToaster();
    act(() => void store.notify({ type: 'success', title: 'Profile saved', message: 'All good' }));
    await flush();
    const toast = screen.getByTestId('toast');
    expect(toast).toHaveTextContent('Success: Profile saved');
    expect(toast).toHaveTextContent('All good');
    const bar = screen.getByTestId('toast-countdown');
    expect(bar.style.width).toBe('100%');

    act(() => vi.advanceTimersByTime(2500));
    expect(bar.style.width).toBe('50%');
    act(() => vi.advanceTimersByTime(2500));
    expect(screen.getByTestId('toast')).toHaveAttribute('data-state', 'closing');
    act(() => vi.advanceTimersByTime(300));
    expect(screen.queryByTestId('toast')).not.toBeInTheDocument();
  });

  it('closes on its close button, runs an action and closes, and has no bar when it does not auto-close', async () => {
    await renderToaster();
    const retry = vi.fn();
    act(() => {
      store.notify({ type: 'error', title: 'File Upload Error', message: 'a.exe: bad\nb.exe: bad', autoClose: false });
      store.notify({ type: 'info', title: 'Update ready', actions: [{ label: 'Reload', action: retry }] });
    });
    await flush();
    const [newest, oldest] = screen.getAllByTestId('toast');
    expect(newest).toHaveTextContent('Update ready');
    expect(oldest).toHaveTextContent('File Upload Error');
    expect(within(oldest!).queryByTestId('toast-countdown')).not.toBeInTheDocument();

    fireEvent.click(within(newest!).getByRole('button', { name: 'Reload' }));
    expect(retry).toHaveBeenCalledOnce();
    fireEvent.click(within(oldest!).getByRole('button', { name: 'Dismiss notification: File Upload Error' }));
    act(() => vi.advanceTimersByTime(300));
    expect(screen.queryByTestId('toast')).not.toBeInTheDocument();
  });

  it('holds the countdown while the pointer is over the toast', async () => {
    await renderToaster();
    act(() => void store.notify({ title: 'Read me' }));
    await flush();
    fireEvent.mouseEnter(screen.getByTestId('toast'));
    act(() => vi.advanceTimersByTime(10_000));
    expect(screen.getByTestId('toast')).toHaveAttribute('data-state', 'open');
    fireEvent.mouseLeave(screen.getByTestId('toast'));
    act(() => vi.advanceTimersByTime(5300));
    expect(screen.queryByTestId('toast')).not.toBeInTheDocument();
  });
});

describe('Toaster under a resting pointer', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('holds a toast that slid under the pointer on its next move', async () => {
    await renderToaster();
    act(() => void store.notify({ title: 'Moved up' }));
    await flush();
    fireEvent.mouseMove(screen.getByTestId('toast'));
    act(() => vi.advanceTimersByTime(10_000));
    expect(screen.getByTestId('toast')).toHaveAttribute('data-state', 'open');
  });
});

function DialogWithToasts() {
  const [open, setOpen] = useState(true);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <Dialog open={open} onOpenChange={setOpen} title="Email Campaign Manager">
        <label>
          Subject <input />
        </label>
      </Dialog>
    </>
  );
}

/**
 * Renders `ui` with its modal layer `name` open, checks the layer's own notifications region (there
 * before anything is shown; the page's is hidden while the layer is open), and shows an error toast
 * "Send failed" that stays: it must arrive in that region.
 */
async function toastInOpenLayer(ui: ReactNode, name: string) {
  const user = userEvent.setup();
  store = renderApp(ui).notifications;
  const layer = screen.getByRole('dialog', { name });
  const region = within(layer).getByRole('region', { name: 'Notifications' });
  expect(within(region).getByRole('list')).toHaveAttribute('aria-live', 'polite');
  act(() => void store.notify({ type: 'error', title: 'Send failed', message: 'SMTP down', autoClose: false }));
  const toast = await within(region).findByTestId('toast');
  expect(toast).toHaveTextContent('Error: Send failed');
  return { user, layer, toast };
}

/** Closes the layer of `toastInOpenLayer` with its button `close`: the toast goes back to the page's region. */
async function closeLayer(user: ReturnType<typeof userEvent.setup>, close: HTMLElement) {
  await user.click(close);
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  const page = screen.getByRole('region', { name: 'Notifications' });
  expect(within(page).getByTestId('toast')).toHaveTextContent('Error: Send failed');
}

describe('Toaster above an open dialog', () => {
  it('shows the toasts inside the dialog, where Tab reaches them and screen readers hear them, and back in the page after', async () => {
    const { user, layer: dialog, toast } = await toastInOpenLayer(<DialogWithToasts />, 'Email Campaign Manager');
    const subject = within(dialog).getByRole('textbox', { name: 'Subject' });
    expect(subject).toHaveFocus();
    await user.tab(); // the dialog's ×
    await user.tab();
    expect(within(toast).getByRole('button', { name: 'Dismiss notification: Send failed' })).toHaveFocus();
    await user.tab(); // the focus stays in the dialog: round to its first control
    expect(subject).toHaveFocus();

    await closeLayer(user, within(dialog).getByRole('button', { name: 'Close dialog' }));
  });

  it('F8 focuses the newest toast; Escape closes it, not the dialog, and focus goes back', async () => {
    const user = userEvent.setup();
    store = renderApp(<DialogWithToasts />).notifications;
    const dialog = screen.getByRole('dialog', { name: 'Email Campaign Manager' });
    act(() => {
      store.notify({ title: 'Older', autoClose: false });
      store.notify({ type: 'success', title: 'Campaign sent', autoClose: false });
    });
    const [newest, older] = await within(dialog).findAllByTestId('toast');
    expect(newest).toHaveAttribute('aria-keyshortcuts', 'F8');
    const subject = within(dialog).getByRole('textbox', { name: 'Subject' });
    expect(subject).toHaveFocus();

    await user.keyboard('{F8}');
    expect(newest).toHaveFocus();
    expect(newest).toHaveTextContent('Success: Campaign sent');
    await user.keyboard('{Escape}');
    expect(newest).toHaveAttribute('data-state', 'closing');
    expect(older).toHaveFocus(); // the next toast
    await user.keyboard('{Escape}');
    expect(subject).toHaveFocus(); // back where the keyboard came from
    await waitFor(() => expect(screen.queryByTestId('toast')).not.toBeInTheDocument());
    expect(screen.getByRole('dialog', { name: 'Email Campaign Manager' })).toBeInTheDocument();
  });

  it('closes only the toast when its × is clicked: the toast is not outside the dialog', async () => {
    const user = userEvent.setup();
    store = renderApp(
      <Dialog defaultOpen title="Email Campaign Manager">
        <label>
          Subject <input />
        </label>
      </Dialog>,
    ).notifications;
    act(
      () => void store.notify({ type: 'error', title: 'File Upload Error', message: 'a.exe: bad', autoClose: false }),
    );
    const dismiss = await screen.findByRole('button', { name: 'Dismiss notification: File Upload Error' });
    await user.click(dismiss);
    await waitFor(() => expect(screen.queryByTestId('toast')).not.toBeInTheDocument());
    const dialog = screen.getByRole('dialog', { name: 'Email Campaign Manager' });
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
  });
});

/** The signed-in shell's overlay sidebar (app/layout/sidebar), open, around one link. */
function SidebarWithToasts() {
  const [open, setOpen] = useState(true);
  return (
    <MobileSidebar open={open} onOpenChange={setOpen} title="Sidebar" hideTitle closeLabel="Close sidebar">
      <a href="/dashboard">Dashboard</a>
    </MobileSidebar>
  );
}

describe('Toaster above the open mobile sidebar', () => {
  it('shows the toasts inside the sidebar, where Tab reaches them, and back in the page after', async () => {
    const { user, layer: sidebar, toast } = await toastInOpenLayer(<SidebarWithToasts />, 'Sidebar');
    const close = within(sidebar).getByRole('button', { name: 'Close sidebar' });
    expect(close).toHaveFocus(); // the focus that moved in on opening is on a control, not on a toast
    await user.tab(); // the sidebar's link
    await user.tab();
    expect(within(toast).getByRole('button', { name: 'Dismiss notification: Send failed' })).toHaveFocus();
    await user.tab(); // the focus stays in the sidebar: round to its first control
    expect(close).toHaveFocus();

    await closeLayer(user, close);
  });

  it('F8 and Escape, or a click on its ×, close only the toast: the sidebar stays open', async () => {
    const user = userEvent.setup();
    store = renderApp(<SidebarWithToasts />).notifications;
    act(() => {
      store.notify({ title: 'Older', autoClose: false });
      store.notify({ type: 'success', title: 'Saved', autoClose: false });
    });
    const sidebar = screen.getByRole('dialog', { name: 'Sidebar' });
    const [newest, older] = await within(sidebar).findAllByTestId('toast');
    await user.keyboard('{F8}');
    expect(newest).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(newest).toHaveAttribute('data-state', 'closing');
    expect(older).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Dismiss notification: Older' }));
    await waitFor(() => expect(screen.queryByTestId('toast')).not.toBeInTheDocument());
    expect(screen.getByRole('dialog', { name: 'Sidebar' })).toContainElement(document.activeElement as HTMLElement);
  });
});
