import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openAiProcessSocket, reconnectDelay, RECONNECT_FIRST_MS, RECONNECT_MAX_MS, type SocketLike } from './ai-process-socket.ts';

const URL = 'ws://app.test/ws/ai-process?client=tab-1';

/** A browser WebSocket as the server drives it: it hears messages and closes. */
class FakeSocket implements SocketLike {
  onmessage: SocketLike['onmessage'] = null;
  onclose: SocketLike['onclose'] = null;
  closedByClient = false;
  constructor(readonly url: string) {}
  close() {
    this.closedByClient = true;
    this.drop(1000);
  }
  hear(message: unknown) {
    this.onmessage?.call(this as unknown as WebSocket, { data: JSON.stringify(message) } as MessageEvent);
  }
  ready() {
    this.hear({ type: 'ai_process_ready', clientId: 'tab-1' });
  }
  drop(code = 1006) {
    this.onclose?.call(this as unknown as WebSocket, { code } as CloseEvent);
  }
}

const setup = ({ random = () => 1 } = {}) => {
  const sockets: FakeSocket[] = [];
  const events = new EventTarget();
  const updates: unknown[] = [];
  const readiness: boolean[] = [];
  let visible = true;
  const socket = openAiProcessSocket({
    url: URL,
    onUpdate: (data) => updates.push(data),
    onReady: (ready) => readiness.push(ready),
    open: (url) => {
      const opened = new FakeSocket(url);
      sockets.push(opened);
      return opened;
    },
    events,
    isVisible: () => visible,
    random,
  });
  return { socket, sockets, events, updates, readiness, hide: (hidden: boolean) => (visible = !hidden), last: () => sockets.at(-1)! };
};

describe('the /ws/ai-process socket of a tab', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('waits 0.5 s doubling to 10 s, half of it random', () => {
    expect([0, 1, 2, 3, 4, 5, 6].map((attempt) => reconnectDelay(attempt, () => 1))).toEqual([500, 1000, 2000, 4000, 8000, 10_000, 10_000]);
    expect(reconnectDelay(0, () => 0)).toBe(RECONNECT_FIRST_MS / 2);
    expect(reconnectDelay(30, () => 0)).toBe(RECONNECT_MAX_MS / 2);
  });

  it('is ready once the server says so, and passes progress updates on', () => {
    const { socket, last, updates, readiness } = setup();
    expect(socket.isReady()).toBe(false);
    last().ready();
    expect(socket.isReady()).toBe(true);
    last().hear({ type: 'ai_process_update', data: { type: 'progress', status: 'processing', progress: 10, content: 'Processing' } });
    last().hear({ type: 'something_else' });
    expect(updates).toEqual([{ type: 'progress', status: 'processing', progress: 10, content: 'Processing' }]);
    expect(readiness).toEqual([true]);
  });

  it('reopens a dropped socket under the same address after a backoff that grows while tries fail, and resets once one is ready', () => {
    const { socket, sockets, last, readiness } = setup();
    last().ready();
    last().drop();
    expect(socket.isReady()).toBe(false);
    expect(readiness).toEqual([true, false]);
    vi.advanceTimersByTime(499);
    expect(sockets).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(sockets).toHaveLength(2);
    expect(last().url).toBe(URL);
    // The replica is still down: each refused try waits twice as long.
    for (const [tries, wait] of [
      [3, 1000],
      [4, 2000],
      [5, 4000],
      [6, 8000],
      [7, 10_000],
      [8, 10_000],
    ] as const) {
      last().drop();
      vi.advanceTimersByTime(wait - 1);
      expect(sockets).toHaveLength(tries - 1);
      vi.advanceTimersByTime(1);
      expect(sockets).toHaveLength(tries);
    }
    last().ready();
    expect(socket.isReady()).toBe(true);
    last().drop();
    vi.advanceTimersByTime(500);
    expect(sockets).toHaveLength(9);
  });

  it('tries again at once when the page is shown again or the browser comes back online', () => {
    const { sockets, last, events, hide, readiness } = setup();
    last().drop();
    // Never ready, so never reported dropped: the hook keeps naming its socket (a window nobody holds yet).
    expect(readiness).toEqual([]);
    // Still hidden: the backoff's timer alone tries.
    hide(true);
    events.dispatchEvent(new Event('visibilitychange'));
    expect(sockets).toHaveLength(1);
    hide(false);
    events.dispatchEvent(new Event('visibilitychange'));
    expect(sockets).toHaveLength(2);
    // Open or opening: left alone.
    events.dispatchEvent(new Event('online'));
    expect(sockets).toHaveLength(2);
    last().drop();
    events.dispatchEvent(new Event('online'));
    expect(sockets).toHaveLength(3);
    // The timer of the drop was cancelled by the try it made at once.
    vi.advanceTimersByTime(RECONNECT_MAX_MS);
    expect(sockets).toHaveLength(3);
  });

  it('stops for good when stopped: no retry after its own close, none after a pending drop, none on online', () => {
    const { socket, sockets, last, events } = setup();
    last().ready();
    socket.stop();
    expect(last().closedByClient).toBe(true);
    expect(socket.isReady()).toBe(false);
    vi.advanceTimersByTime(RECONNECT_MAX_MS * 2);
    events.dispatchEvent(new Event('online'));
    events.dispatchEvent(new Event('visibilitychange'));
    expect(sockets).toHaveLength(1);

    // Stopped while waiting to retry: the retry never comes.
    const waiting = setup();
    waiting.last().drop();
    waiting.socket.stop();
    vi.advanceTimersByTime(RECONNECT_MAX_MS * 2);
    expect(waiting.sockets).toHaveLength(1);
  });

  it('does not fight a socket that replaced it under the same id', () => {
    const { sockets, last } = setup();
    last().ready();
    last().drop(4000);
    vi.advanceTimersByTime(RECONNECT_MAX_MS * 2);
    expect(sockets).toHaveLength(1);
  });
});
