import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CONTACT_SUBJECT } from '@tp/shared';
import { ChatWidget } from './chat-widget';
import { CRISP_SCRIPT } from './chat-providers';
import { buildCompleteUser, buildPublicConfig, mockApi, renderApp, signedInAs } from '@/testing';

const at = (day: number, hour: number, minute = 0) => new Date(2026, 10, day, hour, minute, 0);
const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
const launcher = () => screen.queryByRole('button', { name: /Chat with support/ });

/** Fake timers and clock (performance.now() = time since the page loaded); real microtasks and I/O. */
function useClock(start: Date) {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date', 'performance'] });
  vi.setSystemTime(start);
}

async function settle() {
  // let the config request and the schema chunk resolve without moving the clock
  for (let i = 0; i < 20; i += 1) await act(() => new Promise<void>((resolve) => queueMicrotask(resolve)));
  await act(() => vi.dynamicImportSettled());
}

/** The panel is a lazy chunk: let it load without polling timers (findBy* polls with setTimeout). */
async function dialog() {
  for (let i = 0; i < 50; i += 1) {
    const found = screen.queryByRole('dialog', { name: 'Support chat' });
    if (found) return found;
    await settle();
  }
  throw new Error('the chat panel did not open');
}

describe('ChatWidget (built-in panel)', () => {
  beforeEach(() => {
    mockApi({
      'GET /api/config': { body: buildPublicConfig() },
      'POST /api/email/send/contact': () => ({ body: { success: true, message: 'Thanks, we will reply by e-mail.' } }),
    });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('counts the 3 s from the page load, not from when its lazily loaded chunk mounts it', async () => {
    useClock(at(18, 10));
    await advance(1_200); // the widget's chunk arrived 1.2 s after the page loaded
    renderApp(<ChatWidget />);
    await settle();
    await advance(1_799);
    expect(launcher()).not.toBeInTheDocument();
    await advance(1);
    expect(launcher()).toBeInTheDocument();
  });

  it('shows the button 3 s after load, not before, and hides it while the chat is open', async () => {
    useClock(at(18, 10));
    renderApp(<ChatWidget />);
    await settle();
    await advance(2_999);
    expect(launcher()).not.toBeInTheDocument();
    await advance(1);
    expect(launcher()).toHaveAccessibleName('Chat with support (online)');

    act(() => launcher()!.click());
    expect(await dialog()).toBeInTheDocument();
    expect(launcher()).not.toBeInTheDocument();

    act(() => screen.getByRole('button', { name: 'Close chat' }).click());
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(launcher()).toHaveFocus();
  });

  it('rechecks availability every minute: closes at 18:00 on Friday and says support is back on Monday', async () => {
    useClock(at(20, 17, 59));
    renderApp(<ChatWidget />);
    await settle();
    await advance(3_000);
    act(() => launcher()!.click());
    const panel = await dialog();
    expect(panel).toHaveTextContent('We are online now. Support hours: Monday to Friday, 9:00–18:00.');

    await advance(57_000); // 17:59:60 → 18:00:00 (the 3 s delay already ran)
    const nine = new Intl.DateTimeFormat(undefined, { hour: 'numeric', minute: '2-digit' }).format(at(23, 9));
    expect(panel).toHaveTextContent(`We are away right now. Support is back on Monday at ${nine} (your time).`);
  });

  it('stays away over the weekend and comes online at 9:00 on Monday', async () => {
    useClock(at(23, 8, 58));
    renderApp(<ChatWidget />);
    await settle();
    await advance(3_000);
    expect(launcher()).toHaveAccessibleName('Chat with support (away)');
    await advance(60_000); // 8:59:03
    expect(launcher()).toHaveAccessibleName('Chat with support (away)');
    await advance(60_000); // 9:00:03
    expect(launcher()).toHaveAccessibleName('Chat with support (online)');
  });

  it('sends the visitor’s message through the contact endpoint', async () => {
    useClock(at(18, 10));
    const calls = mockApi({
      'GET /api/config': { body: buildPublicConfig() },
      'POST /api/email/send/contact': () => ({ body: { success: true, message: 'Thanks, we will reply by e-mail.' } }),
    });
    renderApp(<ChatWidget />);
    await settle();
    await advance(3_000);
    act(() => launcher()!.click());
    await dialog();
    vi.useRealTimers();
    const { default: userEvent } = await import('@testing-library/user-event');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Your message'), 'Hello, can I pay annually?');
    await user.type(screen.getByLabelText('Name'), 'Ada');
    await user.type(screen.getByLabelText('Email (for our reply)'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Thanks, we will reply by e-mail.');
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      name: 'Ada',
      email: 'ada@example.com',
      message: 'Hello, can I pay annually?',
      subject: CONTACT_SUBJECT,
      source: 'chat',
    });
  });
});

describe('ChatWidget with a chat provider', () => {
  afterEach(() => {
    vi.useRealTimers();
    document.head.querySelectorAll('script[data-chat-provider]').forEach((s) => s.remove());
    delete window.$crisp;
    delete window.CRISP_WEBSITE_ID;
  });

  it('loads Crisp with the website id and the user role, and shows the button once Crisp is ready', async () => {
    mockApi({
      ...signedInAs(buildCompleteUser({ role: 'admin' })),
      'GET /api/config': {
        body: buildPublicConfig({ chat: { provider: 'crisp', websiteId: 'site-123', baseUrl: null } }),
      },
    });
    useClock(at(18, 10));
    renderApp(<ChatWidget />);
    await settle();
    await advance(3_000);

    const script = document.head.querySelector<HTMLScriptElement>('script[data-chat-provider]');
    expect(script?.src).toBe(CRISP_SCRIPT);
    expect(window.CRISP_WEBSITE_ID).toBe('site-123');
    const queue = window.$crisp as unknown[][];
    expect(queue).toContainEqual(['set', 'session:data', [[['role', 'admin']]]]);
    expect(queue).toContainEqual(['do', 'chat:hide']);
    expect(launcher()).not.toBeInTheDocument(); // not ready yet

    const ready = queue.find((c) => c[0] === 'on' && c[1] === 'session:loaded')![2] as () => void;
    act(() => ready());
    expect(launcher()).toBeInTheDocument();

    act(() => launcher()!.click());
    expect(queue).toContainEqual(['do', 'chat:open']);
    const opened = queue.find((c) => c[0] === 'on' && c[1] === 'chat:opened')![2] as () => void;
    act(() => opened());
    expect(launcher()).not.toBeInTheDocument();
    const closed = queue.find((c) => c[0] === 'on' && c[1] === 'chat:closed')![2] as () => void;
    act(() => closed());
    expect(launcher()).toBeInTheDocument();
  });
});
