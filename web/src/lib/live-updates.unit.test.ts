import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLiveConnection } from './live-updates.ts';

/** A stand-in for the browser's WebSocket: records what the page sends, and is opened and spoken to by the test. */
class FakeSocket {
  static readonly OPEN = 1;
  static opened: FakeSocket[] = [];
  readyState = 0;
  sent: unknown[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((message: { data: string }) => void) | null = null;
  onclose: (() => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.opened.push(this);
  }
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close() {}
  open() {
    this.readyState = FakeSocket.OPEN;
    this.onopen?.();
  }
  receive(message: unknown) {
    this.onmessage?.({ data: JSON.stringify(message) });
  }
}

describe('live updates', () => {
  beforeEach(() => {
    FakeSocket.opened = [];
    vi.stubGlobal('window', { location: { protocol: 'http:', host: 'app.test' } });
    vi.stubGlobal('WebSocket', FakeSocket);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('counts a subscription as a change once the server confirms it, not when it is asked for', () => {
    const connection = createLiveConnection();
    const heard = vi.fn();
    connection.subscribe('project:p1', heard);
    const socket = FakeSocket.opened[0]!;
    expect(socket.url).toBe('ws://app.test/ws');
    socket.open();
    expect(socket.sent).toEqual([{ type: 'subscribe', topics: ['project:p1'] }]);
    // A change committed now, while the server still checks the topic, reaches nobody: the page must not have
    // refetched yet, or it would keep what it read before that change.
    expect(heard).not.toHaveBeenCalled();
    socket.receive({ type: 'subscribed', topics: ['project:p1'], denied: [] });
    expect(heard).toHaveBeenCalledTimes(1);
    socket.receive({ type: 'changed', topic: 'project:p1', position: '7' });
    expect(heard).toHaveBeenCalledTimes(2);
  });

  it('counts a topic subscribed later on an open socket once confirmed, and a denied one never', () => {
    const connection = createLiveConnection();
    const first = vi.fn();
    const later = vi.fn();
    const denied = vi.fn();
    connection.subscribe('project:p1', first);
    const socket = FakeSocket.opened[0]!;
    socket.open();
    socket.receive({ type: 'subscribed', topics: ['project:p1'], denied: [] });
    connection.subscribe('project:p2', later);
    connection.subscribe('project:p3', denied);
    expect(socket.sent.slice(1)).toEqual([
      { type: 'subscribe', topics: ['project:p2'] },
      { type: 'subscribe', topics: ['project:p3'] },
    ]);
    expect(later).not.toHaveBeenCalled();
    socket.receive({ type: 'subscribed', topics: ['project:p2'], denied: [] });
    socket.receive({ type: 'subscribed', topics: [], denied: ['project:p3'] });
    expect([first.mock.calls.length, later.mock.calls.length, denied.mock.calls.length]).toEqual([1, 1, 0]);
  });
});
