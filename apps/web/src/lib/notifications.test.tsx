import { act, render, renderHook, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { expectConsoleError } from '@/testing';
import { createNotificationStore } from './notification-store';
import { NotificationsProvider, useNotificationList, useNotifications } from './notifications';

describe('notification store', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('counts down every 100 ms, closes after 5000 ms, then plays a 300 ms exit before removal', () => {
    const store = createNotificationStore();
    store.notify({ type: 'success', title: 'Saved' });
    const [n] = store.getSnapshot();
    expect(n).toMatchObject({
      type: 'success',
      title: 'Saved',
      duration: 5000,
      autoClose: true,
      closable: true,
      remaining: 5000,
    });

    vi.advanceTimersByTime(100);
    expect(store.getSnapshot()[0]!.remaining).toBe(4900);
    vi.advanceTimersByTime(99);
    expect(store.getSnapshot()[0]!.remaining).toBe(4900); // no tick between ticks
    vi.advanceTimersByTime(4801);
    expect(store.getSnapshot()[0]).toMatchObject({ remaining: 0, exiting: true });
    vi.advanceTimersByTime(299);
    expect(store.getSnapshot()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(store.getSnapshot()).toHaveLength(0);
  });

  it('honours a custom duration', () => {
    const store = createNotificationStore();
    store.notify({ title: 'Files Added', duration: 3000 });
    vi.advanceTimersByTime(3000);
    expect(store.getSnapshot()[0]!.exiting).toBe(true);
    vi.advanceTimersByTime(300);
    expect(store.getSnapshot()).toEqual([]);
  });

  it('keeps one with autoClose false until it is dismissed', () => {
    const store = createNotificationStore();
    const id = store.notify({ type: 'error', title: 'File Upload Error', autoClose: false });
    vi.advanceTimersByTime(60_000);
    expect(store.getSnapshot()).toHaveLength(1);
    store.dismiss(id);
    expect(store.getSnapshot()[0]!.exiting).toBe(true);
    vi.advanceTimersByTime(300);
    expect(store.getSnapshot()).toHaveLength(0);
  });

  it('keeps at most 10, newest first', () => {
    const store = createNotificationStore();
    for (let i = 1; i <= 12; i += 1) store.notify({ title: `n${i}`, autoClose: false });
    const titles = store.getSnapshot().map((n) => n.title);
    expect(titles).toEqual(['n12', 'n11', 'n10', 'n9', 'n8', 'n7', 'n6', 'n5', 'n4', 'n3']);
  });

  it('holds the countdown while paused', () => {
    const store = createNotificationStore();
    const id = store.notify({ title: 'Hold' });
    vi.advanceTimersByTime(1000);
    store.pause(id);
    vi.advanceTimersByTime(10_000);
    expect(store.getSnapshot()[0]).toMatchObject({ remaining: 4000, exiting: false });
    store.resume(id);
    vi.advanceTimersByTime(4000);
    expect(store.getSnapshot()[0]!.exiting).toBe(true);
  });

  it('stops ticking when nothing counts down', () => {
    const store = createNotificationStore();
    store.notify({ title: 'a' });
    expect(vi.getTimerCount()).toBe(1);
    vi.advanceTimersByTime(5300);
    expect(store.getSnapshot()).toEqual([]);
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe('useNotifications', () => {
  it('throws outside its provider', () => {
    expectConsoleError(2); // React reports the render error (jsdom and React each log it)
    expect(() => renderHook(() => useNotifications())).toThrow(
      'useNotifications must be used within a NotificationsProvider',
    );
  });

  function Probe() {
    const notify = useNotifications();
    const list = useNotificationList();
    return (
      <>
        <button onClick={() => notify.warning('Careful', 'Low balance', { closable: false, id: 'w1' })}>warn</button>
        <ul>
          {list.map((n) => (
            <li key={n.id}>{`${n.id}:${n.type}:${n.title}:${n.message}:${n.closable}`}</li>
          ))}
        </ul>
      </>
    );
  }

  it('loads the store with the first notification and shows it', async () => {
    render(
      <NotificationsProvider>
        <Probe />
      </NotificationsProvider>,
    );
    expect(screen.queryByRole('listitem')).not.toBeInTheDocument();
    act(() => screen.getByRole('button', { name: 'warn' }).click());
    expect(await screen.findByRole('listitem')).toHaveTextContent('w1:warning:Careful:Low balance:false');
  });

  it('removes it after 5 s and the 300 ms exit', () => {
    vi.useFakeTimers();
    render(
      <NotificationsProvider store={createNotificationStore()}>
        <Probe />
      </NotificationsProvider>,
    );
    act(() => screen.getByRole('button', { name: 'warn' }).click());
    expect(screen.getByRole('listitem')).toHaveTextContent('w1:warning:Careful:Low balance:false');
    act(() => vi.advanceTimersByTime(5299));
    expect(screen.getByRole('listitem')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByRole('listitem')).not.toBeInTheDocument();
    vi.useRealTimers();
  });
});
