import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dropDeadSockets } from '@vis/infrastructure';
import { expect, it, vi } from 'vitest';
import WebSocket, { WebSocketServer } from 'ws';

it('drops a socket that stops answering pings and keeps one that answers', async () => {
  const http = createServer();
  const server = new WebSocketServer({ server: http });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const url = `ws://127.0.0.1:${(http.address() as AddressInfo).port}`;
  const stop = dropDeadSockets(server, 20);
  const connect = async (autoPong: boolean) => {
    const socket = new WebSocket(url, { autoPong });
    await new Promise((resolve) => socket.once('open', resolve));
    return socket;
  };
  const [answering, silent] = [await connect(true), await connect(false)];
  const silentClosed = new Promise((resolve) => silent.once('close', resolve));
  await silentClosed;
  await vi.waitFor(() => expect(server.clients.size).toBe(1));
  expect(answering.readyState).toBe(WebSocket.OPEN);
  stop();
  answering.close();
  server.close();
  http.close();
});
