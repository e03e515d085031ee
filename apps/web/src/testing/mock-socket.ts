import { vi } from 'vitest';

/** A WebSocket opened by the code under test, driven by the test. */
export interface FakeSocket {
  readonly url: string;
  onmessage: ((event: { data: string }) => void) | null;
  onclose: ((event: { code: number; reason?: string }) => void) | null;
  /** Whether the code closed it. */
  closed: boolean;
  /** Delivers `message` (as JSON) as the server would. */
  push(message: object): void;
  close(): void;
}

export interface MockedSockets {
  /** Every socket the code opened, oldest first. */
  readonly opened: FakeSocket[];
  /** While true, a new socket closes at once as a refused connection does (code 1006). */
  refuse: boolean;
}

/** Replaces the global WebSocket with sockets the test drives; by default every connection is refused. */
export function mockSocket({ refuse = true }: { refuse?: boolean } = {}): MockedSockets {
  const sockets: MockedSockets = { opened: [], refuse };
  class Socket implements FakeSocket {
    onmessage: FakeSocket['onmessage'] = null;
    onclose: FakeSocket['onclose'] = null;
    closed = false;
    constructor(readonly url: string) {
      sockets.opened.push(this);
      if (sockets.refuse) queueMicrotask(() => this.onclose?.({ code: 1006 }));
    }
    push(message: object) {
      this.onmessage?.({ data: JSON.stringify(message) });
    }
    close() {
      this.closed = true;
    }
  }
  vi.stubGlobal('WebSocket', Socket);
  return sockets;
}
